// The demo's two levels, tile by tile. Heights are in the level's height units (2^zShift a tile
// width); a ceiling byte counts down from the top (32). Slopes are named low -> high; a ramp's
// tile stores its low side's height and rises by its steepness (scene/systemshock/tile_geometry.h).
#include "demo/systemshock/data.h"
#include "demo/systemshock/parts.h"

#include <algorithm>

namespace rgx::demo::systemshock {

namespace {

namespace ss = loaders::systemshock;
using ss::TileType;

constexpr int kSide = 64;
constexpr int kTop = 32; // heights have 5 bits: the ceiling byte counts down from 32

// Texture list indices (level 1's list is the identity on the demo's ids; level 2's rotates them).
enum Tex : int {
    kFloorPlate = 0,
    kFloorTread = 1,
    kWallPanel = 2,
    kWallTech = 3,
    kCeilingGrid = 4,
    kWarningStripe = 5,
    kGrating = 6,
    kRustWall = 7,
    kComputerWall = 8,
    kHazardFloor = 9,
};

struct Look {
    int floor = kFloorPlate, ceiling = kCeilingGrid, wall = kWallPanel;
};

std::uint16_t textureBits(const Look& look) {
    return static_cast<std::uint16_t>((look.floor << 11) | (look.ceiling << 6) | look.wall);
}

class Builder {
public:
    Builder() {
        map_.width = kSide;
        map_.height = kSide;
        map_.tiles.resize(kSide * kSide);
        for (ss::Tile& t : map_.tiles) {
            t.type = static_cast<std::uint8_t>(TileType::Solid);
            t.textures = textureBits({});
            t.state = {0xFF, 0x00, 0x00, 0x00}; // as in the game's archive.dat (spec §3.1.4)
        }
    }

    ss::Tile& at(int x, int y) { return map_.tiles[static_cast<std::size_t>(y * kSide + x)]; }

    // An open tile: floor at `floor`, ceiling at `top` (height units from the bottom).
    void open(int x, int y, int floor, int top, const Look& look, int floorShadow, int ceilingShadow) {
        ss::Tile& t = at(x, y);
        t.type = static_cast<std::uint8_t>(TileType::Open);
        t.floor = static_cast<std::uint8_t>(floor & 0x1F);
        t.ceiling = static_cast<std::uint8_t>((kTop - top) & 0x1F);
        t.steepness = 0;
        t.textures = textureBits(look);
        t.flags = (static_cast<std::uint32_t>(ceilingShadow & 0xF) << 24) |
                  (static_cast<std::uint32_t>(floorShadow & 0xF) << 16);
    }

    // A room x0..x1, y0..y1 (inclusive): darker towards its walls, its four corners cut by
    // diagonal tiles whose open half faces the room.
    void room(int x0, int y0, int x1, int y1, int floor, int top, const Look& look) {
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x) {
                const int edge = std::min({x - x0, x1 - x, y - y0, y1 - y});
                const int shade = edge == 0 ? 3 : edge == 1 ? 1 : 0;
                open(x, y, floor, top, look, shade, shade + 1);
            }
        at(x0, y0).type = static_cast<std::uint8_t>(TileType::DiagonalOpenNE); // south-west corner
        at(x1, y0).type = static_cast<std::uint8_t>(TileType::DiagonalOpenNW); // south-east corner
        at(x1, y1).type = static_cast<std::uint8_t>(TileType::DiagonalOpenSW); // north-east corner
        at(x0, y1).type = static_cast<std::uint8_t>(TileType::DiagonalOpenSE); // north-west corner
    }

    // A corridor x0..x1, y0..y1 at a flat floor.
    void corridor(int x0, int y0, int x1, int y1, int floor, int top, const Look& look) {
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x)
                open(x, y, floor, top, look, 4, 6);
    }

    // A sloped tile (floor only: slope control 2, the ceiling flat) rising `steep` from `low`.
    void slope(int x, int y, TileType type, int low, int steep, int top, const Look& look,
               int control = static_cast<int>(ss::SlopeControl::FloorOnly)) {
        open(x, y, low, top, look, 2, 5);
        ss::Tile& t = at(x, y);
        t.type = static_cast<std::uint8_t>(type);
        t.steepness = static_cast<std::uint8_t>(steep);
        t.flags |= static_cast<std::uint32_t>(control & 3) << 10;
    }

    ss::TileMap take() { return std::move(map_); }

private:
    ss::TileMap map_;
};

