// The dungeon's ARCH3D objects. Rooms and corridors are seen from inside; the room has a
// doorway in the middle of each wall, the corridors' width, so pieces meet at the room's walls.
// A plug closes a doorway; the door, the lever and the platform are seen from outside.
#include "demo/daggerfall/mesh.h"

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;
using namespace size;

namespace {

constexpr int kFull = 64 * 16; // a whole 64-texel image, in 1/16 texel

ld::Arch3dObject room() {
    MeshBuilder m;
    const int h = kRoomSide / 2, d = kPassW / 2;
    const TexRef wall = tex::kDungeonWall;
    // Each wall: two full-height pieces beside the doorway and a lintel above it.
    const struct {
        Facing facing;
        int plane;
    } sides[] = {{Facing::PosZ, -h}, {Facing::NegZ, h}, {Facing::PosX, -h}, {Facing::NegX, h}};
    for (const auto& s : sides) {
        m.wall(wall, s.facing, s.plane, -h, -d, -kRoomY, 0);
        m.wall(wall, s.facing, s.plane, d, h, -kRoomY, 0);
        m.wall(wall, s.facing, s.plane, -d, d, -kRoomY, -kPassY);
    }
    m.floor(tex::kDungeonFloor, 0, -h, h, -h, h);
    m.ceiling(tex::kDungeonCeiling, -kRoomY, -h, h, -h, h);
    return m.finish();
}

ld::Arch3dObject corridor() {
    MeshBuilder m;
    m.box(-kPassW / 2, kPassW / 2, -kPassY, 0, -kCorridorLen / 2, kCorridorLen / 2,
          {std::nullopt, std::nullopt, tex::kDungeonWall, tex::kDungeonWall, tex::kDungeonCeiling,
           tex::kDungeonFloor},
          true);
    return m.finish();
}

// A turn: open to the south and the west, closed to the north and the east.
ld::Arch3dObject corner() {
    MeshBuilder m;
    const int d = kPassW / 2;
    m.box(-d, d, -kPassY, 0, -d, d,
          {std::nullopt, tex::kDungeonWall, std::nullopt, tex::kDungeonWall, tex::kDungeonCeiling,
           tex::kDungeonFloor},
          true);
    return m.finish();
}

// A doorway-sized wall in the plane z = 0, seen from -z.
ld::Arch3dObject plug(TexRef tex, bool wholeImage) {
    MeshBuilder m;
    const int d = kPassW / 2;
    if (wholeImage)
        m.quad(tex, {-d, -kPassY, 0}, {kPassW, 0, 0}, {0, kPassY, 0}, {0, 0}, {kFull, kFull});
    else
        m.wall(tex, Facing::NegZ, 0, -d, d, -kPassY, 0);
    return m.finish();
}

// A door slab filling a doorway: the door image on both faces, beams on its edges.
ld::Arch3dObject door() {
    MeshBuilder m;
    const int d = kPassW / 2, t = 8;
    m.quad(tex::kDoorBanded, {-d, -kPassY, -t}, {kPassW, 0, 0}, {0, kPassY, 0}, {0, 0}, {kFull, kFull});
    m.quad(tex::kDoorBanded, {d, -kPassY, t}, {-kPassW, 0, 0}, {0, kPassY, 0}, {0, 0}, {kFull, kFull});
    m.box(-d, d, -kPassY, 0, -t, t,
          {std::nullopt, std::nullopt, tex::kBeams, tex::kBeams, tex::kBeams, std::nullopt});
    return m.finish();
}

// An iron base with a wooden handle, pivoting about its base (the origin).
ld::Arch3dObject lever() {
    MeshBuilder m;
    const TexRef iron = tex::kDungeonIron, wood = tex::kBeams;
    m.box(-16, 16, -16, 0, -16, 16, {iron, iron, iron, iron, iron, std::nullopt});
    m.box(-4, 4, -112, -16, -4, 4, {wood, wood, wood, wood, wood, std::nullopt});
    return m.finish();
}

ld::Arch3dObject platform() {
    MeshBuilder m;
    const TexRef stone = tex::kDungeonWall;
    m.box(-kPassW / 2, kPassW / 2, -32, 0, -kPassW / 2, kPassW / 2,
          {stone, stone, stone, stone, tex::kDungeonIron, std::nullopt});
    return m.finish();
}

} // namespace

std::map<std::uint32_t, ld::Arch3dObject> dungeonModels() {
    std::map<std::uint32_t, ld::Arch3dObject> models;
    models[model::kRoom] = room();
    models[model::kCorridor] = corridor();
    models[model::kCorner] = corner();
    models[model::kPlug] = plug(tex::kDungeonWall, false);
    models[model::kExitDoor] = plug(tex::kExitDoor, true);
    models[model::kDoor] = door();
    models[model::kLever] = lever();
    models[model::kPlatform] = platform();
    return models;
}

} // namespace rgx::demo::daggerfall
