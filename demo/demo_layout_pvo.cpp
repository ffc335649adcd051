#include "demo/demo_layout.h"

#include "demo/demo_models_parts.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace rgx::demo {

namespace {

// Margin round each model's measured reach.
constexpr double kMargin = 64;

// How far a demo model reaches from its origin, measured on the meshes the demo writes (every
// frame of a .3DC): the largest horizontal distance of a vertex, which bounds it at any heading,
// and its lowest and highest height (engine units, y up). The catalog's sizes are approximate
// and assume a base at y = 0 centred on the origin, which the beam (a cone from the lamp along +z)
// and a waving flag's frames are not (issue 30: their boxes missed parts of them).
struct Reach {
    double horizontal = 0, low = 0, high = 0;
    double radius = 0; // the farthest vertex: bounds a model tilted any way
    void add(double x, double y, double z) {
        horizontal = std::max(horizontal, std::hypot(x, z));
        low = std::min(low, y);
        high = std::max(high, y);
        radius = std::max(radius, std::hypot(x, y, z));
    }
};

const std::map<std::string, Reach, std::less<>>& modelReaches() {
    static const std::map<std::string, Reach, std::less<>> reaches = [] {
        std::map<std::string, Reach, std::less<>> out;
        for (const std::vector<DemoStatic>& statics : {islandStatics(), dungeonStatics()})
            for (const DemoStatic& st : statics) {
                Reach& r = out[std::string(st.info->name)];
                for (const P3& p : st.mesh.points())
                    r.add(p.x, p.y, p.z);
            }
        for (const DemoModelFile& f : actorFiles()) {
            Reach& r = out[f.file.substr(0, f.file.find('.'))];
            for (std::uint32_t k = 0; k < loaders::decodableFrameCount(f.model); ++k)
                for (const loaders::Vec3i& v : loaders::modelFrame(f.model, k).positions)
                    r.add(v.x / 256.0, -v.y / 256.0, v.z / 256.0); // raw: x 256, y down
        }
        return out;
    }();
    return reaches;
}

// tilted: turned about x or z too (MPOB angles), not only about y.
PvoBox modelBox(std::string_view name, const loaders::RgmPos24& p, bool tilted = false) {
    const auto& reaches = modelReaches();
    Reach reach;
    if (const auto at = reaches.find(name); at != reaches.end()) {
        reach = at->second;
    } else { // no demo model of that name (a placeholder): the catalog's size, or 256 a side
        const ModelInfo* m = findDemoModel(name);
        const double sx = m ? m->size[0] : 256, sy = m ? m->size[1] : 256, sz = m ? m->size[2] : 256;
        reach.add(sx / 2, 0, sz / 2);
        reach.add(-sx / 2, sy, -sz / 2);
    }
    if (tilted) {
        const double r = reach.radius + kMargin;
        return PvoBox{{p.x - r, p.y - r, p.z - r}, {p.x + r, p.y + r, p.z + r}};
    }
    const double r = reach.horizontal + kMargin;
    // PVO coordinates are y down: the model's top is at p.y - high.
    return PvoBox{{p.x - r, p.y - reach.high - kMargin, p.z - r},
                  {p.x + r, p.y - reach.low + kMargin, p.z + r}};
}

} // namespace

std::vector<PvoObject> demoPvoObjects(const loaders::Rgm& rgm) {
    std::vector<PvoObject> out;
    for (std::size_t i = 0; i < rgm.mpso.size(); ++i)
        out.push_back({static_cast<std::uint16_t>(i),
                       modelBox(loaders::rgmName(rgm.mpso[i].modelName), rgm.mpso[i].pos)});
    std::size_t next = rgm.mpso.size();
    for (const loaders::RgmMpob& m : rgm.mpob) {
        if (m.isStatic == 0) continue;
        out.push_back({static_cast<std::uint16_t>(next++),
                       modelBox(loaders::rgmName(m.modelName), m.pos, m.angles[0] != 0 || m.angles[2] != 0)});
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
    scene.viewDistance = kPvoBackPlane; // open country: distance only, the engine's back_plane
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