ss::LevelInfo levelInfo(int zShift) {
    ss::LevelInfo info;
    info.width = kSide;
    info.height = kSide;
    info.widthShift = 6;
    info.heightShift = 6;
    info.zShift = zShift;
    info.rest.assign(58 - ss::kLevelInfoNamedSize, 0); // inkyblackness: 58 bytes in all
    return info;
}

// The game's texture list holds 54 ids (inkyblackness); the demo's repeats its ten.
ss::TextureList textureList(int rotate) {
    ss::TextureList list;
    for (int i = 0; i < 54; ++i)
        list.ids.push_back(static_cast<std::uint16_t>((i + rotate) % kDemoTextureCount));
    return list;
}

} // namespace

// Level 1 (z shift 3: 8 height units a tile width, a level 4 tiles high). Rooms A (floor 0),
// B (8), C (8), D (0), E (16) and the gallery G (4), joined by ramps rising east (A->B, B->E,
// D->G), north (A->C), falling east (C->D: slope e->w) and falling north (B->D: slope n->s). In G,
// two rows of the eight valleys and ridges with every slope control (the valley s/e->n/w with
// control 0: an inverted ceiling), and a hazard patch in E.
DemoLevel demoLevel1() {
    Builder b;
    const Look plate{kFloorPlate, kCeilingGrid, kWallPanel};
    const Look tech{kFloorTread, kCeilingGrid, kWallTech};
    const Look rust{kFloorTread, kCeilingGrid, kRustWall};
    const Look gallery{kFloorPlate, kCeilingGrid, kComputerWall};
    const Look ramp{kGrating, kCeilingGrid, kWallPanel};

    b.room(2, 2, 13, 13, 0, 24, plate);   // A
    b.room(22, 2, 33, 13, 8, 32, tech);   // B
    b.room(2, 22, 13, 33, 8, 32, rust);   // C
    b.room(22, 22, 33, 33, 0, 24, plate); // D
    b.room(42, 2, 53, 13, 16, 32, tech);  // E
    b.room(40, 20, 61, 44, 4, 28, gallery);

    // A -> B, rising east: 0, 2, 4, 6 -> 8.
    b.corridor(14, 6, 16, 9, 0, 32, ramp);
    for (int i = 0; i < 4; ++i)
        for (int y = 6; y <= 9; ++y)
            b.slope(17 + i, y, TileType::SlopeWE, 2 * i, 2, 32, ramp);
    b.corridor(21, 6, 21, 9, 8, 32, ramp);
    // A -> C, rising north.
    b.corridor(6, 14, 9, 16, 0, 32, ramp);
    for (int i = 0; i < 4; ++i)
        for (int x = 6; x <= 9; ++x)
            b.slope(x, 17 + i, TileType::SlopeSN, 2 * i, 2, 32, ramp);
    b.corridor(6, 21, 9, 21, 8, 32, ramp);
    // C -> D, falling east (slope e->w: low east, high west): 6, 4, 2, 0.
    b.corridor(14, 26, 14, 29, 8, 32, ramp);
    for (int i = 0; i < 4; ++i)
        for (int y = 26; y <= 29; ++y)
            b.slope(15 + i, y, TileType::SlopeEW, 6 - 2 * i, 2, 32, ramp);
    b.corridor(19, 26, 21, 29, 0, 32, ramp);
    // B -> D, falling north (slope n->s: low north, high south).
    b.corridor(26, 14, 29, 14, 8, 32, ramp);
    for (int i = 0; i < 4; ++i)
        for (int x = 26; x <= 29; ++x)
            b.slope(x, 15 + i, TileType::SlopeNS, 6 - 2 * i, 2, 32, ramp);
    b.corridor(26, 19, 29, 21, 0, 32, ramp);
    // B -> E, rising east: 8 .. 14 -> 16.
    b.corridor(34, 6, 34, 9, 8, 32, ramp);
    for (int i = 0; i < 4; ++i)
        for (int y = 6; y <= 9; ++y)
            b.slope(35 + i, y, TileType::SlopeWE, 8 + 2 * i, 2, 32, ramp);
    b.corridor(39, 6, 41, 9, 16, 32, ramp);
    // D -> G, rising east: 0, 2 -> 4.
    b.corridor(34, 26, 34, 29, 0, 28, ramp);
    for (int i = 0; i < 2; ++i)
        for (int y = 26; y <= 29; ++y)
            b.slope(35 + i, y, TileType::SlopeWE, 2 * i, 2, 28, ramp);
    b.corridor(37, 26, 39, 29, 4, 28, ramp);

    // The gallery's valleys and ridges, each alone among flat tiles at 4: a valley lowers its
    // first-named corner (floor 4 - s, three corners at 4), a ridge raises its second (floor 4).
    const TileType bends[] = {TileType::ValleySENW, TileType::ValleySWNE, TileType::ValleyNWSE,
                              TileType::ValleyNESW, TileType::RidgeNWSE,  TileType::RidgeNESW,
                              TileType::RidgeSENW,  TileType::RidgeSWNE};
    for (int i = 0; i < 8; ++i) {
        const bool valley = i < 4;
        // Row 1, steepness 2, slope controls 0, 1, 2, 3 in turn (0 on the first valley: inverted).
        b.slope(43 + 2 * i, 30, bends[i], valley ? 2 : 4, 2, 28, gallery, i % 4);
        // Row 2, steepness 4, the ceiling flat.
        b.slope(43 + 2 * i, 36, bends[i], valley ? 0 : 4, 4, 28, gallery);
    }
    // A hazard patch in E, in the warning stripe.
    for (int y = 6; y <= 9; ++y)
        for (int x = 46; x <= 49; ++x) {
            ss::Tile& t = b.at(x, y);
            t.floor |= 0x80;
            t.textures = textureBits({kWarningStripe, kCeilingGrid, kWallTech});
        }
    // Hazard floors turned a quarter each along the patch (texture orientation, bits 5-6).
    for (int x = 46; x <= 49; ++x)
        b.at(x, 6).floor = static_cast<std::uint8_t>((b.at(x, 6).floor & 0x9F) | ((x - 46) << 5));
    // A red floor in D, and grating over C's middle.
    for (int y = 26; y <= 29; ++y)
        for (int x = 26; x <= 29; ++x)
            b.at(x, y).textures = textureBits({kHazardFloor, kCeilingGrid, kWallPanel});

    DemoLevel level;
    level.number = 1;
    level.info = levelInfo(3);
    level.map = b.take();
    level.textures = textureList(0);
    return level;
}

