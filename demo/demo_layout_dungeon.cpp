#include "demo/demo_layout.h"

#include "demo/demo_actors_rgm.h"

namespace rgx::demo {

namespace {
// A 3x3 grid of rooms, 2048 units apart; room (i, j) spans x in [i*2048 + 512, i*2048 + 1536]
// (same for z); corridors 1024 long join neighbours along x and z. Multiples of 256 keep the
// rooms on the PVO's cell grid (demo_layout_pvo.cpp).
constexpr int kRooms = 3;
constexpr double kPitch = 2048, kRoomHalf = 512;
double roomCentre(int i) {
    return i * kPitch + kPitch / 2;
}
} // namespace

loaders::Rgm makeDungeonRgm(const DemoOptions& options) {
    DemoRandom random(options.seed * 40503u + 7u);
    loaders::Rgm rgm;
    auto addStatic = [&](const ModelInfo& m, double x, double y, double z, int dir16) {
        rgm.mpso.push_back(makeMpso(static_cast<std::uint32_t>(rgm.mpso.size()), m.name, x, y, z, dir16));
    };
    const double torchY = -250;
    for (int j = 0; j < kRooms; ++j)
        for (int i = 0; i < kRooms; ++i) {
            double x = roomCentre(i), z = roomCentre(j);
            addStatic(kRoom, x, 0, z, 0);
            for (int p = 0; p < 4; ++p) // pillars on a square inside the room
                addStatic(kPillar, x + (p & 1 ? 280 : -280), 0, z + (p & 2 ? 280 : -280), 0);
            int tables = random.range(1, 2);
            for (int t = 0; t < tables; ++t)
                addStatic(kTable, x + random.range(-150, 150), 0, z + random.range(-150, 150),
                          random.range(0, 3) * 4);
            for (int w = 0; w < 4; ++w) { // a torch on each wall, beside the doorway
                double dx = (w == 0   ? -1
                             : w == 1 ? 1
                                      : 0) *
                            (kRoomHalf - 20),
                       dz = (w == 2   ? -1
                             : w == 3 ? 1
                                      : 0) *
                            (kRoomHalf - 20);
                addStatic(kTorch, x + dx + (dz != 0 ? 200 : 0), torchY, z + dz + (dx != 0 ? 200 : 0), 0);
            }
        }
    for (int j = 0; j < kRooms; ++j)
        for (int i = 0; i + 1 < kRooms; ++i) {
            // along x (rotated a quarter turn), then the matching one along z
            addStatic(kCorridor, roomCentre(i) + kPitch / 2, 0, roomCentre(j), 4);
            addStatic(kTorch, roomCentre(i) + kPitch / 2, torchY, roomCentre(j) - 100, 0);
            addStatic(kCorridor, roomCentre(j), 0, roomCentre(i) + kPitch / 2, 0);
            addStatic(kTorch, roomCentre(j) - 100, torchY, roomCentre(i) + kPitch / 2, 0);
        }

    // MPOB: a guard in the middle room, a walker, crates, a locked door and the entrance.
    auto addObject = [&](std::string_view script, std::string_view model, double x, double z, bool isStatic) {
        rgm.mpob.push_back(makeMpob(static_cast<std::uint32_t>(rgm.mpob.size()), script, model, x, 0, z,
                                    random.range(0, 2047), isStatic));
    };
    addObject(kGuardScript, "", roomCentre(1), roomCentre(1) + 200, false);
    addObject(kWalkerScript, "", roomCentre(0) + 100, roomCentre(0), false);
    for (int n = 0; n < 6; ++n)
        addObject("CRATE", kCrate.name, roomCentre(n % 3) + 350, roomCentre(2) + 350 - n * 40, true);
    addObject("LOCKDOOR", "", roomCentre(2) + kRoomHalf, roomCentre(2), false);
    addObject("ENTDUNG", "", roomCentre(0) - kRoomHalf + 64, roomCentre(0), false);
    addDemoActors(rgm, 1, 1);

    // A light per room (ambient: it lights every wall) and corridor (directional, shining down
    // on the floor); a marker per room (0: the entrance room).
    for (int j = 0; j < kRooms; ++j)
        for (int i = 0; i < kRooms; ++i) {
            rgm.mpsl.push_back(
                makeLight(roomCentre(i), -300, roomCentre(j), {255, 170, 90}, 330, 1500, kMpslAmbient));
            loaders::RgmMpmk m;
            m.pos = rgmPos(roomCentre(i), 0, roomCentre(j));
            rgm.mpmk.push_back(m);
        }
    for (int j = 0; j < kRooms; ++j)
        for (int i = 0; i + 1 < kRooms; ++i) {
            rgm.mpsl.push_back(makeLight(roomCentre(i) + kPitch / 2, -300, roomCentre(j), {255, 150, 70}, 255,
                                         1000, kMpslDirectional));
            rgm.mpsl.push_back(makeLight(roomCentre(j), -300, roomCentre(i) + kPitch / 2, {255, 150, 70}, 255,
                                         1000, kMpslDirectional));
        }
    return rgm;
}

PvoScene dungeonPvoScene(const loaders::Rgm& rgm) {
    PvoScene scene;
    scene.objects = demoPvoObjects(rgm);
    scene.viewDistance = kPvoViewDistance;
    // Spaces: rooms, then corridors. Walls are solid and doorways sit in the middle of each wall,
    // joined by 1024-long, 256-wide corridors: a line of sight that passes a corridor rises at
    // most 1 in 4 from its axis, too little to leave the next room through a side wall's doorway
    // (that needs about 1 in 2.7). So from a room or a corridor one sees along its own row or
    // column of rooms and corridors, never round a corner: a room sees its row and its column, a
    // corridor the row (or column) it runs along. Corridor spaces are 512 wide (the corridor and
    // its walls) so they fill whole cells.
    // Up to just under the 400-unit ceiling: a point above it (over the roofs) is in no space and
    // sees everything.
    auto box = [](double x0, double x1, double z0, double z1) { return PvoBox{{x0, -384, z0}, {x1, 0, z1}}; };
    for (int j = 0; j < kRooms; ++j)
        for (int i = 0; i < kRooms; ++i)
            scene.rooms.push_back(box(roomCentre(i) - kRoomHalf, roomCentre(i) + kRoomHalf,
                                      roomCentre(j) - kRoomHalf, roomCentre(j) + kRoomHalf));
    // Each space's lines: row j (along x) and/or column i (along z); rooms lie on both.
    struct Lines {
        int row = -1, column = -1;
    };
    std::vector<Lines> lines;
    for (int j = 0; j < kRooms; ++j)
        for (int i = 0; i < kRooms; ++i)
            lines.push_back({j, i});
    for (int j = 0; j < kRooms; ++j)
        for (int i = 0; i + 1 < kRooms; ++i) {
            double a = roomCentre(i) + kRoomHalf, b = roomCentre(i + 1) - kRoomHalf, c = roomCentre(j);
            scene.rooms.push_back(box(a, b, c - 256, c + 256)); // along x, in row j
            lines.push_back({j, -1});
            scene.rooms.push_back(box(c - 256, c + 256, a, b)); // along z, in column j
            lines.push_back({-1, j});
        }
    const std::size_t n = scene.rooms.size();
    scene.seesRoom.assign(n, std::vector<bool>(n, false));
    auto shares = [](const Lines& from, const Lines& to) {
        return (from.row >= 0 && from.row == to.row) || (from.column >= 0 && from.column == to.column);
    };
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            scene.seesRoom[a][b] = a == b || shares(lines[a], lines[b]);
    return scene;
}

PvoBakeSettings dungeonPvoSettings() {
    PvoBakeSettings s;
    s.center = {4096, 0, 4096};
    s.cellSize = 4096;
    s.leafHalf = 128;
    s.depth = 10;
    s.sampled = PvoBox{{0, -1024, 0}, {kRooms * kPitch, 256, kRooms * kPitch}}; // the dungeon and round it
    return s;
}

} // namespace rgx::demo
