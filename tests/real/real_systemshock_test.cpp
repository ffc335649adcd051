// A real System Shock resource file: RGX_REAL_SS=DIR names a directory holding ARCHIVE.DAT (any
// case; ../shared/tools/ss-samples.sh extracts a fan level's, never committed). Every chunk
// reads, every compressed one unpacks, and writing the file back reads again to the same chunks.
// Skipped, visibly, without it.

#include "loaders/file_io.h"
#include "loaders/systemshock/level.h"
#include "loaders/systemshock/res_file.h"
#include "scene/engine.h"
#include "scene/systemshock/ss_engine.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

namespace rgx {
namespace {

namespace fs = std::filesystem;
namespace ss = loaders::systemshock;

std::optional<fs::path> sampleDir() {
    const char* dir = std::getenv("RGX_REAL_SS");
    if (!dir || !*dir) return std::nullopt;
    return fs::path(dir);
}

// `name` in dir, whatever the case of its letters.
std::optional<fs::path> findAnyCase(const fs::path& dir, std::string_view name) {
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
        const std::string file = e.path().filename().string();
        if (file.size() == name.size() &&
            std::equal(file.begin(), file.end(), name.begin(),
                       [](char a, char b) { return std::toupper(static_cast<unsigned char>(a)) == b; }))
            return e.path();
    }
    return std::nullopt;
}

TEST(RealSystemShock, ArchiveReadsAndWritesBack) {
    if (!sampleDir()) {
        GTEST_SKIP() << "RGX_REAL_SS is not set: real-System-Shock test skipped (point it at a directory "
                        "holding ARCHIVE.DAT, e.g. from ../shared/tools/ss-samples.sh)";
    }
    const std::optional<fs::path> path = findAnyCase(*sampleDir(), "ARCHIVE.DAT");
    ASSERT_TRUE(path) << "no ARCHIVE.DAT in " << sampleDir()->string();
    const loaders::Bytes bytes = loaders::readFile(*path);
    loaders::Warnings warnings;
    const ss::ResDirectory dir = ss::readResDirectory(bytes, path->string(), &warnings);
    ss::ResFile file;
    ASSERT_NO_THROW(file = ss::readResFile(bytes, path->string(), &warnings));
    for (const Warning& w : warnings)
        std::cout << "warning: " << w.text() << "\n";
    ASSERT_EQ(file.chunks.size(), dir.entries.size());
    ASSERT_FALSE(file.chunks.empty());
    std::size_t compressed = 0;
    std::cout << path->filename().string() << ": " << file.chunks.size() << " chunks\n";
    for (std::size_t i = 0; i < file.chunks.size(); ++i) {
        const ss::ResDirEntry& e = dir.entries[i];
        const ss::ResChunk& c = file.chunks[i];
        EXPECT_EQ(c.id, e.id);
        const std::size_t size = ss::resChunkContents(c).size();
        EXPECT_EQ(size, e.unpackedSize) << "chunk " << i;
        compressed += e.compressed();
        std::cout << "  0x" << std::hex << e.id << std::dec << " flags " << int(e.flags) << " type 0x"
                  << std::hex << int(e.contentType) << std::dec << " ("
                  << ss::resContentTypeName(e.contentType) << ") " << e.unpackedSize << "/" << e.packedSize
                  << " bytes" << (e.subdivided() ? ", " + std::to_string(c.blocks.size()) + " blocks" : "")
                  << "\n";
    }
    std::cout << compressed << " compressed chunks unpacked\n";

    const loaders::Bytes written = ss::writeResFile(file);
    loaders::Warnings again;
    EXPECT_EQ(ss::readResFile(written, "rewritten", &again), file);
    EXPECT_TRUE(again.empty());
    // Read without warnings, the rewrite is the file byte for byte: the same greedy LZW made it.
    if (warnings.empty()) {
        EXPECT_EQ(written, bytes);
    }
}

// Every level of the archive reads and builds a scene behind the engine seam: a node a tile that is
// not solid, and the tile-type counts printed (the note gives them).
TEST(RealSystemShock, EveryLevelBuildsAScene) {
    if (!sampleDir()) {
        GTEST_SKIP() << "RGX_REAL_SS is not set: real-System-Shock test skipped (point it at a directory "
                        "holding ARCHIVE.DAT, e.g. from ../shared/tools/ss-samples.sh)";
    }
    const scene::GameFs gameFs(*sampleDir());
    ASSERT_TRUE(scene::systemshock::systemShockEngine().recognises(gameFs));
    const scene::GameDirectory games(gameFs);
    const std::optional<fs::path> path = findAnyCase(*sampleDir(), "ARCHIVE.DAT");
    ASSERT_TRUE(path);
    const ss::ResFile file = ss::readResFile(loaders::readFile(*path), path->string());
    std::size_t levels = 0;
    for (const scene::GameWorld& w : games.worlds()) {
        if (w.engine != &scene::systemshock::systemShockEngine()) continue;
        ++levels;
        const int level = static_cast<int>(w.world.id - scene::systemshock::kFirstSystemShockWorld);
        const ss::LevelInfo info = ss::readLevelInfo(
            ss::findResChunk(file, ss::levelChunkId(level, ss::kLevelInfoPart))->data, "info");
        const ss::TileMap map =
            ss::readTileMap(ss::findResChunk(file, ss::levelChunkId(level, ss::kTileMapPart))->data,
                            info.width, info.height, "map");
        std::map<int, int> types;
        std::size_t open = 0;
        for (const ss::Tile& t : map.tiles) {
            ++types[t.type];
            open += t.type != 0 && t.type < ss::kTileTypeCount;
        }
        std::cout << w.world.name << " (" << w.world.kind << "), " << info.width << " x " << info.height
                  << " tiles, z shift " << info.zShift << ": tile types";
        for (const auto& [type, count] : types)
            std::cout << " " << ss::tileTypeName(static_cast<std::uint8_t>(type)) << " " << count;
        std::cout << "\n";
        scene::Scene s;
        ASSERT_NO_THROW(s = games.build(w.world.id)) << w.world.name;
        std::size_t tiles = 0;
        for (const scene::SceneNode& n : s.nodes)
            tiles += n.kind == scene::NodeKind::Tile;
        // A tile that is not solid has a node, unless it is closed in with nothing to draw (never
        // for an open tile: its floor at least).
        EXPECT_EQ(tiles, open) << w.world.name;
        for (const std::string& warning : s.warnings)
            std::cout << "  " << warning << "\n";
    }
    EXPECT_GT(levels, 0u);
}

} // namespace
} // namespace rgx
