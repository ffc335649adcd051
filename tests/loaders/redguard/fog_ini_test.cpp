// FOG.INI: the shipped ramp expanded to 64 entries by hand, other point layouts, round trips.
#include "loaders/redguard/fog_ini.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx::loaders;

namespace {
Bytes toBytes(const std::string& s) {
    return Bytes(s.begin(), s.end());
}

// The 18 records of the shipped fxart/FOG.INI, with comments in its style.
const std::string kShippedFog = "; fog table: index, value\r\n"
                                "0,0\r\n33,1\r\n34,2\r\n35,4\r\n36,6\r\n37,8\r\n38,10\r\n39,12\r\n40,14\r\n"
                                "41,16\r\n42,18\r\n43,22\r\n44,38\r\n45,76\r\n"
                                "46,136 ; 46 is the final value for 3800 render distance\r\n"
                                "47,196\r\n48,255\r\n63\r\n";
} // namespace

TEST(FogIni, ShippedRampExpandsTo64Entries) {
    std::vector<IniIssue> issues;
    FogIni fog = readFogIni(toBytes(kShippedFog), "FOG.INI", &issues);
    EXPECT_TRUE(issues.empty());
    ASSERT_EQ(fog.points.size(), 18u);
    EXPECT_EQ(fog.points[14].index, 46);
    EXPECT_EQ(fog.points[14].value, 136);
    EXPECT_EQ(fog.points[17].index, 63);
    EXPECT_FALSE(fog.points[17].value);

    auto t = fogTable(fog);
    // 0..32: interpolating 0 -> 1 over 33 steps truncates to 0.
    for (int i = 0; i <= 32; ++i)
        EXPECT_EQ(t[i], 0) << i;
    const int ramp[] = {1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 22, 38, 76, 136, 196, 255};
    for (int i = 33; i <= 48; ++i)
        EXPECT_EQ(t[i], ramp[i - 33]) << i;
    // The end marker holds the last density through entry 63.
    for (int i = 49; i <= 63; ++i)
        EXPECT_EQ(t[i], 255) << i;
}

TEST(FogIni, InterpolatesBetweenSparsePoints) {
    FogIni fog = readFogIni(toBytes("10,0\n20,100\n30,50\n"), "f.ini");
    auto t = fogTable(fog);
    EXPECT_EQ(t[9], 0); // before the first point
    EXPECT_EQ(t[10], 0);
    EXPECT_EQ(t[15], 50); // 0 + 100*5/10
    EXPECT_EQ(t[19], 90);
    EXPECT_EQ(t[20], 100);
    EXPECT_EQ(t[25], 75); // 100 + (-50)*5/10
    EXPECT_EQ(t[29], 55); // 100 - 50*9/10 = 55
    EXPECT_EQ(t[30], 50);
    EXPECT_EQ(t[63], 50);
    auto empty = fogTable(FogIni{});
    for (auto v : empty)
        EXPECT_EQ(v, 0);
}

TEST(FogIni, BadLinesAreReportedAndSkipped) {
    std::vector<IniIssue> issues;
    FogIni fog = readFogIni(toBytes("0,0\n64,1\n5,300\nx,1\n1,2,3\n7=9\n"), "f.ini", &issues);
    ASSERT_EQ(fog.points.size(), 2u);
    EXPECT_EQ(fog.points[1].index, 7); // "index=value" accepted
    EXPECT_EQ(fog.points[1].value, 9);
    ASSERT_EQ(issues.size(), 4u);
    EXPECT_EQ(issues[0].line, 2u);
    EXPECT_EQ(issues[1].line, 3u);
}

TEST(FogIni, RoundTrips) {
    EXPECT_EQ(writeIni(readIni(toBytes(kShippedFog), "FOG.INI")), toBytes(kShippedFog));
    FogIni fog = readFogIni(toBytes(kShippedFog), "FOG.INI");
    Bytes written = writeFogIni(fog);
    EXPECT_EQ(readFogIni(written, "out.ini"), fog);
    EXPECT_EQ(writeFogIni(readFogIni(written, "out.ini")), written);
    std::string text(written.begin(), written.end());
    EXPECT_NE(text.find("\r\n48,255\r\n63\r\n"), std::string::npos);
}
