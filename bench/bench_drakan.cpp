// Drakan's levels (issue 44): the demo's level (world 3000, Levels/Valley.lvl) from files to a
// finished scene, each from a fresh GameFs, and its parts: the level read (its layers inflated),
// the texture database's textures decoded, the layers' meshes, the model database's catalogue
// (`--model Models.mod`). The demo is small (two layers of 16 x 16 and 2 x 6 cells, 16 objects,
// seven 64 x 64 textures), so a busy level stands for a real one beside it: one 128 x 128 layer at
// random heights, dividers and textures, the demo's objects placed 64 times over it, and a 256 x
// 256 true-colour texture of 65,536 distinct colours (each quantised to the palette once).
// Aim (issue 44, docs/performance.md): the demo level loads to its first frame in 150 ms or less;
// the scene build measured here is the CPU part of that (`rgx bench --world 3000` gives the whole).

#include "bench/bench_game_dir.h"
#include "demo/demo.h"
#include "demo/drakan/data.h"
#include "loaders/drakan/level.h"
#include "loaders/drakan/srsc.h"
#include "loaders/drakan/texture.h"
#include "loaders/file_io.h"
#include "scene/drakan/dk_engine.h"
#include "scene/drakan/dk_layer_mesh.h"
#include "scene/engine.h"
#include "scene/game_fs.h"

#include <benchmark/benchmark.h>

#include <filesystem>

namespace {

namespace dk = rgx::loaders::drakan;
namespace fs = std::filesystem;

constexpr std::uint16_t kBusyTexture = 8; // the true-colour texture added to Textures.txd
constexpr std::uint16_t kTexturesDb = 1;  // the demo level's index of Common/Textures
constexpr std::uint32_t kBusySide = 128;  // cells a side of the busy layer
constexpr std::uint32_t kBusyTextureSide = 256;

// 256 x 256 texels, 24 bits, red the column and green the row: every texel a colour of its own,
// the worst case of the palette quantisation's memo.
dk::DrakanTexture busyTexture() {
    rgx::loaders::Bytes rows;
    rows.reserve(std::size_t{kBusyTextureSide} * kBusyTextureSide * 3);
    for (std::uint32_t y = 0; y < kBusyTextureSide; ++y)
        for (std::uint32_t x = 0; x < kBusyTextureSide; ++x)
            rows.insert(rows.end(), {static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y),
                                     static_cast<std::uint8_t>((x * 7 + y * 3) & 0xFF)});
    return dk::makeTexture(kBusyTextureSide, kBusyTextureSide, kBusyTextureSide * 3, 24, 0, 0, rows);
}

dk::Layer busyLayer() {
    dk::Layer l;
    l.id = 1;
    l.width = l.height = kBusySide;
    l.type = dk::LayerType::Floor;
    l.name = "Busy floor";
    l.visibleLayers = {0};
    std::uint32_t seed = 12345;
    const auto next = [&] {
        seed = seed * 1103515245u + 12345u;
        return seed >> 16;
    };
    for (std::uint32_t i = 0; i < (kBusySide + 1) * (kBusySide + 1); ++i)
        l.vertices.push_back({0, 1, static_cast<std::uint16_t>(0x8000 + next() % 2048)});
    for (std::uint32_t i = 0; i < kBusySide * kBusySide; ++i) {
        dk::LayerCell c;
        c.flags = next() % 2 ? dk::kCellBackslash : 0;
        c.left = {static_cast<std::uint16_t>(1 + next() % kBusyTexture), kTexturesDb};
        c.right = {static_cast<std::uint16_t>(1 + next() % kBusyTexture), kTexturesDb};
        if (next() % 64 == 0) c.left = c.right = dk::kHoleTexture;
        c.uv = {0, 0xFFFF, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0, 0};
        l.cells.push_back(c);
    }
    return l;
}

// The demo's Riot game with the busy texture added and the busy level in place of the valley.
void writeBusyGame(const fs::path& dir) {
    rgx::demo::drakan::DrakanTree tree = rgx::demo::drakan::buildDrakanDemo();
    dk::SrscFile txd = dk::readSrsc(tree.at("Common/Textures.txd"), "Textures.txd");
    txd.records.push_back({dk::kTextureRecord, kBusyTexture, 0, dk::writeTextureRecord(busyTexture())});
    tree["Common/Textures.txd"] = dk::writeSrsc(txd);
    dk::Level level = dk::readLevel(tree.at(rgx::demo::drakan::kDemoLevel), "Valley.lvl");
    level.info.name = "rgx bench busy level";
    level.info.maxWidth = level.info.maxHeight = kBusySide;
    level.layers = {busyLayer()};
    level.groups = {{"Terrain", {1}}};
    const std::vector<dk::LevelObject> valley = level.objects;
    level.objects.clear();
    for (std::uint32_t k = 0; k < 64; ++k)
        for (dk::LevelObject o : valley) {
            o.id += k * 100;
            o.lightingLayer = 1;
            o.position[0] += static_cast<float>(k % 8 * 16 * 2048);
            o.position[2] += static_cast<float>(k / 8 * 16 * 2048);
            level.objects.push_back(o);
        }
    tree[rgx::demo::drakan::kDemoLevel] = dk::writeLevel(level);
    for (const auto& [name, bytes] : tree) {
        const fs::path path = dir / rgx::demo::drakan::kDrakanDir / name;
        fs::create_directories(path.parent_path());
        rgx::loaders::writeFile(path, bytes);
    }
}

