#include "demo/demo_layout.h"

#include "demo/demo_actors_rgm.h"
#include "demo/demo_scripts.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

namespace rgx::demo {

namespace {

constexpr double kCell = 256.0;

struct Spot {
    double x = 0, z = 0;
};

struct Placer {
    const DemoTerrain& terrain;
    DemoRandom& random;

    // A random land spot with ground height between minUp and maxUp engine units above the sea
    // and at most maxSlope height difference over a square of half-size `half`; near `around`
    // (within radius) when given. nullopt after `tries` misses.
    std::optional<Spot> land(double minUp, double maxUp, double maxSlope, double half,
                             std::optional<Spot> around = std::nullopt, double radius = 0, int tries = 60) {
        for (int t = 0; t < tries; ++t) {
            Spot s;
            if (around) {
                s.x = around->x + (random.uniform() * 2 - 1) * radius;
                s.z = around->z + (random.uniform() * 2 - 1) * radius;
            } else {
                s.x = 2048 + random.uniform() * (kTerrainExtent - 4096);
                s.z = 2048 + random.uniform() * (kTerrainExtent - 4096);
            }
            if (s.x < half || s.z < half || s.x > kTerrainExtent - half || s.z > kTerrainExtent - half)
                continue;
            double up = -terrain.groundY(s.x, s.z);
            if (up < minUp || up > maxUp || terrain.isWater(s.x, s.z)) continue;
            if (terrain.footprintSlope(s.x, s.z, half) > maxSlope) continue;
            if (terrain.footprintY(s.x, s.z, half) > -20) continue; // the whole footprint on land
            return s;
        }
        return std::nullopt;
    }
};

// Splits `total` over weights (largest remainders first, ties by order): deterministic.
std::vector<int> share(int total, const std::vector<int>& weights) {
    int sum = 0;
    for (int w : weights)
        sum += w;
    std::vector<int> out(weights.size());
    int given = 0;
    for (std::size_t i = 0; i < weights.size(); ++i)
        given += out[i] = total * weights[i] / sum;
    for (std::size_t i = 0; given < total; i = (i + 1) % weights.size(), ++given)
        ++out[i];
    return out;
}

} // namespace

WorldCounts islandCounts(Scale scale) {
    if (scale == Scale::Island) return {1691, 510, 576, 13, 64, 40};
    return {160, 30, 80, 2, 12, 8};
}

loaders::Rgm makeIslandRgm(const DemoTerrain& terrain, const DemoOptions& options, bool night) {
    const WorldCounts counts = islandCounts(options.scale);
    // The placements depend on the seed only, never on `night`: both maps share one PVO.
    DemoRandom random(options.seed * 2654435761u + 101u);
    Placer placer{terrain, random};
    loaders::Rgm rgm;

    auto addStatic = [&](std::string_view model, double x, double y, double z, int dir16) {
        rgm.mpso.push_back(makeMpso(static_cast<std::uint32_t>(rgm.mpso.size()), model, x, y, z, dir16));
    };

    // The harbour: walk south from the island's centre to the first sea vertex; the dock runs
    // from the beach into the sea there.
    const double cx = 127.5 * kCell;
    double shoreZ = cx;
    while (shoreZ < kTerrainExtent - kCell && !terrain.isWater(cx, shoreZ))
        shoreZ += kCell;
    const Spot dock{cx, shoreZ + kDock.size[2] / 2.0 - 300};
    addStatic(kDock.name, dock.x, 0, dock.z, 0);
    // The lighthouse on the highest cliff top of the north coast (rows < 110, near the sea).
    Spot light{cx, cx};
    double best = -1;
    for (int r = 8; r < 110; ++r)
        for (int c = 8; c < 248; ++c) {
            int h = terrain.heightIndex(r, c);
            if (h == 0) continue;
            bool coast = false;
            for (int d = 1; d <= 5 && !coast; ++d)
                coast = terrain.heightIndex(r - d, c) == 0;
            if (coast && h > best && terrain.footprintSlope(c * kCell, r * kCell, 200) < 160) {
                best = h;
                light = {c * kCell, r * kCell};
            }
        }
    const double lightY = terrain.footprintY(light.x, light.z, 200);
    addStatic(kLighthouse.name, light.x, lightY, light.z, 0);
    // The lamp room spans 1320..1500 above the base: the mirror stands behind the lamp, inside
    // the glass (radius 110), and the beam's apex sits at the lamp.
    addStatic(kWindow.name, light.x, lightY - 1320, light.z - 40, 0);
    addStatic(kBeam.name, light.x, lightY - 1410, light.z, 4);

    // The village: the flattest low spot of a few candidates, near the harbour.
    Spot village{dock.x, shoreZ - 4000};
    {
        double flattest = 1e9;
        for (int i = 0; i < 24; ++i)
            if (auto s = placer.land(120, 900, 1e9, 600, Spot{dock.x, shoreZ - 5000}, 5000)) {
                double slope = terrain.footprintSlope(s->x, s->z, 1500);
                if (slope < flattest) flattest = slope, village = *s;
            }
    }

    // Ponds: water surface planes (render mode 0xC8) a little above the ground of flat spots by
    // the village, so the lower ground inside the plane lies under water. Not over the sea,
    // whose terrain water is at the plane's level.
    const int ponds = options.scale == Scale::Island ? 3 : 1;
    for (int i = 0; i < ponds; ++i) {
        Spot s = placer.land(60, 1500, 250, kWaterPlane.size[0] / 2.0, village, 6000, 200).value_or(village);
        addStatic(kWaterPlane.name, s.x, terrain.groundY(s.x, s.z) - 20, s.z, 0);
    }

    // The rest of the statics by kind.
    const int fixed = static_cast<int>(rgm.mpso.size());
    enum Kind { House, HouseTall, WallRun, Palm, Palm2, Rock, Crate };
    std::vector<int> kinds = share(std::max(0, counts.statics - fixed), {12, 6, 14, 28, 16, 14, 6});
    std::vector<Spot> houses;
    std::vector<double> roofs; // y of each house's top
    std::vector<Spot> doors;   // in front of each house's front door (HOUSE01/02 face +z)
    std::vector<int> doorYaws; // MPOB heading of each door (2048 units)
    for (int n = 0; n < kinds[House] + kinds[HouseTall]; ++n) {
        bool tall = n >= kinds[House];
        const ModelInfo& m = tall ? kHouseTall : kHouse;
        std::optional<Spot> s;
        for (int attempt = 0; attempt < 8 && !s; ++attempt) {
            bool nearVillage = n % 3 != 2;
            s = placer.land(60, 1500, 120, m.size[0] / 2.0,
                            nearVillage ? std::optional<Spot>(village) : std::nullopt, 3000 + n * 60.0);
            if (s) // keep houses apart
                for (const Spot& h : houses)
                    if (std::hypot(h.x - s->x, h.z - s->z) < 900) s.reset();
        }
        if (!s) s = placer.land(20, 6000, 1e9, m.size[0] / 2.0, std::nullopt, 0, 1000);
        if (!s) s = Spot{village.x + n * 10.0, village.z};
        houses.push_back(*s);
        double y = terrain.footprintY(s->x, s->z, m.size[0] / 2.0);
        roofs.push_back(y - m.size[1]);
        int quarter = random.range(0, 3);
        addStatic(m.name, s->x, y, s->z, quarter * 4);
        // The door's model position (x = 0 on HOUSE01, -100 on HOUSE02; z = 230, the front
        // wall) turned like the house: (x c + z s, z c - x s) for a quarter turn (c, s).
        static constexpr int kC[4] = {1, 0, -1, 0}, kS[4] = {0, 1, 0, -1};
        double dx = tall ? -100 : 0, dz = 260;
        doors.push_back(
            {s->x + dx * kC[quarter] + dz * kS[quarter], s->z + dz * kC[quarter] - dx * kS[quarter]});
        doorYaws.push_back(quarter * 512);
    }
    // Walls in runs of up to 6 segments along x or z, following the ground.
    // A run stops where its next segment would leave the land; after many empty runs (never
    // seen) segments are placed regardless, so the loop always ends.
    for (int placed = 0, emptyRuns = 0; placed < kinds[WallRun];) {
        Spot start = placer.land(60, 3000, 400, 256).value_or(village);
        bool alongX = random.next() & 1;
        int run = std::min(kinds[WallRun] - placed, random.range(2, 6));
        int before = placed;
        for (int k = 0; k < run; ++k, ++placed) {
            double x = start.x + (alongX ? k * kWall.size[0] : 0),
                   z = start.z + (alongX ? 0 : k * kWall.size[0]);
            double y = terrain.footprintY(x, z, 256);
            if (y > -20 && emptyRuns < 1000) break;
            addStatic(kWall.name, x, y, z, alongX ? 0 : 4);
        }
        if (placed == before) ++emptyRuns;
    }
    auto scatter = [&](const ModelInfo& m, int count, double minUp, double maxUp, double maxSlope) {
        for (int n = 0; n < count; ++n) {
            auto s = placer.land(minUp, maxUp, maxSlope, m.size[0] / 4.0);
            if (!s) s = placer.land(1, 1e9, 1e9, 10, std::nullopt, 0, 1000);
            Spot p = s.value_or(village);
            addStatic(m.name, p.x, terrain.footprintY(p.x, p.z, m.size[0] / 4.0), p.z, random.range(0, 15));
        }
    };
    scatter(kPalm, kinds[Palm], 30, 700, 200); // beaches and low ground
    scatter(kPalm2, kinds[Palm2], 30, 900, 250);
    scatter(kRock, kinds[Rock], 1, 8000, 1e9); // anywhere, cliffs included
    for (int n = 0; n < kinds[Crate]; ++n) {   // crates by the dock and the houses
        Spot base = n % 2 ? dock : houses[static_cast<std::size_t>(n) % houses.size()];
        double x = base.x + random.range(-400, 400), z = base.z + random.range(-400, 400);
        if (n % 2) z = std::min(z, shoreZ - 100.0);
        addStatic(kCrate.name, x, terrain.groundY(x, z), z, random.range(0, 15));
    }

    // MPOB: actors, static objects and markers.
    // The scripted objects (demo/demo_scripts.h) are placed last, out of the same count.
    std::vector<int> mk = share(counts.placements - kScriptedPlacements, {12, 8, 4, 50, 8, 9, 9});
    enum { Walker, Guard, Flag, CrateObj, Sound, Door, Entrance };
    auto addObject = [&](std::string_view script, std::string_view model, Spot s, double up, bool isStatic) {
        rgm.mpob.push_back(makeMpob(static_cast<std::uint32_t>(rgm.mpob.size()), script, model, s.x,
                                    terrain.groundY(s.x, s.z) - up, s.z, random.range(0, 2047), isStatic));
    };
    auto addObjectFacing = [&](std::string_view script, Spot s, int yaw) { // no geometry
        rgm.mpob.push_back(makeMpob(static_cast<std::uint32_t>(rgm.mpob.size()), script, "", s.x,
                                    terrain.groundY(s.x, s.z), s.z, yaw, false));
    };
    auto near = [&](Spot c, double r) { return placer.land(1, 4000, 1e9, 30, c, r).value_or(c); };
    for (int n = 0; n < mk[Walker]; ++n)
        addObject(kWalkerScript, "", near(village, 2500), 0, false);
    for (int n = 0; n < mk[Guard]; ++n)
        addObject(kGuardScript, "", near(n % 2 ? dock : light, 1200), 0, false);
    // Flags fly from the houses' roof tops (the flag hangs from its hoist: it has no pole).
    for (int n = 0; n < mk[Flag]; ++n) {
        std::size_t h = static_cast<std::size_t>(n) % houses.size();
        rgm.mpob.push_back(makeMpob(static_cast<std::uint32_t>(rgm.mpob.size()), "FLAG", kFlag.name,
                                    houses[h].x, roofs[h] + 10, houses[h].z, random.range(0, 2047), true));
    }
    for (int n = 0; n < mk[CrateObj]; ++n) {
        addObject("CRATE", kCrate.name, near(n % 3 ? village : dock, 3000), 0, true);
        // Every other crate tipped over, turned about all three axes (angles x, y and z all
        // non-zero), so that the goldens show the MPOB rotation order (scene::mpobRotation).
        // (The tilt is worked out from n, not drawn: the layout after it stays as it was.)
        if (n % 2 == 0) {
            rgm.mpob.back().angles[0] = static_cast<std::uint32_t>(64 + n * 37 % 96);
            rgm.mpob.back().angles[2] = static_cast<std::uint32_t>(2048 - 64 - n * 53 % 96);
        }
    }
    for (int n = 0; n < mk[Sound]; ++n) {
        Spot s{random.uniform() * kTerrainExtent, random.uniform() * kTerrainExtent};
        addObject(n % 2 ? "WINDSND" : "WATERSND", "", s, 0, false);
    }
    for (int n = 0; n < mk[Door]; ++n)
        addObjectFacing("LOCKDOOR", doors[static_cast<std::size_t>(n) % doors.size()],
                        doorYaws[static_cast<std::size_t>(n) % doors.size()]);
    for (int n = 0; n < mk[Entrance]; ++n)
        addObjectFacing("ENTHOUSE", doors[static_cast<std::size_t>(n) % doors.size()],
                        doorYaws[static_cast<std::size_t>(n) % doors.size()]);
    int walkers = mk[Walker], guards = mk[Guard];
    addDemoActors(rgm, walkers, guards);

    // MPSF flats: bushes, flowers and grass on low ground, torches by the houses.
    for (int n = 0; n < counts.flats; ++n) {
        int image = n % 8 == 0                ? flat::kTorch
                    : random.range(0, 3) == 0 ? flat::kFlowers
                    : n % 2                   ? flat::kBush
                                              : flat::kGrassTuft;
        if (image == flat::kTorch && n % 8 != 0) image = flat::kBush;
        Spot s = image == flat::kTorch ? near(houses[static_cast<std::size_t>(n / 8) % houses.size()], 500)
                                       : placer.land(20, 2500, 400, 16).value_or(village);
        TextureRef t = flatTexture(image);
        loaders::RgmMpsf f;
        f.id = static_cast<std::uint32_t>(n);
        f.pos = rgmPos(s.x, terrain.groundY(s.x, s.z), s.z);
        f.textureData = static_cast<std::uint16_t>((t.textureId << 7) | t.imageId);
        rgm.mpsf.push_back(f);
    }

    // MPRP ropes: one hanging at the dock's end, the others from the houses' eaves.
    for (int n = 0; n < counts.ropes; ++n) {
        Spot s = n == 0 ? Spot{dock.x + 120, dock.z + kDock.size[2] / 2.0 - 100}
                        : houses[static_cast<std::size_t>(n) % houses.size()];
        double ground = n == 0 ? 0.0 : terrain.groundY(s.x, s.z);
        loaders::RgmMprp r;
        r.id = static_cast<std::uint32_t>(n);
        r.pos = rgmPos(s.x + (n == 0 ? 0 : 320), ground - 540, s.z);
        r.angleY = random.range(0, 2047);
        r.type = 1;
        r.swing = 64;
        r.speed = 8;
        r.length = 30; // 30 links of 16 units and the 80-unit end reach the ground 540 below
        r.staticModel = std::string(kRopeEnd.name);
        r.ropeModel = std::string(kRopeLink.name);
        rgm.mprp.push_back(r);
    }

    // Lights: the lighthouse lamp, then torches by houses; more and warmer at night.
    int lights = night ? counts.lights : counts.lights / 4;
    rgm.mpsl.push_back(
        makeLight(light.x, lightY - 1450, light.z, {255, 240, 200}, night ? 255 : 96, 4096, kMpslAmbient));
    for (int n = 1; n < lights; ++n) {
        const Spot& h = houses[static_cast<std::size_t>(n) % houses.size()];
        rgm.mpsl.push_back(makeLight(h.x + 320, terrain.groundY(h.x, h.z) - 250, h.z,
                                     night ? std::array<std::uint8_t, 3>{255, 150, 60}
                                           : std::array<std::uint8_t, 3>{255, 220, 180},
                                     night ? 200 : 80, 1024, kMpslAmbient));
    }

    // Markers: 0 is the start (on the dock), then the village, the lighthouse, and the rest.
    auto marker = [&](Spot s, double y) {
        loaders::RgmMpmk m;
        m.pos = rgmPos(s.x, y, s.z);
        rgm.mpmk.push_back(m);
    };
    marker(Spot{dock.x, dock.z}, -kDock.size[1] - 10.0);
    marker(village, terrain.groundY(village.x, village.z));
    marker(light, lightY);
    for (int n = 3; n < counts.markers; ++n) {
        Spot s = placer.land(10, 6000, 1e9, 10).value_or(village);
        marker(s, terrain.groundY(s.x, s.z));
    }

    // The scripted objects (demo/demo_scripts.h), placed last and without drawing from `random`,
    // so that everything above stays where it was.
    ScriptedPlaces places;
    auto ground = [&](double x, double z, int yaw = 0) {
        return ScriptedPlaces::Spot{x, terrain.groundY(x, z), z, yaw};
    };
    places.door = ground(doors.front().x, doors.front().z, doorYaws.front());
    places.keeper = ground(village.x, village.z);
    places.statue = ground(village.x + 300, village.z + 300);
    places.hider = ground(houses.front().x + 450, houses.front().z);
    const TextureRef torch = flatTexture(flat::kTorch);
    for (const loaders::RgmMpsf& f : rgm.mpsf) {
        if (f.textureData != static_cast<std::uint16_t>((torch.textureId << 7) | torch.imageId)) continue;
        if (places.torches.size() == 2) break;
        places.torches.push_back(
            {static_cast<double>(f.pos.x), static_cast<double>(f.pos.y), static_cast<double>(f.pos.z), 0});
    }
    for (int g = 0; g < 3; ++g)
        places.gulls.push_back({dock.x + 200.0 * g, -900.0 - 120.0 * g, dock.z - 300.0 * g, 512 * g});
    addDemoScripts(rgm, places);
    return rgm;
}

} // namespace rgx::demo
