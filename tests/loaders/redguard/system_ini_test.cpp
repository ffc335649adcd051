// SYSTEM.INI: typed values with the reference's defaults, issues for bad values, round trips.
#include "loaders/redguard/system_ini.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx::loaders;

namespace {
Bytes toBytes(const std::string& s) {
    return Bytes(s.begin(), s.end());
}
} // namespace

TEST(SystemIni, DefaultsAreTheReferenceValues) {
    SystemIni s = readSystemIni(Bytes{}, "SYSTEM.INI");
    EXPECT_EQ(s.frontPlane, 7);
    EXPECT_EQ(s.backPlane, 3800);
    EXPECT_EQ(s.normalFrameRate, 12);
    EXPECT_EQ(s.ambientLight, 32);
    EXPECT_EQ(s.hazeDepth, 768);
    EXPECT_EQ(s.worldIni, "WORLD.INI");
    EXPECT_EQ(s.systemFont, "fonts\\redguard.fnt");
    EXPECT_FALSE(s.skyDisable);
    EXPECT_TRUE(s.skyMove);
    EXPECT_EQ(s.skyYRotate, 40);
    EXPECT_DOUBLE_EQ(s.glideY, 0.2);
    EXPECT_EQ(s.glideResolution, 12);
}

TEST(SystemIni, ReadsValuesCaseInsensitivelyAndReportsBadOnes) {
    const std::string text =
        "[screen]\r\nPalette_red=0\r\nresolution=3\r\n"
        "[System]\r\nnormal_frame_rate=15\r\nworld_ini=worlds\\W.INI\r\nstatics_load=no\r\n"
        "[xngine]\r\nFRONT_PLANE=5\r\nback_plane=far\r\nsky_disable=1\r\n"
        "[camera]\r\nglide_x=0.5\r\n"
        "[3dfx]\r\nresolution=7\r\n";
    std::vector<IniIssue> issues;
    SystemIni s = readSystemIni(toBytes(text), "SYSTEM.INI", &issues);
    EXPECT_EQ(s.resolution, 3);
    EXPECT_EQ(s.glideResolution, 7); // same key, other section
    EXPECT_EQ(s.normalFrameRate, 15);
    EXPECT_EQ(s.worldIni, "worlds\\W.INI");
    EXPECT_FALSE(s.staticsLoad);
    EXPECT_EQ(s.frontPlane, 5);
    EXPECT_EQ(s.backPlane, 3800); // bad value: default kept
    EXPECT_TRUE(s.skyDisable);
    EXPECT_DOUBLE_EQ(s.glideX, 0.5);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].line, 10u);
    EXPECT_EQ(issues[0].text, "back_plane=far");
}

TEST(SystemIni, WriterRoundTrips) {
    SystemIni s;
    s.backPlane = 5000;
    s.glideAngleY = 0.125;
    s.skyMove = false;
    s.flatsLoad = false;
    s.guiFont = "fonts\\x.fnt";
    Bytes written = writeSystemIni(s);
    std::vector<IniIssue> issues;
    SystemIni back = readSystemIni(written, "out.ini", &issues);
    EXPECT_EQ(back, s);
    EXPECT_TRUE(issues.empty());
    EXPECT_EQ(writeSystemIni(back), written);
    std::string text(written.begin(), written.end());
    EXPECT_NE(text.find("[xngine]\r\n"), std::string::npos);
    EXPECT_NE(text.find("back_plane=5000\r\n"), std::string::npos);
    EXPECT_NE(text.find("sky_move=0\r\n"), std::string::npos);
    EXPECT_NE(text.find("flats_load=no\r\n"), std::string::npos);
    EXPECT_NE(text.find("glide_angle_y=0.125\r\n"), std::string::npos);
}