// The whole demo (its Drakan level is world 3000) and the busy game, each in a directory of its own.
void writeGameDirs(const fs::path& dir) {
    rgx::demo::writeDemo(rgx::demo::buildDemo(rgx::demo::DemoOptions{}), dir / "demo");
    writeBusyGame(dir / "busy");
}
const fs::path& benchDir() {
    return rgx::bench::benchGameDir("drakan", writeGameDirs);
}
fs::path demoDrakan() {
    return benchDir() / "demo" / rgx::demo::drakan::kDrakanDir;
}

// The valley's .lvl read: its records, its two layers' zlib streams inflated, its objects.
void BM_DrakanReadLevel(benchmark::State& state) {
    const rgx::loaders::Bytes bytes = rgx::loaders::readFile(demoDrakan() / rgx::demo::drakan::kDemoLevel);
    for (auto _ : state) {
        const dk::Level level = dk::readLevel(bytes, "Valley.lvl");
        benchmark::DoNotOptimize(level.layers.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_DrakanReadLevel)->Unit(benchmark::kMicrosecond)->MinTime(1.0);

// Textures.txd read and every texture decoded to RGBA (inflated, each pixel format converted; the
// 8-bit one through the database's palette), as the scene does before quantising.
void BM_DrakanDecodeTextures(benchmark::State& state) {
    const rgx::loaders::Bytes bytes = rgx::loaders::readFile(demoDrakan() / "Common/Textures.txd");
    std::size_t textures = 0;
    for (auto _ : state) {
        const dk::SrscFile txd = dk::readSrsc(bytes, "Textures.txd");
        dk::DrakanPalette palette;
        for (const dk::SrscRecord& r : txd.records)
            if (r.type == dk::kPaletteRecord) palette = dk::readPaletteRecord(r.body, "Textures.txd");
        textures = 0;
        for (const dk::SrscRecord& r : txd.records) {
            if (r.type != dk::kTextureRecord) continue;
            const dk::DrakanTexture t = dk::readTextureRecord(r.body, "Textures.txd");
            const std::vector<std::uint8_t> rgba = dk::decodeTexture(t, &palette, "Textures.txd");
            benchmark::DoNotOptimize(rgba.data());
            ++textures;
        }
    }
    state.counters["textures"] = static_cast<double>(textures);
}
BENCHMARK(BM_DrakanDecodeTextures)->Unit(benchmark::kMicrosecond)->MinTime(1.0);

// The layers' meshes alone (a material a texture reference, no textures read): the valley's two,
// then the busy 128 x 128 layer.
void layerMeshes(benchmark::State& state, const std::vector<dk::Layer>& layers) {
    const auto material = [](dk::RecordRef ref) { return std::uint32_t{ref.id}; };
    std::size_t triangles = 0;
    for (auto _ : state) {
        triangles = 0;
        for (const dk::Layer& layer : layers) {
            const rgx::scene::Mesh mesh = rgx::scene::drakan::layerMesh(layer, material, "layer");
            triangles += mesh.indices.size() / 3;
            benchmark::DoNotOptimize(mesh.vertices.data());
        }
    }
    state.counters["triangles"] = static_cast<double>(triangles);
}
void BM_DrakanDemoLayerMeshes(benchmark::State& state) {
    const dk::Level level =
        dk::readLevel(rgx::loaders::readFile(demoDrakan() / rgx::demo::drakan::kDemoLevel), "Valley.lvl");
    layerMeshes(state, level.layers);
}
BENCHMARK(BM_DrakanDemoLayerMeshes)->Unit(benchmark::kMicrosecond)->MinTime(1.0);
void BM_DrakanBusyLayerMesh(benchmark::State& state) {
    layerMeshes(state, {busyLayer()});
}
BENCHMARK(BM_DrakanBusyLayerMesh)->Unit(benchmark::kMillisecond)->MinTime(1.0);

// The demo's level (world 3000) from a fresh GameFs: the level, three databases' definitions and
// SRSC files, the palette, seven textures decoded and quantised, five classes, four models.
void BM_DrakanDemoLevelScene(benchmark::State& state) {
    rgx::bench::buildWorldEachIteration(state, benchDir() / "demo", 3000);
}
BENCHMARK(BM_DrakanDemoLevelScene)->Unit(benchmark::kMillisecond)->MinTime(1.0);

// The busy level the same way (its world is 3000 too: the only level of its game).
void BM_DrakanBusyLevelScene(benchmark::State& state) {
    rgx::bench::buildWorldEachIteration(state, benchDir() / "busy", 3000);
}
BENCHMARK(BM_DrakanBusyLevelScene)->Unit(benchmark::kMillisecond)->MinTime(1.0);

// The model database opened alone (`rgx scene --model Common/Models.mod`): every model's mesh and
// record laid out in the catalogue grid, their textures read through Models.db.
void BM_DrakanModelCatalogue(benchmark::State& state) {
    const fs::path mod = demoDrakan() / rgx::demo::drakan::kDemoModels;
    std::size_t nodes = 0, triangles = 0;
    for (auto _ : state) {
        const rgx::scene::Scene scene = rgx::scene::drakan::buildRiotModelScene(mod);
        nodes = scene.nodes.size();
        triangles = scene.totalTriangles();
        benchmark::DoNotOptimize(scene.nodes.data());
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["mesh_triangles"] = static_cast<double>(triangles);
}
BENCHMARK(BM_DrakanModelCatalogue)->Unit(benchmark::kMillisecond)->MinTime(1.0);

} // namespace

BENCHMARK_MAIN();
