// `rgx export-audio` on hand-built MAIN.SFX and ENGLISH.RTX files (bytes laid out here from the
// reference, not by the writers): each WAV's header fields and samples, and index.json's entries.
#include "app/commands.h"
#include "app/commands/wav_file.h"
#include "base/error.h"
#include "loaders/file_io.h"
#include "tests/loaders/le_bytes.h"
#include "tests/scene/scene_fixture.h"
#include "tests/support/capture_stdout.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <filesystem>

namespace rgx::app {
namespace {

namespace fs = std::filesystem;
using loaders::Bytes;
using rgx::testing::put16;
using rgx::testing::put32;
using rgx::testing::put32be;
using rgx::testing::putText;

void putSoundHeader(Bytes& b, std::uint32_t type, std::uint32_t rate, std::uint8_t unused,
                    std::uint8_t loopFlag, std::uint32_t length) {
    put32(b, type);
    put32(b, type & 1);
    put32(b, rate);
    b.push_back(unused);
    b.push_back(loopFlag);
    put32(b, 0);
    put32(b, 0xFFFFFFFF);
    put32(b, length);
    b.push_back(0);
}

// Effect 0: 8-bit mono, 11025 Hz, 3 samples (an odd data size); effect 1: 16-bit stereo, 22050 Hz,
// looped (-1), 2 frames; effect 2: type 6, which has no sample layout.
Bytes handBuiltSfx() {
    Bytes records;
    putSoundHeader(records, 0, 11025, 64, 0, 3);
    records.insert(records.end(), {0x80, 0xFF, 0x00});
    putSoundHeader(records, 3, 22050, 64, 0xFF, 8);
    for (std::uint16_t v : std::initializer_list<std::uint16_t>{0x0001, 0xFFFF, 0x7FFF, 0x8000})
        put16(records, v);
    putSoundHeader(records, 6, 11025, 64, 0, 2);
    records.insert(records.end(), {1, 2});
    Bytes b;
    putText(b, "FXHD");
    put32be(b, 36);
    putText(b, "SoupFX");
    b.insert(b.end(), 26, 0);
    put32(b, 3);
    putText(b, "FXDT");
    put32be(b, static_cast<std::uint32_t>(records.size()));
    b.insert(b.end(), records.begin(), records.end());
    putText(b, "END ");
    return b;
}

// Index order: "#bon" (a text line), "zbza" (a voice clip, 16-bit mono 22050 Hz, 2 samples),
// "#bo%" (another, 8-bit, 1 sample); chunks in reverse index order.
Bytes handBuiltRtx() {
    Bytes text = {0, 0};
    put16(text, 8);
    put16(text, 0);
    putText(text, "Hi there");
    Bytes zbza = {0, 1};
    put16(zbza, 5);
    put16(zbza, 0);
    putText(zbza, "Hello");
    putSoundHeader(zbza, 1, 22050, 100, 0, 4);
    put16(zbza, 0x1234);
    put16(zbza, 0xFEDC);
    Bytes odd = {0, 1};
    put16(odd, 1);
    put16(odd, 0);
    putText(odd, "?");
    putSoundHeader(odd, 0, 11025, 100, 0, 1);
    odd.push_back(0x90);

    Bytes b;
    const std::vector<std::pair<std::string, Bytes*>> chunks = {
        {"#bo%", &odd}, {"zbza", &zbza}, {"#bon", &text}};
    std::vector<std::uint32_t> at;
    for (const auto& [tag, payload] : chunks) {
        putText(b, tag);
        put32be(b, static_cast<std::uint32_t>(payload->size()));
        at.push_back(static_cast<std::uint32_t>(b.size()));
        b.insert(b.end(), payload->begin(), payload->end());
    }
    putText(b, "END ");
    const auto index = static_cast<std::uint32_t>(b.size());
    for (std::size_t i = chunks.size(); i-- > 0;) {
        putText(b, chunks[i].first);
        put32(b, at[i]);
        put32(b, static_cast<std::uint32_t>(chunks[i].second->size()));
    }
    putText(b, "RNAV");
    put32(b, index);
    put32(b, 3);
    return b;
}

std::uint32_t u32At(const Bytes& b, std::size_t at) {
    return std::uint32_t{b[at]} | (std::uint32_t{b[at + 1]} << 8) | (std::uint32_t{b[at + 2]} << 16) |
           (std::uint32_t{b[at + 3]} << 24);
}
std::uint16_t u16At(const Bytes& b, std::size_t at) {
    return static_cast<std::uint16_t>(b[at] | (b[at + 1] << 8));
}
std::string tagAt(const Bytes& b, std::size_t at) {
    return std::string(b.begin() + static_cast<std::ptrdiff_t>(at),
                       b.begin() + static_cast<std::ptrdiff_t>(at + 4));
}

// The 44-byte header's every field, then the samples (and the pad byte of an odd size).
void expectWav(const Bytes& wav, std::uint16_t channels, std::uint16_t bits, std::uint32_t rate,
               const Bytes& pcm) {
    const std::size_t pad = pcm.size() % 2;
    ASSERT_EQ(wav.size(), 44 + pcm.size() + pad);
    EXPECT_EQ(tagAt(wav, 0), "RIFF");
    EXPECT_EQ(u32At(wav, 4), 36 + pcm.size() + pad);
    EXPECT_EQ(tagAt(wav, 8), "WAVE");
    EXPECT_EQ(tagAt(wav, 12), "fmt ");
    EXPECT_EQ(u32At(wav, 16), 16u);
    EXPECT_EQ(u16At(wav, 20), 1); // PCM
    EXPECT_EQ(u16At(wav, 22), channels);
    EXPECT_EQ(u32At(wav, 24), rate);
    EXPECT_EQ(u32At(wav, 28), rate * channels * bits / 8);
    EXPECT_EQ(u16At(wav, 32), channels * bits / 8);
    EXPECT_EQ(u16At(wav, 34), bits);
    EXPECT_EQ(tagAt(wav, 36), "data");
    EXPECT_EQ(u32At(wav, 40), pcm.size());
    EXPECT_EQ(Bytes(wav.begin() + 44, wav.begin() + 44 + static_cast<std::ptrdiff_t>(pcm.size())), pcm);
    if (pad != 0) {
        EXPECT_EQ(wav.back(), 0);
    }
}

nlohmann::json readIndex(const fs::path& dir) {
    const Bytes text = loaders::readFile(dir / "index.json");
    return nlohmann::json::parse(text.begin(), text.end());
}

} // namespace

TEST(ExportAudio, WritesEachSfxEffectAsAWav) {
    const fs::path dir = scene::test::freshTempDir("export_audio_sfx");
    loaders::writeFile(dir / "MAIN.SFX", handBuiltSfx());
    ExportAudioOptions o;
    o.file = (dir / "MAIN.SFX").string();
    o.output = (dir / "out").string();
    std::string err;
    const std::string said = rgx::testing::captureStdout(
        [&] { err = rgx::testing::captureStderr([&] { EXPECT_EQ(runExportAudio(o), 0); }); });
    EXPECT_NE(said.find("sfx, 3 entries, 2 clips written"), std::string::npos) << said;
    EXPECT_NE(err.find("SFX effect 2 type_id: unknown type 6"), std::string::npos) << err;

    expectWav(loaders::readFile(dir / "out" / "effect_000.wav"), 1, 8, 11025, Bytes{0x80, 0xFF, 0x00});
    expectWav(loaders::readFile(dir / "out" / "effect_001.wav"), 2, 16, 22050,
              Bytes{0x01, 0x00, 0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x80});
    EXPECT_FALSE(fs::exists(dir / "out" / "effect_002.wav"));

    const nlohmann::json j = readIndex(dir / "out");
    EXPECT_EQ(j["format"], "sfx");
    EXPECT_EQ(j["source"], "MAIN.SFX");
    EXPECT_EQ(j["description"], "SoupFX");
    EXPECT_EQ(j["clips_written"], 2);
    ASSERT_EQ(j["entries"].size(), 3u);
    const nlohmann::json& once = j["entries"][0];
    EXPECT_EQ(once["index"], 0);
    EXPECT_EQ(once["wav"], "effect_000.wav");
    EXPECT_EQ(once["type"], 0);
    EXPECT_EQ(once["sample_rate"], 11025);
    EXPECT_EQ(once["loop_flag"], 0);
    EXPECT_EQ(once["looping"], false);
    EXPECT_DOUBLE_EQ(once["duration"].get<double>(), 3.0 / 11025);
    const nlohmann::json& loop = j["entries"][1];
    EXPECT_EQ(loop["index"], 1);
    EXPECT_EQ(loop["wav"], "effect_001.wav");
    EXPECT_EQ(loop["type"], 3);
    EXPECT_EQ(loop["sample_rate"], 22050);
    EXPECT_EQ(loop["loop_flag"], -1);
    EXPECT_EQ(loop["looping"], true);
    EXPECT_DOUBLE_EQ(loop["duration"].get<double>(), 2.0 / 22050);
    const nlohmann::json& unknown = j["entries"][2];
    EXPECT_EQ(unknown["type"], 6);
    EXPECT_EQ(unknown["wav"], nullptr);
    EXPECT_EQ(unknown["note"], "not written: no channel layout (an unknown type)");
    ASSERT_EQ(j["warnings"].size(), 1u);
    EXPECT_EQ(j["warnings"][0]["field"], "SFX effect 2 type_id");
}

TEST(ExportAudio, WritesEachRtxVoiceClipByTag) {
    const fs::path dir = scene::test::freshTempDir("export_audio_rtx");
    loaders::writeFile(dir / "ENGLISH.RTX", handBuiltRtx());
    ExportAudioOptions o;
    o.file = (dir / "ENGLISH.RTX").string();
    o.output = (dir / "out").string();
    const std::string said = rgx::testing::captureStdout([&] { EXPECT_EQ(runExportAudio(o), 0); });
    EXPECT_NE(said.find("rtx, 3 entries, 2 clips written"), std::string::npos) << said;
    EXPECT_NE(said.find("1 text entries"), std::string::npos) << said;

    expectWav(loaders::readFile(dir / "out" / "zbza.wav"), 1, 16, 22050, Bytes{0x34, 0x12, 0xDC, 0xFE});
    expectWav(loaders::readFile(dir / "out" / "%23bo%25.wav"), 1, 8, 11025, Bytes{0x90});

    const nlohmann::json j = readIndex(dir / "out");
    EXPECT_EQ(j["format"], "rtx");
    EXPECT_EQ(j["source"], "ENGLISH.RTX");
    EXPECT_EQ(j["clips_written"], 2);
    EXPECT_TRUE(j["warnings"].empty()) << j["warnings"].dump();
    ASSERT_EQ(j["entries"].size(), 3u);
    EXPECT_EQ(j["entries"][0],
              nlohmann::json::parse(R"({"index":0,"tag":"#bon","kind":"text","text":"Hi there"})"));
    const nlohmann::json& voice = j["entries"][1];
    EXPECT_EQ(voice["tag"], "zbza");
    EXPECT_EQ(voice["kind"], "audio");
    EXPECT_EQ(voice["text"], "Hello");
    EXPECT_EQ(voice["wav"], "zbza.wav");
    EXPECT_EQ(voice["type"], 1);
    EXPECT_EQ(voice["sample_rate"], 22050);
    EXPECT_EQ(voice["loop_flag"], 0);
    EXPECT_DOUBLE_EQ(voice["duration"].get<double>(), 2.0 / 22050);
    EXPECT_EQ(j["entries"][2]["tag"], "#bo%");
    EXPECT_EQ(j["entries"][2]["wav"], "%23bo%25.wav");
    EXPECT_EQ(j["entries"][2]["text"], "?");
}

TEST(ExportAudio, RefusesAFileThatIsNotSound) {
    const fs::path dir = scene::test::freshTempDir("export_audio_other");
    loaders::writeFile(dir / "REDGUARD.CHT", Bytes(256, 0));
    ExportAudioOptions o;
    o.file = (dir / "REDGUARD.CHT").string();
    o.output = (dir / "out").string();
    try {
        runExportAudio(o);
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_NE(e.message().find("not a sound file"), std::string::npos) << e.what();
        EXPECT_NE(e.message().find("it reads as cht"), std::string::npos) << e.what();
    }
}

TEST(ExportAudio, WavWriterRefusesWhatWavCannotHold) {
    EXPECT_EQ(wavRefusal(1, 8, 11025, 10), "");
    EXPECT_NE(wavRefusal(0, 8, 11025, 10), "");
    EXPECT_NE(wavRefusal(1, 24, 11025, 10), "");
    EXPECT_NE(wavRefusal(1, 8, 0, 10), "");
    EXPECT_NE(wavRefusal(2, 16, 0x7FFFFFFF, 10), "");
    EXPECT_THROW(encodeWav(Bytes{1}, 1, 8, 0), Error);
}

} // namespace rgx::app
