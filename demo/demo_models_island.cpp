// The island's statics: houses, wall, palms, dock, lighthouse and its beam and window, the water
// plane, rock, crate and rope parts. Detail is spent where the real island spends it (houses,
// palms, lighthouse: a few hundred vertices) so --scale island reaches the real vertex count.

#include "demo/demo_models_parts.h"

#include <cmath>
#include <numbers>

namespace rgx::demo {

namespace {

constexpr double kPi = std::numbers::pi;
const Surface kPlaster = Surface::tex(Material::Plaster, 128);
const Surface kStone = Surface::tex(Material::Stone, 128);
const Surface kWood = Surface::tex(Material::Wood, 96);
const Surface kRoof = Surface::tex(Material::RoofTile, 128);
const Surface kDarkWood = Surface::colour(Ramp::Wood, 4);

// Yaw that turns a part built facing +z to face the given side.
constexpr double kFaceZ = 0, kFaceX = kPi / 2, kFaceMinusZ = kPi, kFaceMinusX = -kPi / 2;

void door(Mesh& m, const Place& place, double width, double height) {
    Mesh d;
    d.quad({-width / 2, 0, 1}, {width / 2, 0, 1}, {width / 2, height, 1}, {-width / 2, height, 1},
           Surface::tex(Material::Door, width, height), {0, 0, 1});
    d.box({-width / 2 - 10, 0, -2}, {-width / 2, height + 10, 6}, kDarkWood, 1e9, 0, false, 0x3B);
    d.box({width / 2, 0, -2}, {width / 2 + 10, height + 10, 6}, kDarkWood, 1e9, 0, false, 0x3B);
    d.box({-width / 2, height, -2}, {width / 2, height + 10, 6}, kDarkWood, 1e9, 0, false, 0x3B);
    d.box({-width / 2 - 10, -20, 0}, {width / 2 + 10, 0, 40}, kStone); // step
    m.merge(d, place);
}

// A gable roof along x over [-hx, hx] x [-hz, hz] from eave height y0 to the ridge at y1.
void gableRoof(Mesh& m, double hx, double hz, double y0, double y1, double wallX, double wallZ,
               double wallTop) {
    m.grid({-hx, y0, hz}, {2 * hx, 0, 0}, {0, y1 - y0, -hz}, 10, 4, kRoof, {0, hz, y1 - y0});
    m.grid({-hx, y0, -hz}, {2 * hx, 0, 0}, {0, y1 - y0, hz}, 10, 4, kRoof, {0, hz, -(y1 - y0)});
    // Underside of the overhang, so the roof has no see-through edge from below.
    m.quad({-hx, y0, -hz}, {hx, y0, -hz}, {hx, y0, hz}, {-hx, y0, hz}, kDarkWood, {0, -1, 0});
    const double apex = y1 - 4; // just under the ridge beam
    for (double sx : {-1.0, 1.0}) {
        std::uint32_t a = m.vertex({sx * wallX, wallTop, -wallZ}), b = m.vertex({sx * wallX, wallTop, wallZ}),
                      c = m.vertex({sx * wallX, apex - 4, 0});
        m.face({a, b, c}, kPlaster, {sx, 0, 0});
    }
    m.box({-hx - 5, y1 - 6, -8}, {hx + 5, y1 + 10, 8}, kDarkWood); // ridge beam
}

Mesh house01() {
    Mesh m;
    m.box({-290, 0, -240}, {290, 20, 240}, kStone, 128, 0, false, 0x3B);
    m.box({-280, 20, -230}, {280, 312, 230}, kPlaster, 80, 0, false, 0x33);
    gableRoof(m, 300, 250, 300, 500, 280, 230, 312);
    m.box({150, 380, -90}, {200, 560, -40}, kStone, 128); // chimney
    door(m, {{0, 20, 230}, kFaceZ}, 100, 200);
    for (double x : {-180.0, 180.0})
        addWindow(m, {{x, 130, 230}, kFaceZ}, 80, 100, true);
    for (double x : {-180.0, 0.0, 180.0})
        addWindow(m, {{x, 130, -230}, kFaceMinusZ}, 80, 100, true);
    addWindow(m, {{280, 130, 0}, kFaceX}, 80, 100, true);
    addWindow(m, {{-280, 130, 0}, kFaceMinusX}, 80, 100, true);
    return m;
}

// A four-sided hip roof from the eave square [-h, h]^2 at y0 to an apex at y1.
void hipRoof(Mesh& m, double h, double y0, double y1) {
    std::uint32_t apex = m.vertex({0, y1, 0});
    const P3 corners[4] = {{-h, y0, -h}, {h, y0, -h}, {h, y0, h}, {-h, y0, h}};
    for (int i = 0; i < 4; ++i) {
        P3 a = corners[i], b = corners[(i + 1) % 4];
        P3 mid = (a + b) * 0.5;
        // Two rows per side: the lower band is a trapezoid, the top a triangle to the apex.
        P3 a2 = a + (P3{0, y1, 0} - a) * 0.5, b2 = b + (P3{0, y1, 0} - b) * 0.5;
        P3 out{mid.x / h * (y1 - y0), h, mid.z / h * (y1 - y0)};
        m.quad(a, b, b2, a2, kRoof, out);
        m.face({m.vertex(a2), m.vertex(b2), apex}, kRoof, out);
    }
    m.quad(corners[0], corners[1], corners[2], corners[3], kDarkWood, {0, -1, 0});
}

Mesh house02() {
    Mesh m;
    m.box({-240, 0, -240}, {240, 20, 240}, kStone, 128, 0, false, 0x3B);
    m.box({-230, 20, -230}, {230, 620, 230}, kPlaster, 120, 0, false, 0x33);
    m.box({-236, 310, -236}, {236, 330, 236}, kStone, 160, 0, false, 0x33); // floor band
    hipRoof(m, 250, 610, 800);
    door(m, {{-100, 20, 230}, kFaceZ}, 90, 190);
    addWindow(m, {{110, 130, 230}, kFaceZ}, 70, 100, false);
    // Upper floor: a balcony door and a small balcony on the front.
    door(m, {{0, 330, 230}, kFaceZ}, 80, 180);
    m.box({-120, 320, 230}, {120, 334, 310}, kStone, 128);
    for (int i = 0; i < 5; ++i)
        m.box({-118 + i * 57.0, 334, 302}, {-110 + i * 57.0, 400, 310}, kDarkWood, 1e9, 0, false, 0x33);
    m.box({-120, 400, 300}, {120, 408, 312}, kDarkWood);
    for (double yaw : {kFaceMinusZ, kFaceX, kFaceMinusX}) {
        Place side{{0, 0, 0}, yaw};
        for (double x : {-110.0, 110.0}) {
            P3 at = side.apply({x, 0, 230});
            addWindow(m, {{at.x, 130, at.z}, yaw}, 70, 100, false);
            addWindow(m, {{at.x, 420, at.z}, yaw}, 70, 100, false);
        }
    }
    return m;
}

Mesh wall01() {
    Mesh m;
    m.box({-256, 0, -25}, {256, 250, 25}, Surface::tex(Material::StoneWall, 128), 64, 0, false, 0x3B);
    m.box({-256, 250, -30}, {256, 262, 30}, kStone, 128, 0, false, 0x3B);
    for (int i = 0; i < 6; ++i) {
        double x0 = -256 + i * (512.0 / 6) + 10;
        m.box({x0, 262, -28}, {x0 + 512.0 / 6 - 20, 300, 28}, kStone, 128, 0, false, 0x3B);
    }
    return m;
}

// A palm: a bending trunk of rings, fronds as drooping double-sided strips (the leaf texture's
// index 0 cuts them out), a few coconuts.
Mesh palm(double height, double bend, int fronds, double frondLength, std::uint64_t seed) {
    Mesh m;
    DemoRandom rng(seed);
    const int sides = 10, rings = 16;
    auto centre = [&](double t) { return P3{bend * t * t, height * t, 0}; };
    std::vector<std::vector<std::uint32_t>> ring;
    for (int j = 0; j <= rings; ++j) {
        double t = double(j) / rings, r = 22 - 10 * t + (j % 2 ? 1.5 : 0); // bark rings
        std::vector<std::uint32_t> ids;
        for (int i = 0; i < sides; ++i)
            ids.push_back(m.vertex(
                centre(t) + P3{r * std::cos(i * 2 * kPi / sides), 0, r * std::sin(i * 2 * kPi / sides)}));
        ring.push_back(ids);
    }
    const Surface bark = Surface::tex(Material::PalmBark, 48, 96);
    for (int j = 0; j < rings; ++j)
        for (int i = 0; i < sides; ++i) {
            int n = (i + 1) % sides;
            double mid = (i + 0.5) * 2 * kPi / sides;
            m.face({ring[j][i], ring[j][n], ring[j + 1][n], ring[j + 1][i]}, bark,
                   {std::cos(mid), 0, std::sin(mid)});
        }
    const P3 crown = centre(1.0);
    const Surface leaves = Surface::tex(Material::PalmLeaves, 96);
    for (int f = 0; f < fronds; ++f) {
        double yaw = f * 2 * kPi / fronds + rng.uniform() * 0.4;
        P3 dir{std::cos(yaw), 0, std::sin(yaw)}, side{-std::sin(yaw), 0, std::cos(yaw)};
        double lift = 30 + rng.uniform() * 25, droop = 110 + rng.uniform() * 50;
        const int segs = 6;
        std::vector<P3> spine;
        for (int k = 0; k <= segs; ++k) {
            double t = double(k) / segs;
            spine.push_back(crown + dir * (frondLength * t) + P3{0, lift * t * 2 - droop * t * t, 0});
        }
        // A strip as wide as the frond texture, stem (v = 64) at the crown, tip (v = 0) outside;
        // the texture's index 0 cuts the leaflets out. Each side has its own vertices.
        const TextureRef t = materialTexture(Material::PalmLeaves);
        const double half = frondLength * 0.28;
        for (double sideSign : {1.0, -1.0}) {
            std::vector<std::uint32_t> left, right;
            for (int k = 0; k <= segs; ++k) {
                left.push_back(m.vertex(spine[k] - side * half));
                right.push_back(m.vertex(spine[k] + side * half));
            }
            for (int k = 0; k < segs; ++k) {
                P3 up = cross(spine[k + 1] - spine[k], side);
                if (up.y < 0) up = up * -1;
                double v0 = t.height * (1 - double(k) / segs), v1 = t.height * (1 - double(k + 1) / segs);
                m.face({left[k], right[k], right[k + 1], left[k + 1]}, leaves, up * sideSign,
                       {{0, v0}, {double(t.width), v0}, {double(t.width), v1}, {0, v1}});
            }
        }
    }
    for (int c = 0; c < 3; ++c) {
        double a = c * 2 * kPi / 3 + 0.5;
        P3 p = crown + P3{14 * std::cos(a), -18, 14 * std::sin(a)};
        m.box(p - P3{7, 7, 7}, p + P3{7, 7, 7}, Surface::colour(Ramp::Wood, 3));
    }
    return m;
}

Mesh dock01() {
    Mesh m;
    const Surface plank = Surface::tex(Material::Plank, 64, 32);
    for (int i = 0; i < 24; ++i) {
        double z0 = -600 + i * 50.0;
        m.box({-150, 50, z0 + 1}, {150, 60, z0 + 49}, plank, 1e9, 0, false, 0x3B);
    }
    for (double x : {-120.0, 120.0})
        m.box({x - 10, 38, -600}, {x + 10, 50, 600}, kWood, 300, 0, false, 0x3F);
    for (int i = 0; i < 6; ++i)
        for (double x : {-130.0, 130.0})
            m.cylinder({x, 0, -560 + i * 224.0}, 12, 12, 70, 6, 1, kWood, false, true);
    return m;
}

Mesh lighthouse() {
    Mesh m;
    m.cylinder({0, 0, 0}, 200, 190, 40, 16, 1, kStone, false, true); // plinth
    m.cylinder({0, 40, 0}, 185, 140, 1260, 16, 10, kPlaster, false, false);
    m.cylinder({0, 1300, 0}, 205, 205, 20, 16, 1, kStone, true, true); // gallery
    // The railing: a band seen from outside and from the gallery.
    m.cylinder({0, 1320, 0}, 200, 200, 40, 16, 1, Surface::colour(Ramp::Metal, 6), false, false);
    m.cylinder({0, 1320, 0}, 198, 198, 40, 16, 1, Surface::colour(Ramp::Metal, 5), false, false, 0, true);
    m.cylinder({0, 1320, 0}, 110, 110, 180, 12, 2, Surface::tex(Material::Glass, 64), false, false);
    m.cylinder({0, 1500, 0}, 135, 0, 100, 12, 2, Surface::tex(Material::Metal, 64), true, false);
    door(m, {{0, 40, 186}, kFaceZ}, 90, 200); // just proud of the tower's widest point
    for (int i = 0; i < 4; ++i) {
        double y = 380 + i * 230, r = 185 - 45 * (y - 40) / 1260 + 1;
        double yaw = i * kPi / 2 + kPi / 4;
        Place side{{0, 0, 0}, yaw};
        P3 at = side.apply({0, 0, r});
        addWindow(m, {{at.x, y, at.z}, yaw}, 40, 70, true);
    }
    return m;
}

Mesh rock01() {
    Mesh m;
    DemoRandom rng(0x0C0C);
    const int sides = 16, rings = 8;
    std::vector<std::vector<std::uint32_t>> ring;
    std::vector<std::uint32_t> bottom;
    for (int j = 0; j < rings; ++j) {
        double a = (double(j) / rings) * kPi / 2;
        std::vector<std::uint32_t> ids;
        for (int i = 0; i < sides; ++i) {
            // Radial noise only, fading towards the top, so the crown stays blunt.
            double b = i * 2 * kPi / sides;
            double lumps = 0.12 * std::sin(3 * b + j * 0.9) + 0.08 * std::cos(2 * b + 1.3 - j * 0.5);
            double k = 1 + (lumps + 0.2 * rng.uniform() - 0.1) * (1 - 0.6 * j / rings);
            P3 p{150 * std::cos(a) * std::cos(b) * k, 190 * std::pow(std::sin(a), 0.7) * (1 + 0.3 * lumps),
                 125 * std::cos(a) * std::sin(b) * k};
            ids.push_back(m.vertex(p));
            if (j == 0) bottom.push_back(m.vertex(p));
        }
        ring.push_back(ids);
    }
    std::uint32_t top = m.vertex({0, 195, 0});
    const Surface rock = Surface::tex(Material::Rock, 128);
    auto tri = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
        P3 centroid = (m.points()[a] + m.points()[b] + m.points()[c]) * (1.0 / 3);
        m.face({a, b, c}, rock, centroid - P3{0, 60, 0});
    };
    for (int j = 0; j < rings; ++j)
        for (int i = 0; i < sides; ++i) {
            int n = (i + 1) % sides;
            if (j + 1 < rings) {
                tri(ring[j][i], ring[j][n], ring[j + 1][n]);
                tri(ring[j][i], ring[j + 1][n], ring[j + 1][i]);
            } else {
                tri(ring[j][i], ring[j][n], top);
            }
        }
    m.face(bottom, rock, {0, -1, 0});
    return m;
}

Mesh crate01() {
    Mesh m;
    m.box({-48, 0, -48}, {48, 100, 48}, Surface::tex(Material::Wood, 96));
    const Surface band = Surface::tex(Material::Plank, 64, 32);
    for (double y : {8.0, 80.0})
        m.box({-50, y, -50}, {50, y + 12, 50}, band, 1e9, 0, false, 0x33);
    return m;
}

Mesh ropeLink() {
    Mesh m;
    // 16 tall: the engine spaces links 16 units apart (scene::kRopeLinkSpacing), so they touch.
    m.tube({0, 0, 0}, {0, 16, 0}, 4, 4, 6, Surface::tex(Material::Rope, 16, 64), true, true);
    return m;
}

Mesh ropeEnd() {
    Mesh m;
    m.cylinder({0, 0, 0}, 40, 32, 60, 10, 2, Surface::tex(Material::Metal, 64));
    m.cylinder({0, 60, 0}, 8, 8, 20, 6, 1, Surface::tex(Material::Rope, 16, 64));
    return m;
}

// The scripted door (demo/demo_scripts.cpp turns it about y): hinged at x = 0, 120 wide.
Mesh door01() {
    Mesh m;
    m.box({0, 0, -5}, {120, 220, 5}, Surface::tex(Material::Door, 120, 220));
    m.box({96, 100, 5}, {108, 112, 12}, Surface::tex(Material::Metal, 16), 1e9, 0, false, 0x3B); // the handle
    return m;
}

// A seagull, wings spread along x, flying along +z.
Mesh gull01() {
    Mesh m;
    const Surface white = Surface::colour(Ramp::Grey, 14), grey = Surface::colour(Ramp::Grey, 9);
    m.box({-6, -5, -24}, {6, 5, 30}, white);
    m.quad({-6, 0, -6}, {-60, 6, -2}, {-60, 6, 10}, {-6, 0, 14}, grey, {0, 1, 0}, true);
    m.quad({6, 0, 14}, {60, 6, 10}, {60, 6, -2}, {6, 0, -6}, grey, {0, 1, 0}, true);
    return m;
}

} // namespace

