// The sound and dialogue natives (docs/scripts.md "Sound and dialogue"): hand-built MAIN.SFX and
// ENGLISH.RTX data and small scripts. Sound, FlatSound and AmbientSound record a start at the
// caller with the effect, volume, range and loop read; a loop plays until EndSound (or
// EndMySound(s), StopAllSounds); the RTX natives show the line's text and last its clip, or its
// reading time for a text-only line; without ENGLISH.RTX, the stand-in.
#include "sim/soup_vm.h"
#include "tests/sim/soup_program_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace rgx;
using namespace rgx::sim;
using soup_program::actor;

namespace {

// A mono 8-bit clip of `seconds` at 11025 Hz.
loaders::SoundClip clip(double seconds, bool loop = false) {
    loaders::SoundClip c;
    c.type = static_cast<std::uint32_t>(loaders::SoundType::Mono8);
    c.sampleRate = 11025;
    c.loopFlag = loop ? -1 : 0;
    c.pcm.assign(static_cast<std::size_t>(seconds * 11025), 0x80);
    return c;
}

loaders::RtxEntry line(const std::string& tag, const std::string& text, std::optional<double> voiceSeconds) {
    loaders::RtxEntry e;
    e.tag = tag;
    e.text = text;
    if (voiceSeconds) {
        e.kind = static_cast<std::uint8_t>(loaders::RtxKind::Audio);
        e.audio = clip(*voiceSeconds);
    }
    return e;
}

// Effect 0: a 1 s one-shot (12 ticks); effect 1: a 0.5 s loop. Lines: 'ab12' spoken for 2 s (24
// ticks), 'tx01' text only, 36 characters (a reading time of 1 s + 36/12 s: 48 ticks).
std::shared_ptr<const ScriptAudio> audio(bool withRtx = true) {
    loaders::SfxFile sfx;
    sfx.effects = {clip(1.0), clip(0.5, true)};
    loaders::RtxFile rtx;
    rtx.entries = {line("ab12", "You came back, stranger.", 2.0),
                   line("tx01", "The tide will not wait for anybody.", std::nullopt)};
    return scriptAudio(&sfx, withRtx ? &rtx : nullptr);
}

std::shared_ptr<const ScriptProgram> program(const std::vector<std::string>& texts,
                                             std::shared_ptr<const ScriptAudio> a) {
    std::vector<loaders::SoupActorScript> scripts;
    // Names by letter (GCC 12 warns falsely on "A" + std::to_string(k) under -O3).
    for (std::size_t k = 0; k < texts.size(); ++k)
        scripts.push_back(actor(std::string(1, static_cast<char>('A' + k)), texts[k]));
    std::vector<ScriptInstanceInfo> in;
    for (std::size_t k = 0; k < scripts.size(); ++k)
        in.push_back(soup_program::instance(scripts, k));
    return makeScriptProgram(std::move(scripts), std::move(in), nullptr, 1, "t.rgm", {}, {}, std::move(a));
}

void ticks(ScriptVm& vm, int n) {
    for (int t = 0; t < n; ++t)
        vm.tick({});
}

// Runs until var0 of instance 0 is set: the ticks it took.
int ticksUntilVar0(ScriptVm& vm, int limit = 1000) {
    for (int t = 1; t <= limit; ++t) {
        vm.tick({});
        if (vm.instance(0).variables[0] != 0) return t;
    }
    return -1;
}

} // namespace

TEST(SoundNatives, SoundFlatSoundAndAmbientSoundStartTheirEffectAtTheCaller) {
    ScriptVm vm(program(
        {"Sound(0, 100, 2000)\nFlatSound(1, 127, 500)\n@AmbientSound(0, 20, 300)\nEnd\n", "task Wait(100)\n"},
        audio()));
    vm.tick({});
    ASSERT_EQ(vm.soundEvents().size(), 1u);
    const ScriptSoundEvent& e = vm.soundEvents()[0];
    EXPECT_EQ(e.kind, ScriptSoundEvent::Start);
    EXPECT_EQ(e.tick, 0u);
    EXPECT_EQ(e.sound.instance, 0u);
    EXPECT_EQ(e.sound.effect, 0);
    EXPECT_EQ(e.sound.volume, 100);
    EXPECT_EQ(e.sound.range, 2000);
    EXPECT_EQ(e.sound.kind, ScriptSoundKind::Positional);
    EXPECT_FALSE(e.sound.loop);
    EXPECT_EQ(e.sound.endTick, 12u); // 1 s at 12 ticks a second

    vm.tick({});
    ASSERT_EQ(vm.soundEvents().size(), 1u);
    const ScriptSound& flat = vm.soundEvents()[0].sound;
    EXPECT_EQ(flat.effect, 1);
    EXPECT_EQ(flat.volume, 127);
    EXPECT_EQ(flat.range, 500);
    EXPECT_EQ(flat.kind, ScriptSoundKind::Flat);
    EXPECT_TRUE(flat.loop); // the effect's loop flag

    vm.tick({});
    ASSERT_EQ(vm.soundEvents().size(), 1u);
    const ScriptSound& ambient = vm.soundEvents()[0].sound;
    EXPECT_EQ(ambient.effect, 0);
    EXPECT_EQ(ambient.kind, ScriptSoundKind::Ambient);
    EXPECT_TRUE(ambient.loop); // an ambient sound loops whatever its flag
    EXPECT_EQ(vm.sounds().size(), 3u);

    // The one-shot ends with its clip; nothing else does.
    ticks(vm, 10); // ticks 3..12
    EXPECT_EQ(vm.sounds().size(), 2u);
    EXPECT_TRUE(vm.soundEvents().empty());
}

