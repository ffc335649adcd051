// The interior's statics. Rooms and corridors are shells seen from inside: their faces point
// into the space (floor up, ceiling down, walls inward). Furniture faces outward as usual.

#include "demo/demo_models_parts.h"

namespace rgx::demo {

namespace {

const Surface kFloor = Surface::tex(Material::Floor, 128);
const Surface kWall = Surface::tex(Material::StoneWall, 128);
const Surface kStone = Surface::tex(Material::Stone, 128);
const Surface kCeiling = Surface::tex(Material::Stone, 192);

// Room walls are 8 x 4 cells of 128 x 100 units; the doorway is the middle two columns, three
// rows high: 256 units wide (a corridor's width), 300 high.
bool doorwayCell(int i, int j, const void*) {
    return (i == 3 || i == 4) && j < 3;
}

Mesh room01() {
    Mesh m;
    const double h = 512, top = 400;
    m.grid({-h, 0, -h}, {2 * h, 0, 0}, {0, 0, 2 * h}, 8, 8, kFloor, {0, 1, 0});
    m.grid({-h, top, -h}, {2 * h, 0, 0}, {0, 0, 2 * h}, 8, 8, kCeiling, {0, -1, 0});
    // A doorway in the middle of every wall: rooms on a grid join corridors on all four sides
    // (a corridor along x is CORRID01 turned a quarter turn).
    m.grid({-h, 0, -h}, {2 * h, 0, 0}, {0, top, 0}, 8, 4, kWall, {0, 0, 1}, 0, doorwayCell);
    m.grid({-h, 0, h}, {2 * h, 0, 0}, {0, top, 0}, 8, 4, kWall, {0, 0, -1}, 0, doorwayCell);
    m.grid({-h, 0, -h}, {0, 0, 2 * h}, {0, top, 0}, 8, 4, kWall, {1, 0, 0}, 0, doorwayCell);
    m.grid({h, 0, -h}, {0, 0, 2 * h}, {0, top, 0}, 8, 4, kWall, {-1, 0, 0}, 0, doorwayCell);
    // Corner pilasters and a lintel over each doorway, solid blocks inside the shell.
    for (double x : {-h, h - 40})
        for (double z : {-h, h - 40})
            m.box({x, 0, z}, {x + 40, top, z + 40}, kStone, 100, 0, false, 0x3F & ~0x0Cu);
    for (double z : {-h, h - 16})
        m.box({-140, 300, z}, {140, 320, z + 16}, kStone, 1e9, 0, false, 0x37);
    for (double x : {-h, h - 16})
        m.box({x, 300, -140}, {x + 16, 320, 140}, kStone, 1e9, 0, false, 0x37);
    return m;
}

Mesh corridor01() {
    Mesh m;
    const double hx = 128, hz = 512, top = 400;
    m.grid({-hx, 0, -hz}, {2 * hx, 0, 0}, {0, 0, 2 * hz}, 2, 8, kFloor, {0, 1, 0});
    m.grid({-hx, top, -hz}, {2 * hx, 0, 0}, {0, 0, 2 * hz}, 2, 8, kCeiling, {0, -1, 0});
    m.grid({-hx, 0, -hz}, {0, 0, 2 * hz}, {0, top, 0}, 8, 4, kWall, {1, 0, 0});
    m.grid({hx, 0, -hz}, {0, 0, 2 * hz}, {0, top, 0}, 8, 4, kWall, {-1, 0, 0});
    // Arch ribs every 256 units: two wall piers and a ceiling beam.
    for (int i = 0; i < 5; ++i) {
        double z = -hz + 32 + i * 240.0;
        m.box({-hx, 0, z}, {-hx + 16, top, z + 20}, kStone, 1e9, 0, false, 0x32);
        m.box({hx - 16, 0, z}, {hx, top, z + 20}, kStone, 1e9, 0, false, 0x31);
        m.box({-hx + 16, top - 20, z}, {hx - 16, top, z + 20}, kStone, 1e9, 0, false, 0x34);
    }
    return m;
}

Mesh pillar01() {
    Mesh m;
    m.box({-40, 0, -40}, {40, 30, 40}, kStone, 1e9, 0, false, 0x3B);
    m.cylinder({0, 30, 0}, 28, 26, 340, 12, 4, kWall, false, false);
    m.box({-40, 370, -40}, {40, 400, 40}, kStone, 1e9, 0, false, 0x37);
    return m;
}

Mesh table01() {
    Mesh m;
    const Surface wood = Surface::tex(Material::Wood, 96);
    m.box({-100, 80, -60}, {100, 90, 60}, wood, 100);
    for (double x : {-88.0, 80.0})
        for (double z : {-52.0, 44.0})
            m.box({x, 0, z}, {x + 8, 80, z + 8}, wood, 1e9, 0, false, 0x33);
    return m;
}

Mesh torch01() {
    Mesh m;
    m.tube({0, 0, 0}, {0, 45, 0}, 4, 6, 6, Surface::tex(Material::Wood, 32), true, true);
    m.cylinder({0, 45, 0}, 9, 0, 15, 6, 1, Surface::colour(Ramp::Fire, 13), true, false);
    return m;
}

} // namespace

std::vector<DemoStatic> dungeonStatics() {
    std::vector<DemoStatic> out;
    out.push_back({&kRoom, room01()});
    out.push_back({&kCorridor, corridor01()});
    out.push_back({&kPillar, pillar01()});
    out.push_back({&kTable, table01()});
    out.push_back({&kTorch, torch01()});
    return out;
}

} // namespace rgx::demo
