// The town's ARCH3D objects: two houses, the tavern, the crypt entrance, a well and a market
// stall (faces out), and the two interiors (faces in). Doors are on the -z face.
#include "demo/daggerfall/mesh.h"

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;
using namespace size;

namespace {

// A door quad standing 2 units in front of the wall at z (seen from -z, or from +z when
// `inside`), the whole image over it.
void door(MeshBuilder& m, TexRef tex, int z, int width, int height, bool inside = false) {
    const int hw = width / 2, full = 64 * 16;
    if (inside)
        m.quad(tex, {hw, -height, z + 2}, {-width, 0, 0}, {0, height, 0}, {0, 0}, {full, full});
    else
        m.quad(tex, {-hw, -height, z - 2}, {width, 0, 0}, {0, height, 0}, {0, 0}, {full, full});
}

ld::Arch3dObject houseA() {
    MeshBuilder m;
    m.house(kHouseAX, kHouseAZ, kHouseAWall, kHouseARoof,
            {tex::kHouseStoneWindow, tex::kHouseStoneWindow, tex::kHouseStone, tex::kHouseStone,
             tex::kRoofTiles});
    door(m, tex::kDoorPlank, -kHouseAZ / 2, kDoorW, kDoorH);
    return m.finish();
}

ld::Arch3dObject houseB() {
    MeshBuilder m;
    m.house(kHouseBX, kHouseBZ, kHouseBWall, kHouseBRoof,
            {tex::kHousePlasterWindow, tex::kHousePlasterWindow, tex::kHousePlasterWindow, tex::kHouseStone,
             tex::kRoofShingles});
    door(m, tex::kDoorBanded, -kHouseBZ / 2, kDoorW, kDoorH);
    return m.finish();
}

// Two storeys: a stone ground floor, a timber-framed upper floor with windows, a tiled roof.
ld::Arch3dObject tavern() {
    MeshBuilder m;
    const int hx = kTavernX / 2, hz = kTavernZ / 2, ground = 128;
    m.box(-hx, hx, -ground, 0, -hz, hz,
          {tex::kTavernStone, tex::kTavernStone, tex::kTavernStone, tex::kTavernStone, std::nullopt,
           std::nullopt});
    m.box(-hx, hx, -kTavernWall, -ground, -hz, hz,
          {tex::kTavernWindows, tex::kTavernWindows, tex::kTavernPlaster, tex::kTavernPlaster, std::nullopt,
           std::nullopt});
    m.gableRoof(kTavernX, kTavernZ, kTavernWall, kTavernRoof, tex::kTavernPlaster, tex::kRoofTiles);
    door(m, tex::kDoorBanded, -hz, kDoorW + 16, kDoorH);
    return m.finish();
}

ld::Arch3dObject cryptEntrance() {
    MeshBuilder m;
    m.box(-128, 128, -192, 0, -128, 128,
          {tex::kHouseStone, tex::kHouseStone, tex::kHouseStone, tex::kHouseStone, tex::kDungeonCeiling,
           std::nullopt});
    door(m, tex::kCryptDoor, -128, 128, 160);
    return m.finish();
}

ld::Arch3dObject well() {
    MeshBuilder m;
    m.box(-64, 64, -64, 0, -64, 64,
          {tex::kHouseStone, tex::kHouseStone, tex::kHouseStone, tex::kHouseStone,
           TexRef{tex::kGround, tex::kWater}, std::nullopt});
    return m.finish();
}

// A plank counter with a sloping shingle awning above it.
ld::Arch3dObject stall() {
    MeshBuilder m;
    m.box(-96, 96, -80, 0, -48, 48,
          {tex::kPlanks, tex::kPlanks, tex::kBeams, tex::kBeams, tex::kPlanks, std::nullopt});
    m.box(-100, -92, -160, -80, 40, 48,
          {tex::kBeams, tex::kBeams, tex::kBeams, tex::kBeams, std::nullopt, std::nullopt});
    m.box(92, 100, -160, -80, 40, 48,
          {tex::kBeams, tex::kBeams, tex::kBeams, tex::kBeams, std::nullopt, std::nullopt});
    const int k = kUvPerUnit;
    m.quad(tex::kRoofShingles, {-112, -168, 56}, {224, 0, 0}, {0, 48, -128}, {-112 * k, 0},
           {112 * k, 136 * k});
    return m.finish();
}

// A room seen from inside: floor, ceiling, four walls, the door back to the street.
MeshBuilder room(int sx, int sy, int sz, TexRef wall, TexRef floor, TexRef ceiling, TexRef doorTex) {
    MeshBuilder m;
    m.box(-sx / 2, sx / 2, -sy, 0, -sz / 2, sz / 2, {wall, wall, wall, wall, ceiling, floor}, true);
    door(m, doorTex, -sz / 2, kDoorW, kDoorH, true);
    return m;
}

// The tavern's room with a bar counter along the back wall (faces out, into the room).
ld::Arch3dObject tavernRoom() {
    MeshBuilder m = room(kTavernRoomX, kTavernRoomY, kTavernRoomZ, tex::kTavernPanel, tex::kTavernFloor,
                         tex::kTavernCeiling, tex::kDoorBanded);
    const int back = kTavernRoomZ / 2;
    m.box(-192, 192, -64, 0, back - 112, back - 64,
          {tex::kPlanks, std::nullopt, tex::kBeams, tex::kBeams, tex::kBeams, std::nullopt});
    return m.finish();
}

} // namespace

std::map<std::uint32_t, ld::Arch3dObject> townModels() {
    std::map<std::uint32_t, ld::Arch3dObject> models;
    models[model::kHouseA] = houseA();
    models[model::kHouseB] = houseB();
    models[model::kTavern] = tavern();
    models[model::kCryptEntrance] = cryptEntrance();
    models[model::kWell] = well();
    models[model::kStall] = stall();
    models[model::kHouseInterior] = room(kHouseRoomX, kHouseRoomY, kHouseRoomZ, tex::kHouseWall,
                                         tex::kHouseFloor, tex::kHouseCeiling, tex::kDoorPlank)
                                        .finish();
    models[model::kTavernInterior] = tavernRoom();
    return models;
}

} // namespace rgx::demo::daggerfall
