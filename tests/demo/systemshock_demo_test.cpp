// The demo's DATA directory (demo/systemshock/): every file reads back through its reader with no
// warnings and writes back byte for byte; level 1 uses all 18 tile types, slopes every way, an
// inverted ceiling and several floor heights inside a solid border; every texture id a level's
// texture list names has its four bitmaps in TEXTURE.RES; the generator is deterministic.
#include "demo/systemshock/data.h"
#include "loaders/systemshock/bitmap.h"
#include "loaders/systemshock/level.h"
#include "loaders/systemshock/palette.h"
#include "loaders/systemshock/res_file.h"
#include "tests/loaders/warning_checks.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>

namespace rgx::demo::systemshock {
namespace {

namespace ss = rgx::loaders::systemshock;
using rgx::loaders::Bytes;

const DataTree& data() {
    static const DataTree tree = buildSystemShockDemo();
    return tree;
}

ss::ResFile res(const std::string& name) {
    const Bytes& bytes = data().at(name);
    const ss::ResFile file =
        rgx::testing::readQuietly(name, [&](Warnings* w) { return ss::readResFile(bytes, name, w); });
    EXPECT_EQ(ss::writeResFile(file), bytes) << name;
    return file;
}

const ss::ResChunk& chunk(const ss::ResFile& file, std::uint16_t id) {
    const ss::ResChunk* c = ss::findResChunk(file, id);
    if (!c) throw std::runtime_error("no chunk " + std::to_string(id));
    return *c;
}

struct Level {
    ss::LevelInfo info;
    ss::TileMap map;
    ss::TextureList textures;
};

Level level(int l) {
    const ss::ResFile archive = res("ARCHIVE.DAT");
    const std::string what = "level " + std::to_string(l);
    Level out;
    const Bytes& info = chunk(archive, ss::levelChunkId(l, ss::kLevelInfoPart)).data;
    out.info = rgx::testing::readQuietly(what, [&](Warnings* w) { return ss::readLevelInfo(info, what, w); });
    EXPECT_EQ(ss::writeLevelInfo(out.info), info);
    const Bytes& tiles = chunk(archive, ss::levelChunkId(l, ss::kTileMapPart)).data;
    out.map = rgx::testing::readQuietly(
        what, [&](Warnings* w) { return ss::readTileMap(tiles, out.info.width, out.info.height, what, w); });
    EXPECT_EQ(ss::writeTileMap(out.map), tiles);
    const Bytes& list = chunk(archive, ss::levelChunkId(l, ss::kTextureListPart)).data;
    out.textures =
        rgx::testing::readQuietly(what, [&](Warnings* w) { return ss::readTextureList(list, what, w); });
    EXPECT_EQ(ss::writeTextureList(out.textures), list);
    return out;
}

TEST(SystemShockDemo, HoldsTheThreeFiles) {
    EXPECT_EQ(data().size(), 3u);
    for (const char* name : {"ARCHIVE.DAT", "TEXTURE.RES", "GAMEPAL.RES"})
        EXPECT_TRUE(data().count(name)) << name;
}

TEST(SystemShockDemo, ArchiveReadsBackWithoutWarnings) {
    const ss::ResFile archive = res("ARCHIVE.DAT");
    const Bytes& name = chunk(archive, 4000).data;
    EXPECT_EQ(name.size(), 128u);
    EXPECT_EQ(std::string(name.begin(), name.begin() + 8), "rgx demo");
    for (const int l : kDemoLevels) {
        SCOPED_TRACE(l);
        for (int part = 2; part <= 9; ++part)
            EXPECT_TRUE(ss::findResChunk(archive, ss::levelChunkId(l, part))) << part;
        // The tile map is compressed, as the game's.
        EXPECT_TRUE(chunk(archive, ss::levelChunkId(l, ss::kTileMapPart)).compressed());
        const Level lv = level(l);
        EXPECT_EQ(lv.map.width, 64);
        EXPECT_EQ(lv.map.height, 64);
        EXPECT_EQ(lv.textures.ids.size(), 54u);
        const Bytes& objects = chunk(archive, ss::levelChunkId(l, ss::kObjectTablePart)).data;
        rgx::testing::readQuietly("objects",
                                  [&](Warnings* w) { return ss::readMasterObjects(objects, "objects", w); });
        const Bytes& refs = chunk(archive, ss::levelChunkId(l, ss::kCrossRefPart)).data;
        rgx::testing::readQuietly("refs", [&](Warnings* w) { return ss::readCrossRefs(refs, "refs", w); });
    }
    EXPECT_EQ(level(1).info.zShift, 3);
    EXPECT_EQ(level(2).info.zShift, 2);
}

TEST(SystemShockDemo, Level1UsesEveryTileType) {
    const Level lv = level(1);
    std::map<int, int> counts;
    for (const ss::Tile& t : lv.map.tiles)
        ++counts[t.type];
    EXPECT_EQ(counts.size(), static_cast<std::size_t>(ss::kTileTypeCount));
    for (int type = 0; type < ss::kTileTypeCount; ++type)
        EXPECT_GT(counts[type], 0) << ss::tileTypeName(static_cast<std::uint8_t>(type));
    std::ostringstream line;
    for (const auto& [type, n] : counts)
        line << " " << type << ":" << n;
    std::cout << "level 1 tile types:" << line.str() << "\n";
}

TEST(SystemShockDemo, Level1HasAnInvertedCeilingAndSeveralFloorHeights) {
    const Level lv = level(1);
    bool inverted = false;
    std::set<int> floors, shadows;
    for (const ss::Tile& t : lv.map.tiles) {
        if (t.type >= 0x0A && t.type <= 0x0D && t.slopeControl() == ss::SlopeControl::Both && t.steepness > 0)
            inverted = true;
        if (t.type == static_cast<std::uint8_t>(ss::TileType::Open)) floors.insert(t.floorHeight());
        shadows.insert(t.floorShadow());
    }
    EXPECT_TRUE(inverted);
    EXPECT_GE(floors.size(), 4u);
    EXPECT_GE(shadows.size(), 3u);
}

TEST(SystemShockDemo, BordersAreSolidAndTextureBitsIndexTheList) {
    for (const int l : kDemoLevels) {
        SCOPED_TRACE(l);
        const Level lv = level(l);
        std::map<int, int> counts;
        for (int y = 0; y < lv.map.height; ++y)
            for (int x = 0; x < lv.map.width; ++x) {
                const ss::Tile& t = lv.map.at(x, y);
                ++counts[t.type];
                if (x == 0 || y == 0 || x == lv.map.width - 1 || y == lv.map.height - 1) {
                    EXPECT_EQ(t.type, 0) << x << "," << y;
                }
                EXPECT_LT(static_cast<std::size_t>(t.floorTexture()), lv.textures.ids.size());
                EXPECT_LT(static_cast<std::size_t>(t.ceilingTexture()), lv.textures.ids.size());
                EXPECT_LT(static_cast<std::size_t>(t.wallTexture()), lv.textures.ids.size());
                // Ceiling above the floor everywhere open.
                if (t.type != 0) {
                    EXPECT_LT(t.floorHeight(), 32 - t.ceilingHeight()) << x << "," << y;
                }
            }
        std::ostringstream line;
        for (const auto& [type, n] : counts)
            line << " " << type << ":" << n;
        std::cout << "level " << l << " tile types:" << line.str() << "\n";
    }
}

TEST(SystemShockDemo, EveryListedTextureIsInTextureRes) {
    const ss::ResFile textures = res("TEXTURE.RES");
    std::set<int> ids;
    for (const int l : kDemoLevels)
        for (const std::uint16_t id : level(l).textures.ids)
            ids.insert(id);
    EXPECT_EQ(ids.size(), static_cast<std::size_t>(kDemoTextureCount));
    int rle = 0;
    for (const int id : ids)
        for (const ss::TextureChunk& place : ss::textureChunks(id)) {
            SCOPED_TRACE(std::to_string(id) + " in chunk " + std::to_string(place.chunk));
            const ss::ResChunk* c = ss::findResChunk(textures, place.chunk);
            ASSERT_TRUE(c);
            EXPECT_EQ(c->contentType, 2);
            ASSERT_TRUE(c->subdivided());
            ASSERT_LT(place.block, c->blocks.size());
            const Bytes& block = c->blocks[place.block];
            const ss::Bitmap b = rgx::testing::readQuietly(
                "bitmap", [&](Warnings* w) { return ss::readBitmap(block, "b", w); });
            EXPECT_EQ(b.width, place.side);
            EXPECT_EQ(b.height, place.side);
            EXPECT_EQ(ss::writeBitmap(b), block);
            rle += b.compressed();
        }
    EXPECT_GT(rle, 0);
    EXPECT_LT(rle, 4 * kDemoTextureCount);
}

TEST(SystemShockDemo, GamePaletteReadsBack) {
    const Bytes& file = data().at("GAMEPAL.RES");
    res("GAMEPAL.RES");
    const loaders::Palette256 p = rgx::testing::readQuietly(
        "GAMEPAL.RES", [&](Warnings* w) { return ss::readGamePalette(file, "GAMEPAL.RES", w); });
    EXPECT_EQ(p[0], (loaders::ColorRgb{0, 0, 0}));
    std::set<std::tuple<int, int, int>> distinct;
    for (const loaders::ColorRgb& c : p)
        distinct.insert({c.r, c.g, c.b});
    EXPECT_GT(distinct.size(), 200u);
}

TEST(SystemShockDemo, IsDeterministic) {
    EXPECT_EQ(buildSystemShockDemo(), data());
}

} // namespace
} // namespace rgx::demo::systemshock
