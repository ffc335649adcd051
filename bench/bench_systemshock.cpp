// System Shock's level geometry (issue 43): a 64 x 64 level's tiles to their mesh
// (scene/systemshock/tile_geometry.h), and the whole scene from ARCHIVE.DAT (the chunks unpacked,
// the tile map read, a node a tile). The level: every tile type, heights and steepness varying,
// every slope control, a solid border, as busy as any of the game's decks.
// Aim (issue 43, docs/performance.md): a 64 x 64 level builds its mesh in 20 ms or less.

#include "bench/bench_game_dir.h"
#include "demo/demo.h"
#include "loaders/file_io.h"
#include "loaders/systemshock/level.h"
#include "loaders/systemshock/res_file.h"
#include "scene/engine.h"
#include "scene/game_fs.h"
#include "scene/systemshock/tile_geometry.h"

#include <benchmark/benchmark.h>

#include <filesystem>

namespace {

namespace lss = rgx::loaders::systemshock;

lss::TileMap busyLevel() {
    lss::TileMap map;
    map.width = map.height = 64;
    map.tiles.resize(64 * 64);
    std::uint32_t seed = 12345;
    const auto next = [&] {
        seed = seed * 1103515245u + 12345u;
        return seed >> 16;
    };
    for (int y = 1; y < 63; ++y)
        for (int x = 1; x < 63; ++x) {
            lss::Tile& t = map.tiles[static_cast<std::size_t>(y * 64 + x)];
            t.type = static_cast<std::uint8_t>(1 + next() % 17);
            t.floor = static_cast<std::uint8_t>(next() % 8);
            t.ceiling = static_cast<std::uint8_t>(next() % 8);
            t.steepness = static_cast<std::uint8_t>(next() % 6);
            t.textures = static_cast<std::uint16_t>(next());
            t.flags = (next() % 4) << 10;
        }
    return map;
}

lss::LevelInfo levelInfo() {
    lss::LevelInfo info;
    info.zShift = 3;
    return info;
}

void BM_SystemShockLevelMesh(benchmark::State& state) {
    const lss::TileMap map = busyLevel();
    const lss::LevelInfo info = levelInfo();
    std::size_t triangles = 0;
    for (auto _ : state) {
        const rgx::scene::systemshock::TileGeometry g = rgx::scene::systemshock::buildTileGeometry(map, info);
        triangles = g.triangles.size();
        benchmark::DoNotOptimize(g.vertices.data());
    }
    state.counters["triangles"] = static_cast<double>(triangles);
}
BENCHMARK(BM_SystemShockLevelMesh)->Unit(benchmark::kMillisecond)->MinTime(1.0);

// The busy level alone in an ARCHIVE.DAT, under DATA/ as an install holds it.
void writeBusyArchive(const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir / "DATA");
    lss::ResFile file;
    const auto add = [&](std::uint16_t id, rgx::loaders::Bytes data) {
        lss::ResChunk c;
        c.id = id;
        c.flags = lss::kResFlagCompressed;
        c.contentType = 0x30;
        c.data = std::move(data);
        file.chunks.push_back(std::move(c));
    };
    add(lss::levelChunkId(1, lss::kLevelInfoPart), lss::writeLevelInfo(levelInfo()));
    add(lss::levelChunkId(1, lss::kTileMapPart), lss::writeTileMap(busyLevel()));
    rgx::loaders::writeFile(dir / "DATA/ARCHIVE.DAT", lss::writeResFile(file));
}

// The busy level and the demo (its deck is world 2001), each in a directory of its own.
void writeGameDirs(const std::filesystem::path& dir) {
    writeBusyArchive(dir / "busy");
    rgx::demo::writeDemo(rgx::demo::buildDemo(rgx::demo::DemoOptions{}), dir / "demo");
}
const std::filesystem::path& busyDir() {
    static const std::filesystem::path dir = rgx::bench::benchGameDir("systemshock", writeGameDirs) / "busy";
    return dir;
}
const std::filesystem::path& demoDir() {
    static const std::filesystem::path dir = rgx::bench::benchGameDir("systemshock", writeGameDirs) / "demo";
    return dir;
}

void BM_SystemShockLevelScene(benchmark::State& state) {
    rgx::bench::buildWorldEachIteration(state, busyDir(), 2001);
}
BENCHMARK(BM_SystemShockLevelScene)->Unit(benchmark::kMillisecond)->MinTime(1.0);

// The demo's deck (world 2001, level 1: every tile type, 1,326 open tiles, its textures and
// palette read) from a fresh GameFs, the "on the demo".
void BM_SystemShockDemoDeckScene(benchmark::State& state) {
    rgx::bench::buildWorldEachIteration(state, demoDir(), 2001);
}
BENCHMARK(BM_SystemShockDemoDeckScene)->Unit(benchmark::kMillisecond)->MinTime(1.0);

} // namespace

BENCHMARK_MAIN();
