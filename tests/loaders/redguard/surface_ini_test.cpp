// SURFACE.INI: assignments, sound remap sections, lookups, round trips.
#include "loaders/redguard/surface_ini.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx::loaders;

namespace {
Bytes toBytes(const std::string& s) {
    return Bytes(s.begin(), s.end());
}

const std::string kSurface = "; surface types per texture set/index\r\n"
                             "[surfaces]\r\n"
                             "302, 0, WATER\r\n"
                             "302, 31, deepwater\r\n"
                             "170, all, WOOD\r\n"
                             "170, 3, Tile\r\n"
                             "999, 1, ROCK\r\n"
                             "12, 1, PLASTIC\r\n"
                             "\r\n"
                             "[unknown]\r\n"
                             "[water]\r\n"
                             "4 = 69\r\n"
                             "[sand]\r\n"
                             "4=108\r\n"
                             "5=300 ; remaps may name any effect\r\n"
                             "[wood]\r\n"
                             "4=89\r\n"
                             "[mud]\r\n"
                             "1=2\r\n";
} // namespace

TEST(SurfaceIni, DecodesAssignmentsAndRemaps) {
    std::vector<IniIssue> issues;
    SurfaceIni s = readSurfaceIni(toBytes(kSurface), "surface.ini", &issues);
    ASSERT_EQ(s.assignments.size(), 4u);
    EXPECT_EQ(s.assignments[0].set, 302);
    EXPECT_EQ(s.assignments[0].index, 0);
    EXPECT_EQ(s.assignments[0].type, SurfaceType::Water);
    EXPECT_EQ(s.assignments[1].type, SurfaceType::DeepWater);
    EXPECT_EQ(s.assignments[1].typeToken, "deepwater");
    EXPECT_TRUE(s.assignments[2].all);
    EXPECT_EQ(s.assignments[3].type, SurfaceType::Tile);
    ASSERT_EQ(s.soundSections.size(), 4u);
    EXPECT_EQ(s.soundSections[0].type, SurfaceType::Unknown);
    EXPECT_TRUE(s.soundSections[0].remaps.empty());
    EXPECT_EQ(s.soundSections[2].type, SurfaceType::Sand);
    ASSERT_EQ(s.soundSections[2].remaps.size(), 2u);
    EXPECT_EQ(s.soundSections[2].remaps[1].remap, 300);
    // set 999 out of range, PLASTIC unknown, [mud] unknown section and its record
    ASSERT_EQ(issues.size(), 4u);
    EXPECT_EQ(issues[0].line, 7u);
    EXPECT_EQ(issues[1].reason, "unknown surface type 'PLASTIC'");
    EXPECT_EQ(issues[2].reason, "unknown section");
}

TEST(SurfaceIni, LookupsAndTables) {
    SurfaceIni s = readSurfaceIni(toBytes(kSurface), "surface.ini");
    EXPECT_EQ(surfaceTypeAt(s, 302, 0), SurfaceType::Water);
    EXPECT_EQ(surfaceTypeAt(s, 302, 1), SurfaceType::Unknown);
    EXPECT_EQ(surfaceTypeAt(s, 170, 9), SurfaceType::Wood);
    EXPECT_EQ(surfaceTypeAt(s, 170, 3), SurfaceType::Tile); // later record wins
    SoundRemapTable t = soundRemapTable(s);
    EXPECT_EQ(t[static_cast<int>(SurfaceType::Sand)][4], 108);
    EXPECT_EQ(t[static_cast<int>(SurfaceType::Sand)][5], 300);
    EXPECT_EQ(t[static_cast<int>(SurfaceType::Wood)][4], 89);
    EXPECT_EQ(t[static_cast<int>(SurfaceType::Water)][4], 69);
    EXPECT_EQ(t[static_cast<int>(SurfaceType::Rock)][4], 4); // identity
    EXPECT_EQ(surfaceTypeFromName("ScapeDeepWater"), SurfaceType::ScapeDeepWater);
    EXPECT_STREQ(surfaceTypeName(SurfaceType::Gloop), "gloop");
    EXPECT_EQ(terrainBlendType(0), TerrainBlend::Full);
    EXPECT_EQ(terrainBlendType(52), TerrainBlend::Gradient);
    EXPECT_EQ(terrainBlendType(31), TerrainBlend::HardEdge);
    EXPECT_EQ(terrainBlendType(32), TerrainBlend::CustomPattern);
    EXPECT_EQ(terrainBlendType(33), TerrainBlend::None);
    EXPECT_TRUE(isWaterTextureIndex(30));
    EXPECT_FALSE(isWaterTextureIndex(6));
}

TEST(SurfaceIni, RoundTrips) {
    EXPECT_EQ(writeIni(readIni(toBytes(kSurface), "surface.ini")), toBytes(kSurface));
    SurfaceIni s = readSurfaceIni(toBytes(kSurface), "surface.ini");
    Bytes written = writeSurfaceIni(s);
    std::vector<IniIssue> issues;
    EXPECT_EQ(readSurfaceIni(written, "out.ini", &issues), s);
    EXPECT_TRUE(issues.empty());
    EXPECT_EQ(writeSurfaceIni(readSurfaceIni(written, "out.ini")), written);

    SurfaceIni fresh;
    fresh.assignments.push_back(makeSurfaceAssignment(302, std::nullopt, SurfaceType::Sand));
    fresh.soundSections.push_back({"water", SurfaceType::Water, {{1, 2}}});
    Bytes freshBytes = writeSurfaceIni(fresh);
    EXPECT_EQ(std::string(freshBytes.begin(), freshBytes.end()),
              "[surfaces]\r\n302, all, SAND\r\n\r\n[water]\r\n1=2\r\n");
    EXPECT_EQ(readSurfaceIni(freshBytes, "f.ini"), fresh);
}
