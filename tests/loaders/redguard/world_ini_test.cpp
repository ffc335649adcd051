// WORLD.INI: typed decode of every world_* key from a hand-written fixture in the shipped file's
// shape (CRLF, ';' comments, the "orld_ambientfx" typo), exact byte round trips, canonical
// writer round trips, and the INI mutation-fuzz run.
#include "loaders/redguard/fog_ini.h"
#include "loaders/redguard/ini.h"
#include "loaders/redguard/surface_ini.h"
#include "loaders/redguard/system_ini.h"
#include "loaders/redguard/world_ini.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx::loaders;

RGX_DECLARE_FUZZ_TARGET(ini);

namespace {

Bytes toBytes(const std::string& s) {
    return Bytes(s.begin(), s.end());
}

const std::string kWorldFixture = "; WORLD.INI test fixture\r\n"
                                  "[world]\r\n"
                                  "start_world=0\r\n"
                                  "start_marker=0\r\n"
                                  "test_map_delay=1\r\n"
                                  ";test_map_order=0,1,2,-2\r\n"
                                  "test_map_order=0,1,2,1,-2\r\n"
                                  "\r\n"
                                  "world_map[0]=MAPS\\start.rgm\r\n"
                                  "world_world[0]=MAPS\\hideout.WLD\r\n"
                                  "world_redbook[0]=5\r\n"
                                  "world_palette[0]=3DART\\sunset.COL\r\n"
                                  "world_shade[0]=1\r\n"
                                  "world_haze[0]=2\r\n"
                                  "world_background[0]=2\r\n"
                                  "world_sky[0]=system\\sunset.gxa\r\n"
                                  "world_sun[0]=-16000, 12000, 24000, 200\r\n"
                                  "world_ambient[0]=40\r\n"
                                  "world_ambientfx[0]=64\r\n"
                                  "world_ambientrgb[0]=10,20,30\r\n"
                                  "world_sunangle[0]=256\r\n"
                                  "world_sunskew[0]=-128\r\n"
                                  "world_sunrgb[0]=255,200,150,3\r\n"
                                  "world_fogrgb[0]=90,80,70\r\n"
                                  "world_skyfx[0]=sky01.bsi\r\n"
                                  "world_skyscale[0]=12800\r\n"
                                  "world_skylevel[0]=-3500\r\n"
                                  "world_skyspeed[0]=2\r\n"
                                  "world_sunimg[0]=sun.bsi\r\n"
                                  "world_sunimgrgb[0]=255,255,200\r\n"
                                  "world_sunscale[0]=300\r\n"
                                  "world_wave[0]=10,3,7\r\n"
                                  "world_node_map1[0]=maps\\hide001.noo\r\n"
                                  "world_node_map2[0]=maps\\hide002.noo\r\n"
                                  "world_compass[0]=1024\r\n"
                                  "world_flash_filename[0]=system\\flash.gxa\r\n"
                                  "\r\n"
                                  "world_map[6]=MAPS\\necrisle.rgm\r\n"
                                  "world_sky_xrotate[6]=1\r\n"
                                  "world_sky_yrotate[6]=-2\r\n"
                                  "world_rain_delay[6]=3\r\n"
                                  "world_rain_drops[6]=200\r\n"
                                  "world_rain_start[6]=-800\r\n"
                                  "world_rain_end[6]=400\r\n"
                                  "world_rain_sphere1[6]=100,200,300,500\r\n"
                                  "world_rain_sphere2[6]=-1,-2,-3,1000\r\n"
                                  "orld_ambientfx[8]=128\r\n"
                                  "world_map[8]=MAPS\\drint.rgm\r\n"
                                  "world_map[8]=MAPS\\other.rgm\r\n"
                                  "world_redbook[8]=loud\r\n"
                                  "world_sun[8]=1,2,3\r\n"
                                  "world_mystery[8]=42\r\n"
                                  "stray line\r\n";

} // namespace

