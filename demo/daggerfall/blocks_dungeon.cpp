// The dungeon's RDB blocks on a 2 x 2 grid (catalog.h kDungeonGrid):
//   (0,1) N0000003: room behind a door   (1,1) B0000001: two corridors meeting at a corner
//   (0,0) N0000001: the start room       (1,0) N0000002: room with the lever and the platform
// Every block is 2,048 units square; a block's objects lie inside it at (x, y, z) with y down,
// as Daggerfall Unity's RDBLayout reads them, and the block stands at (2048 X, 0, 2048 Z) on the
// grid. The room (1,152 square) sits in the middle; corridors run from its doorways to the
// block's edges, where the neighbour's corridor begins. Doorways without a neighbour are closed
// by a plug, the start room's south one by the exit door.
#include "demo/daggerfall/catalog.h"
#include "demo/daggerfall/parts.h"
#include "loaders/daggerfall/rdb.h"
#include "loaders/daggerfall/rmb.h"

#include <optional>
#include <string>

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;
using namespace size;

namespace {

// Y rotations (2,048 a turn, Daggerfall Unity turning by -angle): a model's -z side faces
// south at 0, north at 1024, east at 512 (for a doorway in the west wall) and west at 1536.
constexpr std::int32_t kFaceSouth = 0, kFaceEast = 512, kFaceNorth = 1024, kFaceWest = 1536;
constexpr std::int32_t kAlongX = 512; // a corridor (along z) turned to run along x

constexpr int kMid = kRdbBlock / 2, kWall = kRoomSide / 2;    // the room's walls at kMid +- kWall
constexpr int kCorridorMid = kMid + kWall + kCorridorLen / 2; // from the room's wall to the edge

// Lists of the roots grid (2 x 2): the architecture, the moving models, flats, lights.
enum List : std::size_t { kArchitecture, kMoving, kFlats, kLights };

struct Builder {
    ld::RdbBlock block = ld::makeRdbBlock(2, 2);
    std::size_t refs = 0;

    std::uint16_t ref(std::uint32_t id, const char* type) {
        const std::string digits = std::to_string(id);
        for (std::size_t i = 0; i < refs; ++i)
            if (block.modelRefs[i].modelId == digits) return static_cast<std::uint16_t>(i);
        block.modelRefs[refs] = {digits, type};
        return static_cast<std::uint16_t>(refs++);
    }
    void model(List list, std::uint32_t id, const char* type, int x, int y, int z, std::int32_t angle,
               std::optional<ld::RdbAction> action = std::nullopt) {
        ld::RdbModelPost post;
        post.yAngle = angle;
        post.modelIndex = ref(id, type);
        post.action = action;
        block.roots[list].objects.push_back(ld::RdbObject{0, x, y, z, 0, 0, post});
    }
    void flat(TexRef t, int x, int y, int z) {
        block.roots[kFlats].objects.push_back(ld::RdbObject{
            0, x, y, z, 0, 0, ld::RdbFlatPost{ld::rmbTextureBits(t.archive, t.record), 0, 0, -1, 0}});
    }
    void light(int x, int y, int z, std::uint16_t radius) {
        block.roots[kLights].objects.push_back(
            ld::RdbObject{0, x, y, z, 0, 0, ld::RdbLightPost{0, 0, radius}});
    }

