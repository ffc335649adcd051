#include "demo/demo_layout.h"

#include <algorithm>
#include <cmath>

namespace rgx::demo {

namespace {

// Margin around the catalog's approximate extents, so the boxes hold the real meshes.
constexpr double kMargin = 64;

PvoBox modelBox(const ModelInfo* m, const loaders::RgmPos24& p) {
    double sx = m ? m->size[0] : 256, sy = m ? m->size[1] : 256, sz = m ? m->size[2] : 256;
    // Any heading: the footprint's half diagonal bounds both horizontal axes.
    double r = std::hypot(sx, sz) / 2 + kMargin;
    return PvoBox{{p.x - r, p.y - sy - kMargin, p.z - r}, {p.x + r, p.y + kMargin, p.z + r}};
}

} // namespace

std::vector<PvoObject> demoPvoObjects(const loaders::Rgm& rgm) {
    std::vector<PvoObject> out;
    for (std::size_t i = 0; i < rgm.mpso.size(); ++i)
        out.push_back({static_cast<std::uint16_t>(i),
                       modelBox(findDemoModel(loaders::rgmName(rgm.mpso[i].modelName)), rgm.mpso[i].pos)});
    std::size_t next = rgm.mpso.size();
    for (const loaders::RgmMpob& m : rgm.mpob) {
        if (m.isStatic == 0) continue;
        out.push_back({static_cast<std::uint16_t>(next++),
                       modelBox(findDemoModel(loaders::rgmName(m.modelName)), m.pos)});
    }
    for (const loaders::RgmMprp& r : rgm.mprp) {
        // The chain hangs down (+y) from its anchor: links, then the terminal model.
        double len = std::max<int>(r.length, 0) * kRopeLink.size[1] + kRopeEnd.size[1];
        double h = kRopeEnd.size[0] / 2.0 + kMargin;
        out.push_back({static_cast<std::uint16_t>(next++),
                       PvoBox{{r.pos.x - h, r.pos.y - kMargin, r.pos.z - h},
                              {r.pos.x + h, r.pos.y + len + kMargin, r.pos.z + h}}});
    }
    return out;
}

PvoScene islandPvoScene(const loaders::Rgm& rgm) {
    PvoScene scene;
    scene.objects = demoPvoObjects(rgm);
    scene.viewDistance = kPvoViewDistance; // open country: distance only
    return scene;
}

PvoBakeSettings islandPvoSettings(const DemoTerrain&) {
    PvoBakeSettings s;
    // The root spans the whole 256x256 grid: x, z in [0, 65536]; y in [-49152, 16384].
    s.center = {32768, -16384, 32768};
    s.cellSize = 32768;
    s.leafHalf = 2048; // 4096-unit cells: 16 x 16 columns over the island
    s.depth = 10;
    // The root box down to a little under the sea floor: every point of it where anything is
    // within view distance gets its answer (high above the island too).
    s.sampled = PvoBox{{0, -49152, 0}, {65536, 2048, 65536}};
    return s;
}

} // namespace rgx::demo
