// The demo's palettes, texture banks and sky files (addDemoTextures).
#include "demo/demo.h"
#include "demo/demo_catalog.h"
#include "demo/demo_palettes.h"
#include "demo/demo_textures_internal.h"
#include "loaders/redguard/col.h"
#include "loaders/redguard/gxa.h"
#include "loaders/redguard/texbsi.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <string>

namespace rgx::demo {
namespace {

using rgx::loaders::Bytes;
using rgx::loaders::TexbsiFile;
using rgx::loaders::TexbsiImage;

DemoTree texturesFor(std::uint32_t seed, Scale scale = Scale::Small) {
    DemoTree tree;
    DemoOptions options;
    options.seed = seed;
    options.scale = scale;
    addDemoTextures(tree, options);
    return tree;
}

// The seed the running test reads: 1, or the parameter of a DemoTexturesSeeded test.
std::uint32_t gSeed = 1;

const DemoTree& demoTextures() {
    static std::map<std::uint32_t, DemoTree> cache;
    auto it = cache.find(gSeed);
    if (it == cache.end()) it = cache.emplace(gSeed, texturesFor(gSeed)).first;
    return it->second;
}

// The properties every seed must have (files, sizes, ramps, cut-outs, animation) run for
// several seeds: thresholds and shapes come from noise, so one seed passing proves little.
class DemoTexturesSeeded : public ::testing::TestWithParam<std::uint32_t> {
protected:
    void SetUp() override { gSeed = GetParam(); }
    void TearDown() override { gSeed = 1; }
};

const Bytes& file(const std::string& path) {
    const auto it = demoTextures().find(path);
    if (it == demoTextures().end()) throw std::runtime_error("missing " + path);
    return it->second;
}

TexbsiFile bank(int textureId) {
    const std::string path = "fxart/TEXBSI." + std::to_string(textureId);
    return rgx::loaders::readTexbsi(file(path), path);
}

std::string fx(std::string_view name) {
    return "fxart/" + std::string(name);
}
std::string sys(std::string_view name) {
    return "system/" + std::string(name);
}

const std::vector<std::string> kColFiles = {fx(kDayPalette), fx(kNightPalette), fx(kInteriorPalette)};
const std::vector<std::string> kTexbsiFiles = {"fxart/TEXBSI.302", "fxart/TEXBSI.170", "fxart/TEXBSI.171",
                                               "fxart/TEXBSI.172", fx(kCloudLayer),    fx(kSunDisc),
                                               fx(kMoonDisc)};
const std::vector<std::string> kGxaFiles = {sys(kDaySky), sys(kNightSky)};

// The ramp holding most of an image's visible texels.
Ramp dominantRamp(const Bytes& frame) {
    std::array<int, 16> count{};
    for (std::uint8_t i : frame)
        if (i != 0) ++count[i / 16];
    int best = 0;
    for (int r = 1; r < 16; ++r)
        if (count[static_cast<std::size_t>(r)] > count[static_cast<std::size_t>(best)]) best = r;
    return static_cast<Ramp>(best);
}

int transparentTexels(const Bytes& frame) {
    int n = 0;
    for (std::uint8_t i : frame)
        n += i == 0 ? 1 : 0;
    return n;
}

TEST_P(DemoTexturesSeeded, WritesExactlyTheExpectedFiles) {
    std::set<std::string> expected(kColFiles.begin(), kColFiles.end());
    expected.insert(kTexbsiFiles.begin(), kTexbsiFiles.end());
    expected.insert(kGxaFiles.begin(), kGxaFiles.end());
    std::set<std::string> got;
    for (const auto& [path, bytes] : demoTextures())
        got.insert(path);
    EXPECT_EQ(got, expected);
}

TEST_P(DemoTexturesSeeded, EveryFileRoundTripsByteIdentically) {
    for (const auto& path : kColFiles) {
        const Bytes& bytes = file(path);
        EXPECT_EQ(rgx::loaders::writeCol(rgx::loaders::readCol(bytes, path)), bytes) << path;
    }
    for (const auto& path : kTexbsiFiles) {
        const Bytes& bytes = file(path);
        const TexbsiFile parsed = rgx::loaders::readTexbsi(bytes, path);
        EXPECT_FALSE(parsed.images.empty()) << path;
        EXPECT_FALSE(parsed.bare) << path; // notes.md: .BSI files use the record layout
        EXPECT_EQ(rgx::loaders::writeTexbsi(parsed), bytes) << path;
    }
    for (const auto& path : kGxaFiles) {
        const Bytes& bytes = file(path);
        EXPECT_EQ(rgx::loaders::writeGxa(rgx::loaders::readGxa(bytes, path)), bytes) << path;
    }
}

TEST_P(DemoTexturesSeeded, EveryCatalogMaterialAndFlatHasItsImageAtTheCatalogSize) {
    std::vector<TextureRef> refs;
    for (int m = 0; m < static_cast<int>(Material::Count); ++m)
        refs.push_back(materialTexture(static_cast<Material>(m)));
    for (int f = 0; f < flat::kCount; ++f)
        refs.push_back(flatTexture(f));
    for (const TextureRef& ref : refs) {
        const TexbsiFile f = bank(ref.textureId);
        const TexbsiImage* image = rgx::loaders::findTexbsiImage(f, ref.imageId);
        ASSERT_NE(image, nullptr) << ref.textureId << "/" << ref.imageId;
        EXPECT_EQ(image->header.width, ref.width) << image->name;
        EXPECT_EQ(image->header.height, ref.height) << image->name;
        ASSERT_FALSE(image->frames.empty());
        for (const Bytes& frame : image->frames)
            EXPECT_LT(transparentTexels(frame), ref.width * ref.height) << image->name << " is empty";
    }
}

TEST_P(DemoTexturesSeeded, ImageNamesFollowTheTexbsiNamingRule) {
    // "### % 100" is the name's 2-digit file number, "### / 100" its type letter (A + n).
    const std::array<std::pair<int, std::string>, 4> banks = {
        {{302, "D02"}, {170, "B70"}, {171, "B71"}, {172, "B72"}}};
    for (const auto& [id, prefix] : banks) {
        const TexbsiFile f = bank(id);
        std::set<int> ids;
        for (const TexbsiImage& image : f.images) {
            EXPECT_EQ(image.name.size(), 6u) << image.name;
            EXPECT_EQ(image.name.substr(0, 3), prefix) << image.name;
            EXPECT_TRUE(ids.insert(rgx::loaders::texbsiImageId(image)).second)
                << "duplicate id " << image.name;
        }
    }
}

TEST_P(DemoTexturesSeeded, TerrainBankHasEveryCatalogIndexWithBelievableColours) {
    const TexbsiFile f = bank(kTerrainBank);
    const std::array<std::pair<int, Ramp>, 9> expected = {{{terrain::kWater, Ramp::Water},
                                                           {terrain::kSand, Ramp::Sand},
                                                           {terrain::kGrass, Ramp::Grass},
                                                           {terrain::kRock, Ramp::Rock},
                                                           {terrain::kCliff, Ramp::Rock},
                                                           {terrain::kShallows, Ramp::Water},
                                                           {terrain::kDirt, Ramp::Wood},
                                                           {terrain::kSurfA, Ramp::Water},
                                                           {terrain::kSurfB, Ramp::Water}}};
    for (const auto& [id, ramp] : expected) {
        const TexbsiImage* image = rgx::loaders::findTexbsiImage(f, id);
        ASSERT_NE(image, nullptr) << id;
        EXPECT_EQ(image->header.width, 64);
        EXPECT_EQ(image->header.height, 64);
        EXPECT_EQ(dominantRamp(image->frames[0]), ramp) << image->name;
        // Terrain is opaque: index 0 would punch holes in the ground.
        for (const Bytes& frame : image->frames)
            EXPECT_EQ(transparentTexels(frame), 0) << image->name;
    }
    // Surf carries white foam; the two surf images differ (they sit side by side on the coast).
    const TexbsiImage* surfA = rgx::loaders::findTexbsiImage(f, terrain::kSurfA);
    const TexbsiImage* surfB = rgx::loaders::findTexbsiImage(f, terrain::kSurfB);
    ASSERT_TRUE(surfA && surfB);
    EXPECT_NE(surfA->frames, surfB->frames);
    for (const TexbsiImage* surf : {surfA, surfB}) {
        int foam = 0;
        for (std::uint8_t i : surf->frames[0])
            foam += i / 16 == static_cast<int>(Ramp::Grey) && i % 16 >= 12;
        EXPECT_GT(foam, 64) << surf->name;
    }
}

void expectAnimated(const TexbsiImage& image) {
    EXPECT_TRUE(rgx::loaders::texbsiAnimated(image.header)) << image.name;
    EXPECT_EQ(image.marker, rgx::loaders::TexbsiMarker::Ifhd) << image.name;
    ASSERT_GE(image.frames.size(), 4u) << image.name;
    EXPECT_GT(image.header.animDelay, 0) << image.name;
    for (std::size_t i = 1; i < image.frames.size(); ++i)
        EXPECT_NE(image.frames[i], image.frames[i - 1]) << image.name << " frame " << i << " does not move";
}

TEST_P(DemoTexturesSeeded, WaterImagesAreAnimated) {
    const TexbsiFile terrainBank = bank(kTerrainBank);
    for (int id : {terrain::kWater, terrain::kShallows, terrain::kSurfA, terrain::kSurfB}) {
        const TexbsiImage* image = rgx::loaders::findTexbsiImage(terrainBank, id);
        ASSERT_NE(image, nullptr);
        expectAnimated(*image);
    }
    const TextureRef surface = materialTexture(Material::WaterSurface);
    const TexbsiFile natureBank = bank(surface.textureId);
    const TexbsiImage* image = rgx::loaders::findTexbsiImage(natureBank, surface.imageId);
    ASSERT_NE(image, nullptr);
    expectAnimated(*image);
    EXPECT_EQ(dominantRamp(image->frames[0]), Ramp::Water);
    // Land images stay still: only water (and fire) moves.
    EXPECT_FALSE(
        rgx::loaders::texbsiAnimated(rgx::loaders::findTexbsiImage(terrainBank, terrain::kSand)->header));
}

TEST_P(DemoTexturesSeeded, MaterialsUseTheirRamps) {
    const std::array<std::pair<Material, Ramp>, 12> expected = {{{Material::Stone, Ramp::Stone},
                                                                 {Material::StoneWall, Ramp::Stone},
                                                                 {Material::Wood, Ramp::Wood},
                                                                 {Material::Plank, Ramp::Wood},
                                                                 {Material::Plaster, Ramp::Plaster},
                                                                 {Material::RoofTile, Ramp::Roof},
                                                                 {Material::Glass, Ramp::Glass},
                                                                 {Material::PalmLeaves, Ramp::Foliage},
                                                                 {Material::Skin, Ramp::Skin},
                                                                 {Material::Metal, Ramp::Metal},
                                                                 {Material::Rock, Ramp::Rock},
                                                                 {Material::Beam, Ramp::Fire}}};
    for (const auto& [material, ramp] : expected) {
        const TextureRef ref = materialTexture(material);
        const TexbsiFile f = bank(ref.textureId);
        const TexbsiImage* image = rgx::loaders::findTexbsiImage(f, ref.imageId);
        ASSERT_NE(image, nullptr);
        EXPECT_EQ(dominantRamp(image->frames[0]), ramp) << image->name;
    }
}

TEST_P(DemoTexturesSeeded, CutOutsUseIndexZeroAndSolidMaterialsDoNot) {
    auto image = [](const TextureRef& ref) {
        const TexbsiFile f = bank(ref.textureId);
        return *rgx::loaders::findTexbsiImage(f, ref.imageId);
    };
    const TexbsiImage leaves = image(materialTexture(Material::PalmLeaves));
    EXPECT_GT(transparentTexels(leaves.frames[0]), 64 * 64 / 5);
    for (int f = 0; f < flat::kCount; ++f) {
        const TextureRef ref = flatTexture(f);
        const TexbsiImage flatImage = image(ref);
        EXPECT_GT(transparentTexels(flatImage.frames[0]), ref.width * ref.height / 5) << flatImage.name;
        EXPECT_EQ(flatImage.frames[0][0], 0) << flatImage.name << ": top-left corner should be see-through";
    }
    for (Material m : {Material::Stone, Material::StoneWall, Material::Wood, Material::Plank,
                       Material::Plaster, Material::RoofTile, Material::Floor, Material::Door, Material::Rock,
                       Material::Metal, Material::Beam}) {
        const TexbsiImage solid = image(materialTexture(m));
        EXPECT_EQ(transparentTexels(solid.frames[0]), 0) << solid.name;
    }
}

// Mean shade step across each column (or row) boundary: the wrap edge's, and the largest of the
// boundaries inside (mortar lines and plank joints make some inside boundaries sharp on purpose).
struct Steps {
    double edge = 0, largestInside = 0;
};
Steps shadeSteps(const Bytes& px, int w, int h, bool alongX) {
    auto shade = [&](int x, int y) { return px[static_cast<std::size_t>(y * w + x)] % 16; };
    const int n = alongX ? w : h, m = alongX ? h : w;
    Steps steps;
    for (int i = 0; i < n; ++i) {
        double sum = 0;
        for (int j = 0; j < m; ++j)
            sum +=
                std::abs(alongX ? shade(i, j) - shade((i + 1) % n, j) : shade(j, i) - shade(j, (i + 1) % n));
        const double mean = sum / m;
        if (i + 1 == n)
            steps.edge = mean;
        else
            steps.largestInside = std::max(steps.largestInside, mean);
    }
    return steps;
}

TEST_P(DemoTexturesSeeded, RepeatingImagesTileWithoutASeam) {
    // Terrain and surface materials repeat across faces and cells: the step across the wrap edge
    // must look like any other step. Bark and rope are rounded across x, so only their y repeats.
    std::vector<std::pair<TextureRef, bool>> images; // (image, also tiles along x)
    for (int id : {0, 1, 2, 3, 4, 5, 6, 30, 31})
        images.push_back({{kTerrainBank, id, 64, 64}, true});
    for (Material m :
         {Material::Stone, Material::StoneWall, Material::Wood, Material::Plank, Material::Plaster,
          Material::RoofTile, Material::Floor, Material::Rock, Material::Cloth, Material::Skin,
          Material::Hair, Material::Metal, Material::WaterSurface})
        images.push_back({materialTexture(m), true});
    for (Material m : {Material::PalmBark, Material::Rope})
        images.push_back({materialTexture(m), false});
    for (const auto& [ref, alongX] : images) {
        const TexbsiFile f = bank(ref.textureId);
        const TexbsiImage* image = rgx::loaders::findTexbsiImage(f, ref.imageId);
        ASSERT_NE(image, nullptr);
        for (bool axis : {true, false}) {
            if (axis && !alongX) continue;
            const Steps steps = shadeSteps(image->frames[0], image->header.width, image->header.height, axis);
            EXPECT_LE(steps.edge, steps.largestInside * 1.25 + 0.25)
                << image->name << (axis ? " along x: " : " along y: ") << steps.edge << " vs "
                << steps.largestInside;
        }
    }
}

TEST_P(DemoTexturesSeeded, SkyWrapsAroundWithoutASeam) {
    // The panoramas wrap around the horizon (x); the cloud layer scrolls both ways.
    for (const auto& path : kGxaFiles) {
        const auto gxa = rgx::loaders::readGxa(file(path), path);
        const auto& frame = gxa.frames.at(0);
        const Steps steps = shadeSteps(frame.pixels, frame.width, frame.height, true);
        EXPECT_LE(steps.edge, steps.largestInside * 1.25 + 0.25) << path;
    }
    const auto clouds = rgx::loaders::readTexbsi(file(fx(kCloudLayer)), "clouds").images.at(0);
    for (bool alongX : {true, false}) {
        const Steps steps = shadeSteps(clouds.frames[0], clouds.header.width, clouds.header.height, alongX);
        EXPECT_LE(steps.edge, steps.largestInside * 1.25 + 0.25)
            << (alongX ? "clouds along x" : "clouds along y");
    }
}

TEST(DemoTextures, WaterLoopsWithoutAJump) {
    // Every moving term shifts by a whole fraction of its period a frame, so the frame after the
    // last is the first again; and the frames in between really move.
    for (int style : {textures::kOpenWater, textures::kShallows, textures::kSurf}) {
        for (std::uint32_t seed : {1u, 99u}) {
            const Bytes first = textures::waterFrame(64, 64, 0, 8, style, seed, seed + 1);
            EXPECT_EQ(textures::waterFrame(64, 64, 8, 8, style, seed, seed + 1), first) << style;
            EXPECT_EQ(textures::waterFrame(64, 64, 16, 8, style, seed, seed + 1), first) << style;
            EXPECT_NE(textures::waterFrame(64, 64, 4, 8, style, seed, seed + 1), first) << style;
            const textures::Picture picture = textures::waterPicture(64, 64, 8, style, seed, seed + 1);
            ASSERT_EQ(picture.frames.size(), 8u);
            EXPECT_EQ(picture.frames[3], textures::waterFrame(64, 64, 3, 8, style, seed, seed + 1));
        }
    }
}

rgx::loaders::Palette256 palette(const std::string& path) {
    return rgx::loaders::readCol(file(path), path).colors;
}

TEST(DemoTextures, PaletteRampsBrightenWithTheShade) {
    for (const auto& path : kColFiles) {
        const auto p = palette(path);
        EXPECT_EQ(p[0], (rgx::loaders::ColorRgb{0, 0, 0})) << path;
        for (int ramp = 0; ramp < 16; ++ramp) {
            for (int s = 0; s + 1 < 16; ++s) {
                const auto& a = p[paletteIndex(static_cast<Ramp>(ramp), s)];
                const auto& b = p[paletteIndex(static_cast<Ramp>(ramp), s + 1)];
                EXPECT_GE(paletteLuma(b), paletteLuma(a)) << path << " ramp " << ramp << " shade " << s;
            }
            // A ramp must actually span a range, or shading along it does nothing.
            EXPECT_GT(paletteLuma(p[paletteIndex(static_cast<Ramp>(ramp), 15)]),
                      paletteLuma(p[paletteIndex(static_cast<Ramp>(ramp), 0)]) + 20000)
                << path << " ramp " << ramp;
        }
    }
}

TEST(DemoTextures, NightIsDarkerAndBluerAndTheDungeonWarm) {
    const auto day = palette(fx(kDayPalette)), night = palette(fx(kNightPalette)),
               dungeon = palette(fx(kInteriorPalette));
    long dayLuma = 0, nightLuma = 0, dayBlue = 0, nightBlue = 0, dungeonWarm = 0;
    for (std::size_t i = 0; i < 256; ++i) {
        dayLuma += paletteLuma(day[i]);
        nightLuma += paletteLuma(night[i]);
        dayBlue += day[i].b * 1000 / (day[i].r + day[i].g + day[i].b + 1);
        nightBlue += night[i].b * 1000 / (night[i].r + night[i].g + night[i].b + 1);
        dungeonWarm += dungeon[i].r - dungeon[i].b;
    }
    EXPECT_LT(nightLuma, dayLuma / 2);
    EXPECT_GT(nightBlue, dayBlue);
    EXPECT_GT(dungeonWarm, 256 * 20);
    // Torches keep their colour at night and underground.
    EXPECT_EQ(night[paletteIndex(Ramp::Fire, 12)], day[paletteIndex(Ramp::Fire, 12)]);
}

TEST_P(DemoTexturesSeeded, SkyPanoramasCarryTheirPaletteAndAnRleFrame) {
    for (const auto& path : kGxaFiles) {
        const auto gxa = rgx::loaders::readGxa(file(path), path);
        ASSERT_TRUE(gxa.palette.has_value()) << path;
        for (const auto& c : *gxa.palette)
            EXPECT_TRUE(c.r < 64 && c.g < 64 && c.b < 64) << path << ": BPAL is 6-bit";
        ASSERT_GE(gxa.frames.size(), 1u);
        EXPECT_EQ(gxa.frames[0].compression, static_cast<std::int16_t>(rgx::loaders::GxaCompression::Rle));
        EXPECT_GE(gxa.frames[0].width, 256);
        EXPECT_EQ(transparentTexels(gxa.frames[0].pixels), 0) << path << ": the panorama has no holes";
        EXPECT_EQ(dominantRamp(gxa.frames[0].pixels), Ramp::Sky) << path;
    }
    const auto day = rgx::loaders::readGxa(file(sys(kDaySky)), "day");
    const auto night = rgx::loaders::readGxa(file(sys(kNightSky)), "night");
    // Each panorama carries the palette of its time of day, so sky and scene colours agree.
    EXPECT_EQ(*day.palette, toVga6(palette(fx(kDayPalette))));
    EXPECT_EQ(*night.palette, toVga6(palette(fx(kNightPalette))));
}

TEST_P(DemoTexturesSeeded, SkyLayersHaveTransparentGapsAndDiscs) {
    const auto clouds = rgx::loaders::readTexbsi(file(fx(kCloudLayer)), "clouds").images.at(0);
    const int cloudTexels = clouds.header.width * clouds.header.height;
    EXPECT_GT(transparentTexels(clouds.frames[0]), cloudTexels / 5);
    EXPECT_LT(transparentTexels(clouds.frames[0]), cloudTexels * 9 / 10);
    for (const auto& path : {fx(kSunDisc), fx(kMoonDisc)}) {
        const auto disc = rgx::loaders::readTexbsi(file(path), path).images.at(0);
        const int w = disc.header.width, h = disc.header.height;
        const Bytes& px = disc.frames[0];
        EXPECT_EQ(px[0], 0) << path;
        EXPECT_EQ(px[static_cast<std::size_t>(w * h - 1)], 0) << path;
        EXPECT_NE(px[static_cast<std::size_t>((h / 2) * w + w / 2)], 0) << path << ": centre of the disc";
    }
}

TEST(DemoTextures, SameSeedSameBytesOtherSeedOtherTextures) {
    const DemoTree again = texturesFor(1);
    EXPECT_EQ(again, demoTextures());
    const DemoTree other = texturesFor(2);
    ASSERT_EQ(other.size(), demoTextures().size());
    EXPECT_NE(other.at("fxart/TEXBSI.302"), file("fxart/TEXBSI.302"));
    EXPECT_NE(other.at("fxart/TEXBSI.170"), file("fxart/TEXBSI.170"));
    EXPECT_NE(other.at(sys(kDaySky)), file(sys(kDaySky)));
    // The palettes are the same in every demo: only the images vary with the seed.
    EXPECT_EQ(other.at(fx(kDayPalette)), file(fx(kDayPalette)));
}

TEST(DemoTextures, ScaleDoesNotChangeTexturesAndTheSetStaysSmall) {
    EXPECT_EQ(texturesFor(1, Scale::Island), demoTextures());
    std::size_t total = 0;
    for (const auto& [path, bytes] : demoTextures())
        total += bytes.size();
    EXPECT_LT(total, 2u * 1024 * 1024);
}

TEST(DemoTextures, GenerationTime) {
    // Reported, never asserted (timings belong in benchmarks): a figure for docs/performance.md.
    const auto start = std::chrono::steady_clock::now();
    const DemoTree tree = texturesFor(7);
    const auto ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::size_t total = 0;
    for (const auto& [path, bytes] : tree)
        total += bytes.size();
    std::cout << "addDemoTextures: " << ms << " ms, " << tree.size() << " files, " << total << " bytes\n";
    RecordProperty("milliseconds", std::to_string(ms));
    EXPECT_FALSE(tree.empty());
}

INSTANTIATE_TEST_SUITE_P(Seeds, DemoTexturesSeeded, ::testing::Values(1u, 2u, 3u, 77u, 0xFFFFFFFFu));

} // namespace
} // namespace rgx::demo