TEST(WorldIni, DecodesEveryWorldKey) {
    std::vector<IniIssue> issues;
    WorldIni w = readWorldIni(toBytes(kWorldFixture), "WORLD.INI", &issues);
    EXPECT_EQ(w.startWorld, 0);
    EXPECT_EQ(w.startMarker, 0);
    EXPECT_EQ(w.testMapDelay, 1);
    ASSERT_TRUE(w.testMapOrder);
    EXPECT_EQ(*w.testMapOrder, (std::vector<std::int64_t>{0, 1, 2, 1, -2})); // the comment is not used
    EXPECT_EQ(worldIds(w), (std::vector<std::int64_t>{0, 6, 8}));

    const WorldEntry* e = findWorld(w, 0);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->id, 0);
    EXPECT_EQ(e->map, "MAPS\\start.rgm"); // backslash and case kept
    EXPECT_EQ(e->world, "MAPS\\hideout.WLD");
    EXPECT_EQ(e->redbook, 5);
    EXPECT_EQ(e->palette, "3DART\\sunset.COL");
    EXPECT_EQ(e->shade, 1);
    EXPECT_EQ(e->haze, 2);
    EXPECT_EQ(e->background, 2);
    EXPECT_EQ(e->sky, "system\\sunset.gxa");
    EXPECT_EQ(e->sun, (std::array<std::int64_t, 4>{-16000, 12000, 24000, 200}));
    EXPECT_EQ(e->ambient, 40);
    EXPECT_EQ(e->ambientFx, 64);
    EXPECT_EQ(e->ambientRgb, (std::array<std::int64_t, 3>{10, 20, 30}));
    EXPECT_EQ(e->sunAngle, 256);
    EXPECT_EQ(e->sunSkew, -128);
    EXPECT_EQ(e->sunRgb, (std::array<std::int64_t, 4>{255, 200, 150, 3}));
    EXPECT_EQ(e->fogRgb, (std::array<std::int64_t, 3>{90, 80, 70}));
    EXPECT_EQ(e->skyFx, "sky01.bsi");
    EXPECT_EQ(e->skyScale, 12800);
    EXPECT_EQ(e->skyLevel, -3500);
    EXPECT_EQ(e->skySpeed, 2);
    EXPECT_EQ(e->sunImg, "sun.bsi");
    EXPECT_EQ(e->sunImgRgb, (std::array<std::int64_t, 3>{255, 255, 200}));
    EXPECT_EQ(e->sunScale, 300);
    EXPECT_EQ(e->wave, (std::array<std::int64_t, 3>{10, 3, 7}));
    ASSERT_EQ(e->nodeMaps.size(), 2u);
    EXPECT_EQ(e->nodeMaps[1].sequence, 2);
    EXPECT_EQ(e->nodeMaps[1].path, "maps\\hide002.noo");
    EXPECT_EQ(e->compass, 1024);
    EXPECT_EQ(e->flashFilename, "system\\flash.gxa");
    EXPECT_FALSE(e->skyXRotate);
    EXPECT_FALSE(e->rainDelay);

    const WorldEntry* rain = findWorld(w, 6);
    ASSERT_NE(rain, nullptr);
    EXPECT_EQ(rain->skyXRotate, 1);
    EXPECT_EQ(rain->skyYRotate, -2);
    EXPECT_EQ(rain->rainDelay, 3);
    EXPECT_EQ(rain->rainDrops, 200);
    EXPECT_EQ(rain->rainStart, -800);
    EXPECT_EQ(rain->rainEnd, 400);
    ASSERT_EQ(rain->rainSpheres.size(), 2u);
    EXPECT_EQ(rain->rainSpheres[0].sequence, 1);
    EXPECT_EQ(rain->rainSpheres[1].xyzr, (std::array<std::int64_t, 4>{-1, -2, -3, 1000}));

    const WorldEntry* w8 = findWorld(w, 8);
    ASSERT_NE(w8, nullptr);
    EXPECT_EQ(w8->map, "MAPS\\drint.rgm"); // first duplicate wins
    EXPECT_FALSE(w8->redbook);
    EXPECT_FALSE(w8->sun);
    EXPECT_EQ(findWorld(w, 9), nullptr);

    // Everything not understood is kept and reported, with line numbers.
    ASSERT_EQ(w.extra.size(), 5u);
    EXPECT_EQ(w.extra[0].key, "orld_ambientfx");
    EXPECT_EQ(w.extra[0].index, 8);
    EXPECT_EQ(w.extra[0].value, "128");
    EXPECT_EQ(w.extra[1].value, "MAPS\\other.rgm");
    EXPECT_EQ(w.extra[4].key, "world_mystery");
    ASSERT_EQ(issues.size(), 6u);
    EXPECT_EQ(issues[0].line, 47u);
    EXPECT_EQ(issues[0].text, "orld_ambientfx[8]=128");
    EXPECT_EQ(issues[0].reason, "unknown world key");
    EXPECT_EQ(issues[1].reason, "duplicate key: the first occurrence is used");
    EXPECT_EQ(issues[2].reason, "value does not parse as an integer");
    EXPECT_EQ(issues[3].reason, "value does not parse as 4 integers");
    EXPECT_EQ(issues[5].text, "stray line");
}

