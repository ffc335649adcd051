// Maps (and PVOs) the readers accept but built from mutated bytes (tests/support/mutate.h): the scene is
// built from them and the layers above take it as the explorer and `rgx export` do (every actor
// played, PVO queries, the glTF written). Nothing may crash or throw anything but rgx::Error; the
// sanitizer build turns memory errors and undefined behaviour into failures. The loaders' own
// fuzz targets stop at the reader: this covers what a readable file can still ask of the scene.

#include "base/error.h"
#include "export/gltf_export.h"
#include "loaders/file_io.h"
#include "loaders/redguard/pvo.h"
#include "loaders/redguard/rgm.h"
#include "scene/redguard/scene_builder.h"
#include "sim/scene_animation.h"
#include "tests/support/demo_dir.h"
#include "tests/support/mutate.h"
#include "view/pvo_culling.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <unistd.h>

namespace rgx::exporter {
namespace {

namespace fs = std::filesystem;

TEST(HostileMaps, MutatedMapsBuildPlayCullAndExport) {
    // A copy of the small demo whose island map each input replaces.
    const fs::path dir = fs::temp_directory_path() / ("rgx_hostile_maps_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(rgx::testing::smallDemoDir(), dir, fs::copy_options::recursive);
    const fs::path map = dir / "maps" / "ISLAND.RGM";
    ASSERT_TRUE(fs::exists(map));
    const loaders::Bytes island = loaders::readFile(map);

    const auto target = [&](loaders::ByteSpan bytes) {
        try {
            (void)loaders::readRgm(bytes, "ISLAND.RGM"); // the reader's rejects are not this test's
            loaders::writeFile(map, loaders::Bytes(bytes.begin(), bytes.end()));
            const scene::Scene s = scene::buildWorldScene(scene::GameFs(dir), 0);
            sim::SceneAnimation animation(s, sim::animationSettings(s));
            animation.setTime(2.5);
            const view::PvoCulling culling = view::PvoCulling::forScene(s);
            std::vector<std::uint8_t> visible;
            for (const rgx::Vec3& at : {rgx::Vec3{30000, 600, 30000}, rgx::Vec3{-5, 5, -5}})
                culling.visibleNodes(at, visible);
            ExportOptions options;
            options.maxAnimationTicks = 5000;
            exportGltf(renderer::prepareWorld(s), nullptr, dir / "out.glb", options);
            return true;
        } catch (const Error&) {
            return false;
        }
    };
    rgx::testing::fuzzRun("hostile_maps", {island}, target, 40, 3);
    loaders::writeFile(map, island);

    // The dungeon's PVO (the octree PVO culling walks every frame), queried over the rooms.
    const fs::path pvo = dir / "maps" / "DUNGEON.PVO";
    ASSERT_TRUE(fs::exists(pvo));
    const loaders::Bytes dungeonPvo = loaders::readFile(pvo);
    const auto queries = [&](loaders::ByteSpan bytes) {
        try {
            (void)loaders::readPvo(bytes, "DUNGEON.PVO");
            loaders::writeFile(pvo, loaders::Bytes(bytes.begin(), bytes.end()));
            const scene::Scene s = scene::buildWorldScene(scene::GameFs(dir), 2);
            const view::PvoCulling culling = view::PvoCulling::forScene(s);
            std::vector<std::uint8_t> visible;
            for (double x = -1024; x <= 7168; x += 512)
                for (double z = -1024; z <= 7168; z += 512) {
                    culling.visibleNodes({x, 160, z}, visible);
                    (void)culling.cell({x, 160, z});
                }
            return true;
        } catch (const Error&) {
            return false;
        }
    };
    rgx::testing::fuzzRun("hostile_pvo", {dungeonPvo}, queries, 300, 3);
    fs::remove_all(dir);
}

} // namespace
} // namespace rgx::exporter
