// The demo's PVO boxes hold what they stand for (issue 30's planted bug: using each object's
// centre instead of its box in demo_layout_pvo.cpp's box passed every test). For every demo world
// with a PVO, every placed static's mesh bounds, in the PVO's frame (engine units, y down), lie
// inside the box its MLST id was baked with.

#include "demo/demo_layout.h"
#include "loaders/redguard/rgm.h"
#include "scene/game_fs.h"
#include "scene/redguard/scene_builder.h"
#include "scene/redguard/world_catalog.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <map>

namespace rgx::scene {
namespace {

TEST(DemoPvoBoxes, EveryPlacedStaticsMeshIsInsideItsBox) {
    const GameFs fs(rgx::testing::smallDemoDir());
    const WorldCatalog catalog = loadWorldCatalog(fs);
    int checked = 0;
    for (std::int64_t world : catalog.ids()) {
        SCOPED_TRACE("world " + std::to_string(world));
        const Scene s = buildWorldScene(fs, catalog, world);
        const loaders::WorldEntry& entry = catalog.world(world);
        ASSERT_TRUE(entry.map);
        const loaders::Rgm rgm = loaders::readRgm(fs.read(*entry.map), *entry.map);
        const std::vector<demo::PvoObject> boxes = demo::demoPvoObjects(rgm);
        // demoPvoObjects' order: MPSO records, then the static MPOB records, then the ropes.
        std::map<std::uint32_t, std::size_t> staticBox, objectBox;
        std::size_t next = 0;
        for (std::size_t i = 0; i < rgm.mpso.size(); ++i)
            staticBox[static_cast<std::uint32_t>(i)] = next++;
        for (std::size_t i = 0; i < rgm.mpob.size(); ++i)
            if (rgm.mpob[i].isStatic != 0) objectBox[static_cast<std::uint32_t>(i)] = next++;
        for (const SceneNode& n : s.nodes) {
            if (n.mesh < 0 || (n.kind != NodeKind::Static && n.kind != NodeKind::Object)) continue;
            const auto& table = n.kind == NodeKind::Static ? staticBox : objectBox;
            const auto at = table.find(n.source);
            if (at == table.end()) continue; // an MPOB that is not static: not in the PVO
            const Mesh& mesh = s.meshes[static_cast<std::size_t>(n.mesh)];
            if (mesh.placeholder) continue;
            const Bounds b = Bounds::transformed(mesh.allFramesBounds(), n.world);
            const demo::PvoBox& box = boxes.at(at->second).box;
            // Scene (x, y up, z) to the PVO's (x, y down, z).
            const std::array<double, 3> lo{b.min.x, -b.max.y, b.min.z}, hi{b.max.x, -b.min.y, b.max.z};
            for (int k = 0; k < 3; ++k) {
                EXPECT_GE(lo[k], box.min[k] - 1e-6) << n.name << " axis " << k;
                EXPECT_LE(hi[k], box.max[k] + 1e-6) << n.name << " axis " << k;
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, 20) << "the demo's statics were found";
}

} // namespace
} // namespace rgx::scene