void addWindow(Mesh& mesh, const Place& place, double width, double height, bool lintel) {
    Mesh w;
    w.quad({-width / 2, 0, 1}, {width / 2, 0, 1}, {width / 2, height, 1}, {-width / 2, height, 1},
           Surface::tex(Material::Glass, width, height), {0, 0, 1});
    w.box({-width / 2 - 8, -10, -2}, {width / 2 + 8, 0, 12}, kStone, 1e9, 0, false, 0x3B);
    if (lintel)
        w.box({-width / 2 - 8, height, -2}, {width / 2 + 8, height + 12, 8}, kDarkWood, 1e9, 0, false, 0x3F);
    mesh.merge(w, place);
}

std::vector<DemoStatic> islandStatics() {
    std::vector<DemoStatic> out;
    auto add = [&](const ModelInfo& info, Mesh mesh, std::uint16_t flags = 0, std::uint8_t attributes = 0) {
        out.push_back({&info, std::move(mesh), flags, attributes});
    };
    add(kHouse, house01());
    add(kHouseTall, house02());
    add(kWall, wall01());
    add(kPalm, palm(600, 60, 9, 150, 0x9A1), 0, 0x02);
    add(kPalm2, palm(450, -40, 7, 125, 0x9A2), 0, 0x02);
    add(kDock, dock01());
    add(kLighthouse, lighthouse());
    {
        // The lamp's light: the apex at the origin (the lamp), the cone along +z, centred on
        // the axis, so a placement rotates it about the lamp.
        // Each side carries the whole glow texture: its axis (u = 16) from the lamp (v = 0, the
        // bright top row) to the far end (v = 64).
        Mesh beam;
        const Surface glow = Surface::tex(Material::Beam);
        const TextureRef t = materialTexture(Material::Beam);
        const int sides = 12;
        std::uint32_t apex = beam.vertex({0, 0, 0});
        std::vector<std::uint32_t> rim;
        for (int i = 0; i < sides; ++i) {
            double a = i * 2 * kPi / sides;
            rim.push_back(beam.vertex({100 * std::cos(a), 100 * std::sin(a), 1500}));
        }
        for (int i = 0; i < sides; ++i) {
            double a = (i + 0.5) * 2 * kPi / sides;
            beam.face({apex, rim[i], rim[(i + 1) % sides]}, glow, {std::cos(a), std::sin(a), 0.07},
                      {{t.width / 2.0, 0}, {0, double(t.height)}, {double(t.width), double(t.height)}});
        }
        add(kBeam, std::move(beam), 0x5A00);
    }
    {
        Mesh pane;
        pane.box({-100, 0, -5}, {100, 200, 5}, Surface::tex(Material::Glass, 200));
        add(kWindow, std::move(pane), 0x8C00);
    }
    {
        Mesh water;
        water.grid({-1024, 0, -1024}, {2048, 0, 0}, {0, 0, 2048}, 8, 8,
                   Surface::tex(Material::WaterSurface, 256), {0, 1, 0});
        add(kWaterPlane, std::move(water), 0xC800);
    }
    add(kRock, rock01());
    add(kCrate, crate01());
    add(kRopeLink, ropeLink());
    add(kRopeEnd, ropeEnd());
    add(kDoor, door01());
    add(kGull, gull01());
    return out;
}

} // namespace rgx::demo
