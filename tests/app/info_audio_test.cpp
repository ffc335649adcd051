// `rgx info` JSON for MAIN.SFX, ENGLISH.RTX and REDGUARD.CHT on writer-built files; every value
// worked out by hand.
#include "app/info/info_registry.h"
#include "loaders/redguard/cht.h"
#include "loaders/redguard/rtx.h"
#include "loaders/redguard/sfx.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;

namespace {

SoundClip clip(std::uint32_t type, std::uint32_t rate, std::size_t bytes, std::int8_t loopFlag = 0) {
    SoundClip c;
    c.type = type;
    c.bitDepth = type & 1;
    c.sampleRate = rate;
    c.loopFlag = loopFlag;
    c.pcm.assign(bytes, 0x80);
    return c;
}

} // namespace

TEST(InfoAudio, DescribesAnSfx) {
    SfxFile f;
    f.description = "SoupFX";
    f.effects = {clip(0, 11025, 11025), clip(3, 22050, 22050 * 4 / 2, -1), clip(1, 22050, 882, -31)};
    const nlohmann::json j = rgx::app::describeFile(writeSfx(f), "SOUND/MAIN.SFX");
    EXPECT_EQ(j["format"], "sfx");
    EXPECT_EQ(j["description"], "SoupFX");
    EXPECT_EQ(j["effect_count"], 3);
    EXPECT_EQ(j["looping_effects"], 2);
    EXPECT_EQ(j["pcm_bytes"], 11025 + 44100 + 882);
    ASSERT_EQ(j["effects"].size(), 3u);
    const nlohmann::json& stereo = j["effects"][1];
    EXPECT_EQ(stereo["index"], 1);
    EXPECT_EQ(stereo["type"], 3);
    EXPECT_EQ(stereo["type_name"], "stereo16");
    EXPECT_EQ(stereo["bit_depth"], 1);
    EXPECT_EQ(stereo["sample_rate"], 22050);
    EXPECT_EQ(stereo["channels"], 2);
    EXPECT_EQ(stereo["bits_per_sample"], 16);
    EXPECT_EQ(stereo["unused_0c"], 64);
    EXPECT_EQ(stereo["loop_flag"], -1);
    EXPECT_EQ(stereo["looping"], true);
    EXPECT_EQ(stereo["loop_offset"], 0);
    EXPECT_EQ(stereo["loop_end"], 0xFFFFFFFFu);
    EXPECT_EQ(stereo["data_length"], 44100);
    EXPECT_DOUBLE_EQ(stereo["duration"].get<double>(), 0.5); // 44100 bytes / (22050 x 2 x 2)
    EXPECT_DOUBLE_EQ(j["effects"][0]["duration"].get<double>(), 1.0);
    EXPECT_DOUBLE_EQ(j["effects"][2]["duration"].get<double>(), 0.02); // 882 bytes, 16-bit mono
    EXPECT_EQ(j["effects"][2]["loop_flag"], -31);
    EXPECT_DOUBLE_EQ(j["duration"].get<double>(), 1.52);
    EXPECT_TRUE(j["warnings"].empty()) << j["warnings"].dump();
}

TEST(InfoAudio, DescribesAnRtx) {
    RtxFile f;
    RtxEntry line;
    line.tag = "#bon";
    line.text = "Caf\xE9"; // Latin-1 in the file, UTF-8 in the JSON
    RtxEntry voice;
    voice.tag = "zbza";
    voice.kind = 1;
    voice.text = "Hello";
    voice.audio = clip(0, 11025, 2205);
    voice.audio.unused = 100;
    f.entries = {line, voice};
    const nlohmann::json j = rgx::app::describeFile(writeRtx(f), "ENGLISH.RTX");
    EXPECT_EQ(j["format"], "rtx");
    EXPECT_EQ(j["entry_count"], 2);
    EXPECT_EQ(j["text_entries"], 1);
    EXPECT_EQ(j["audio_entries"], 1);
    EXPECT_EQ(j["other_entries"], 0);
    EXPECT_EQ(j["pcm_bytes"], 2205);
    EXPECT_DOUBLE_EQ(j["duration"].get<double>(), 0.2);
    EXPECT_EQ(j["entries"][0],
              nlohmann::json::parse(R"({"tag":"#bon","kind":"text","subtype":0,"text":"Caf\u00e9"})"));
    const nlohmann::json& v = j["entries"][1];
    EXPECT_EQ(v["tag"], "zbza");
    EXPECT_EQ(v["kind"], "audio");
    EXPECT_EQ(v["text"], "Hello");
    EXPECT_EQ(v["type_name"], "mono8");
    EXPECT_EQ(v["sample_rate"], 11025);
    EXPECT_EQ(v["unused_0c"], 100);
    EXPECT_EQ(v["data_length"], 2205);
    EXPECT_TRUE(j["warnings"].empty()) << j["warnings"].dump();
}

TEST(InfoAudio, DescribesACheatFile) {
    ChtFile f;
    f.slots[static_cast<std::size_t>(Cheat::Goldfinger)] = 1;
    f.slots[static_cast<std::size_t>(Cheat::MagicCarpet)] = 1;
    const nlohmann::json j = rgx::app::describeFile(writeCht(f), "REDGUARD.CHT");
    EXPECT_EQ(j["format"], "cht");
    EXPECT_EQ(j["cheats"].size(), 13u);
    EXPECT_EQ(j["cheats"]["goldfinger"], 1);
    EXPECT_EQ(j["cheats"]["oracle"], 0);
    EXPECT_EQ(j["cheats_on"], nlohmann::json::parse(R"(["magiccarpet","goldfinger"])"));
    EXPECT_EQ(j["other_slots"], nlohmann::json::object());
    EXPECT_TRUE(j["warnings"].empty());

    // A console-set value is not a toggle: the content check fails and the extension decides.
    f.slots[0] = 5;
    f.slots[40] = 2;
    const nlohmann::json k = rgx::app::describeFile(writeCht(f), "REDGUARD.CHT");
    EXPECT_EQ(k["format"], "cht");
    EXPECT_EQ(k["cheats"]["oracle"], 5);
    EXPECT_EQ(k["other_slots"], nlohmann::json::parse(R"({"40":2})"));
    ASSERT_EQ(k["warnings"].size(), 2u) << k["warnings"].dump();
    EXPECT_EQ(k["warnings"][0]["field"], "format");
    EXPECT_EQ(k["warnings"][1]["offset"], 160);
    EXPECT_THROW(rgx::app::describeFile(writeCht(f), "cheats.bin"), rgx::Error);
}

TEST(InfoAudio, DetectsByContentFirst) {
    EXPECT_STREQ(rgx::app::detectInfoFormat(writeSfx(SfxFile{}), "bin")->name, "sfx");
    EXPECT_STREQ(rgx::app::detectInfoFormat(writeRtx(RtxFile{}), "bin")->name, "rtx");
    EXPECT_STREQ(rgx::app::detectInfoFormat(writeCht(ChtFile{}), "bin")->name, "cht");
}