TEST(WorldIni, RealFileBytesRoundTripExactly) {
    IniFile ini = readIni(toBytes(kWorldFixture), "WORLD.INI");
    EXPECT_EQ(writeIni(ini), toBytes(kWorldFixture));
}

TEST(WorldIni, TypedWriterRoundTrips) {
    WorldIni w = readWorldIni(toBytes(kWorldFixture), "WORLD.INI");
    Bytes written = writeWorldIni(w);
    std::vector<IniIssue> issues;
    WorldIni back = readWorldIni(written, "out.ini", &issues);
    EXPECT_EQ(back, w);                      // read(write(x)) == x, extras included
    EXPECT_EQ(writeWorldIni(back), written); // write(read(bytes)) == bytes for writer output
    EXPECT_EQ(issues.size(), 5u);            // the extras are reported again, nothing else
}

TEST(WorldIni, BuildsAFreshFile) {
    WorldIni w;
    w.startWorld = 1;
    WorldEntry& e = w.worlds[1];
    e.id = 1;
    e.map = "MAPS\\DEMO.RGM";
    e.world = "MAPS\\DEMO.WLD";
    e.palette = "3DART\\DEMO.COL";
    e.fogRgb = std::array<std::int64_t, 3>{1, 2, 3};
    e.wave = std::array<std::int64_t, 3>{4, 5, 6};
    e.nodeMaps.push_back({1, "maps\\demo001.noo"});
    const std::string expected = "[world]\r\nstart_world=1\r\n\r\n"
                                 "world_map[1]=MAPS\\DEMO.RGM\r\n"
                                 "world_world[1]=MAPS\\DEMO.WLD\r\n"
                                 "world_palette[1]=3DART\\DEMO.COL\r\n"
                                 "world_fogrgb[1]=1,2,3\r\n"
                                 "world_wave[1]=4,5,6\r\n"
                                 "world_node_map1[1]=maps\\demo001.noo\r\n";
    EXPECT_EQ(writeWorldIni(w), toBytes(expected));
    std::vector<IniIssue> issues;
    EXPECT_EQ(readWorldIni(toBytes(expected), "w.ini", &issues), w);
    EXPECT_TRUE(issues.empty());
}

TEST(WorldIni, ExtrasOutsideTheWorldSectionKeepTheirSections) {
    const std::string text = "top=1\n[world]\nworld_map[2]=a.rgm\n[other]\nk=v\n[world]\nworld_zzz[2]=q\n";
    WorldIni w = readWorldIni(toBytes(text), "w.ini");
    ASSERT_EQ(w.extra.size(), 3u);
    EXPECT_EQ(w.extra[0].section, "");
    EXPECT_EQ(w.extra[1].section, "other");
    EXPECT_EQ(w.extra[2].section, "world");
    EXPECT_EQ(readWorldIni(writeWorldIni(w), "w2.ini"), w);
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: about a third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_ini = 1000;

TEST(IniFuzz, MutatedWriterOutputNeverCrashes) {
    WorldIni w = readWorldIni(toBytes(kWorldFixture), "WORLD.INI");
    FogIni fog;
    fog.points = {{0, 0}, {33, 1}, {48, 255}, {63, std::nullopt}};
    SurfaceIni surface;
    surface.assignments.push_back(makeSurfaceAssignment(302, 5, SurfaceType::Water));
    surface.soundSections.push_back({"sand", SurfaceType::Sand, {{4, 108}}});
    std::vector<Bytes> seeds = {toBytes(kWorldFixture), writeWorldIni(w), writeSystemIni(SystemIni{}),
                                writeFogIni(fog), writeSurfaceIni(surface)};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b : rgx::testing::corpusSeeds({".ini"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("ini", seeds, rgxFuzz_ini, 3000, kMinAccepted_ini);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