    void room() { model(kArchitecture, model::kRoom, "ROM", kMid, 0, kMid, 0); }
    // A corridor from the room's doorway on that side to the block's edge.
    void corridorNorth() { model(kArchitecture, model::kCorridor, "COR", kMid, 0, kCorridorMid, 0); }
    void corridorSouth() {
        model(kArchitecture, model::kCorridor, "COR", kMid, 0, kRdbBlock - kCorridorMid, 0);
    }
    void corridorEast() { model(kArchitecture, model::kCorridor, "COR", kCorridorMid, 0, kMid, kAlongX); }
    void corridorWest() {
        model(kArchitecture, model::kCorridor, "COR", kRdbBlock - kCorridorMid, 0, kMid, kAlongX);
    }
    // A plug closing the doorway on that side, seen from inside the room.
    void plugNorth() { model(kArchitecture, model::kPlug, "WAL", kMid, 0, kMid + kWall, kFaceSouth); }
    void plugSouth() { model(kArchitecture, model::kPlug, "WAL", kMid, 0, kMid - kWall, kFaceNorth); }
    void plugEast() { model(kArchitecture, model::kPlug, "WAL", kMid + kWall, 0, kMid, kFaceWest); }
    void plugWest() { model(kArchitecture, model::kPlug, "WAL", kMid - kWall, 0, kMid, kFaceEast); }
    // Torches on the west and east walls either side of the doorways, 128 up (flats are
    // centred on their position), and a light under the ceiling.
    void torchesAndLight() {
        for (int x : {kMid - kWall + 16, kMid + kWall - 16})
            for (int z : {kMid - 260, kMid + 260})
                flat(tex::kTorch, x, -128, z);
        light(kMid, -kRoomY + 48, kMid, 640);
    }

    ld::RdbBlock finish() {
        ld::layoutRdb(block);
        return block;
    }
};

ld::RdbBlock startBlock() {
    Builder b;
    b.room();
    b.corridorEast(), b.corridorNorth();
    b.plugWest();
    b.model(kArchitecture, model::kExitDoor, "EXT", kMid, 0, kMid - kWall, kFaceNorth);
    b.torchesAndLight();
    b.flat(tex::kStartMarker, kMid, -8, kMid - 256);
    b.flat(tex::kEnterMarker, kMid, -8, kMid - kWall + 64);
    return b.finish();
}

// The action chain: the lever turns 45 degrees about x and, at the same time, its target (the
// platform) rises 128 units. Axes as Daggerfall Unity moves them: 4 (+y) is up.
ld::RdbBlock leverBlock() {
    Builder b;
    b.room();
    b.corridorWest(), b.corridorNorth();
    b.plugEast(), b.plugSouth();
    b.model(kMoving, model::kLever, "LEV", kMid + 320, 0, kMid - 320, kFaceSouth,
            ld::RdbAction{2, 40, 256, -1, 8});
    b.model(kMoving, model::kPlatform, "PLT", kMid, 0, kMid, 0, ld::RdbAction{4, 80, 128, -1, 1});
    b.flat(tex::kCrate, kMid, -16 - 32, kMid); // on the platform (flats are centred)
    b.torchesAndLight();
    ld::RdbBlock block = b.finish();
    auto& moving = block.roots[kMoving].objects;
    std::get<ld::RdbModelPost>(moving[0].post).action->targetOffset = moving[1].offset;
    return block;
}

ld::RdbBlock doorBlock() {
    Builder b;
    b.room();
    b.corridorSouth(), b.corridorEast();
    b.plugNorth(), b.plugWest();
    b.model(kMoving, model::kDoor, "DOR", kMid, 0, kMid - kWall, 0);
    b.flat(tex::kBarrel, kMid - 400, -16, kMid + 400);
    b.torchesAndLight();
    return b.finish();
}

// Corridors from the west and the south edges meet at a corner in the middle.
ld::RdbBlock cornerBlock() {
    Builder b;
    const int cell = kPassW / 2, len = kCorridorLen;
    for (int i = 0; i < 2; ++i) {
        const int along = kMid - cell - len / 2 - i * len;
        b.model(kArchitecture, model::kCorridor, "COR", along, 0, kMid, kAlongX);
        b.model(kArchitecture, model::kCorridor, "COR", kMid, 0, along, 0);
    }
    b.model(kArchitecture, model::kCorner, "CRN", kMid, 0, kMid, 0);
    b.flat(tex::kTorch, kMid + cell - 16, -128, kMid);
    b.light(kMid, -kPassY + 32, kMid, 384);
    return b.finish();
}

} // namespace

std::vector<NamedBlock> dungeonBlocks() {
    return {{std::string(kStartBlock), ld::writeRdb(startBlock())},
            {std::string(kLeverBlock), ld::writeRdb(leverBlock())},
            {std::string(kDoorBlock), ld::writeRdb(doorBlock())},
            {std::string(kCornerBlock), ld::writeRdb(cornerBlock())}};
}

} // namespace rgx::demo::daggerfall