// Level 2 (z shift 2: 4 height units a tile width, a level 8 tiles high): room R1 (floor 0), R2
// (8) up a ramp east, R3 (4) up a ramp north, and a pillared hall (0) down a ramp north of R2.
DemoLevel demoLevel2() {
    Builder b;
    const Look plate{kFloorPlate, kCeilingGrid, kWallPanel};
    const Look rust{kFloorTread, kCeilingGrid, kRustWall};
    const Look hall{kHazardFloor, kCeilingGrid, kWallTech};

    b.room(2, 2, 11, 11, 0, 12, plate);  // R1
    b.room(18, 2, 27, 11, 8, 24, rust);  // R2
    b.room(2, 18, 11, 29, 4, 20, plate); // R3
    b.room(20, 20, 50, 45, 0, 28, hall); // the hall
    b.corridor(12, 5, 12, 8, 0, 24, plate);
    for (int i = 0; i < 4; ++i)
        for (int y = 5; y <= 8; ++y)
            b.slope(13 + i, y, TileType::SlopeWE, 2 * i, 2, 24, plate);
    b.corridor(17, 5, 17, 8, 8, 24, plate);
    b.corridor(5, 12, 8, 13, 0, 20, plate);
    for (int i = 0; i < 2; ++i)
        for (int x = 5; x <= 8; ++x)
            b.slope(x, 14 + i, TileType::SlopeSN, 2 * i, 2, 20, plate);
    b.corridor(5, 16, 8, 17, 4, 20, plate);
    for (int i = 0; i < 4; ++i)
        for (int x = 22; x <= 25; ++x)
            b.slope(x, 12 + i, TileType::SlopeNS, 6 - 2 * i, 2, 24, rust);
    b.corridor(22, 16, 25, 19, 0, 24, rust);
    for (int y = 24; y <= 42; y += 6)
        for (int x = 24; x <= 46; x += 6)
            b.at(x, y).type = static_cast<std::uint8_t>(TileType::Solid);

    DemoLevel level;
    level.number = 2;
    level.info = levelInfo(2);
    level.map = b.take();
    level.textures = textureList(3);
    return level;
}

} // namespace rgx::demo::systemshock