TEST(SoundNatives, ALoopPlaysUntilEndSound) {
    ScriptVm vm(program({"Sound(1, 90, 100)\ntask Wait(50)\nEndSound(1)\nEnd\n"}, audio()));
    ticks(vm, 40);
    ASSERT_EQ(vm.sounds().size(), 1u);
    EXPECT_EQ(vm.sounds()[0].effect, 1);
    int stoppedAt = -1;
    for (int t = 40; t < 80 && stoppedAt < 0; ++t) {
        vm.tick({});
        if (!vm.soundEvents().empty()) {
            EXPECT_EQ(vm.soundEvents()[0].kind, ScriptSoundEvent::Stop);
            EXPECT_EQ(vm.soundEvents()[0].sound.effect, 1);
            stoppedAt = t;
        }
    }
    EXPECT_GT(stoppedAt, 50);
    EXPECT_TRUE(vm.sounds().empty());
}

TEST(SoundNatives, EndMySoundsStopsOnlyTheCallersAndStopAllSoundsEveryones) {
    ScriptVm vm(program(
        {"Sound(1, 1, 1)\nSound(0, 1, 1)\ntask Wait(5)\nEndMySounds()\ntask Wait(5)\nStopAllSounds()\n",
         "Sound(1, 2, 2)\n"},
        audio()));
    ticks(vm, 3);
    EXPECT_EQ(vm.sounds().size(), 3u);
    ticks(vm, 6);
    ASSERT_EQ(vm.sounds().size(), 1u);
    EXPECT_EQ(vm.sounds()[0].instance, 1u);
    ticks(vm, 10);
    EXPECT_TRUE(vm.sounds().empty());
}

TEST(SoundNatives, EndMySoundStopsTheCallersEffectOnly) {
    ScriptVm vm(
        program({"Sound(1, 1, 1)\n@AmbientSound(0, 1, 1)\nEndMySound(1)\n", "Sound(1, 2, 2)\n"}, audio()));
    ticks(vm, 3);
    ASSERT_EQ(vm.sounds().size(), 2u);
    EXPECT_EQ(vm.sounds()[0].instance, 1u);
    EXPECT_EQ(vm.sounds()[1].effect, 0);
}

TEST(DialogueNatives, RtxShowsTheLineForAsLongAsItsVoiceClip) {
    ScriptVm vm(program({"task RTX('ab12')\nvar0 = 1\n"}, audio()));
    vm.tick({});
    ASSERT_TRUE(vm.subtitle());
    EXPECT_EQ(vm.subtitle()->text, "You came back, stranger.");
    EXPECT_EQ(vm.subtitle()->tag, "ab12");
    EXPECT_EQ(vm.subtitle()->speaker, 0);
    EXPECT_TRUE(vm.subtitle()->voice);
    EXPECT_EQ(vm.subtitle()->startTick, 0u);
    EXPECT_EQ(vm.subtitle()->endTick, 24u); // 2 s
    // The task waits its 24 ticks (the stand-in waited 36), then the next statement runs.
    ScriptVm standIn(program({"task RTX('ab12')\nvar0 = 1\n"}, audio(false)));
    const int withClip = 1 + ticksUntilVar0(vm);
    const int stood = ticksUntilVar0(standIn);
    EXPECT_EQ(stood - withClip, 36 - 24);
    EXPECT_FALSE(vm.subtitle()); // gone at its end tick
}

TEST(DialogueNatives, ATextOnlyLineLastsItsReadingTime) {
    ScriptVm vm(program({"task rtxAnim('tx01', 1, 2, 3)\nvar0 = 1\n"}, audio()));
    vm.tick({});
    ASSERT_TRUE(vm.subtitle());
    EXPECT_EQ(vm.subtitle()->text, "The tide will not wait for anybody.");
    EXPECT_FALSE(vm.subtitle()->voice);
    const std::size_t chars = vm.subtitle()->text.size();
    EXPECT_EQ(vm.subtitle()->endTick, 12 + chars); // 12 ticks + 1 a character
    ScriptVm clipVm(program({"task RTX('ab12')\nvar0 = 1\n"}, audio()));
    EXPECT_EQ(1 + ticksUntilVar0(vm) - ticksUntilVar0(clipVm), static_cast<int>(12 + chars) - 24);
}

TEST(DialogueNatives, ThePlayersLinesAndAmbientLines) {
    ScriptVm p(program({"task RTXp('ab12')\n"}, audio()));
    p.tick({});
    ASSERT_TRUE(p.subtitle());
    EXPECT_EQ(p.subtitle()->speaker, -1);
    // AmbientRtx is a multitask: the line shows, the script goes on at once.
    ScriptVm a(program({"@AmbientRtx('tx01', 1, 1)\nvar0 = 1\n"}, audio()));
    a.tick({});
    ASSERT_TRUE(a.subtitle());
    EXPECT_TRUE(a.subtitle()->ambient);
    a.tick({});
    EXPECT_EQ(a.instance(0).variables[0], 1);
}

TEST(DialogueNatives, WithoutEnglishRtxTheStandInAndOneNote) {
    ScriptVm vm(program({"task RTX('ab12')\ntask RTX('tx01')\nvar0 = 1\n"}, nullptr));
    // Each task ends at the tick its 36 run out, and the next statement runs in that tick.
    EXPECT_EQ(ticksUntilVar0(vm), 2 * 36 + 1);
    EXPECT_FALSE(vm.subtitle());
    const auto notes = std::count_if(vm.events().begin(), vm.events().end(), [](const ScriptEvent& e) {
        return e.text.find("no ENGLISH.RTX") != std::string::npos;
    });
    EXPECT_EQ(notes, 1);
}
