#include "loaders/systemshock/level.h"

#include <array>

namespace rgx::loaders::systemshock {

namespace {

constexpr std::array<std::string_view, kTileTypeCount> kTileTypeNames = {"solid",
                                                                         "open",
                                                                         "diagonal open s/e",
                                                                         "diagonal open s/w",
                                                                         "diagonal open n/w",
                                                                         "diagonal open n/e",
                                                                         "slope s->n",
                                                                         "slope w->e",
                                                                         "slope n->s",
                                                                         "slope e->w",
                                                                         "valley se->nw",
                                                                         "valley sw->ne",
                                                                         "valley nw->se",
                                                                         "valley ne->sw",
                                                                         "ridge nw->se",
                                                                         "ridge ne->sw",
                                                                         "ridge se->nw",
                                                                         "ridge sw->ne"};

// Reads whole entries of `size` bytes; a partial one at the end is a warning.
template <class T, class Read>
std::vector<T> readEntries(ByteSpan bytes, std::size_t size, const std::string& path, Warnings* warnings,
                           std::string_view field, Read read) {
    ByteReader r(bytes, path, 0, warnings);
    const std::size_t count = bytes.size() / size;
    if (bytes.size() % size != 0)
        r.warnAt(count * size, field,
                 std::to_string(bytes.size() % size) + " bytes after the last whole " + std::to_string(size) +
                     "-byte entry are ignored");
    std::vector<T> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        out.push_back(read(r));
    return out;
}

} // namespace

std::string_view tileTypeName(std::uint8_t type) {
    return type < kTileTypeNames.size() ? kTileTypeNames[type] : std::string_view("unknown");
}

LevelInfo readLevelInfo(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    r.require(kLevelInfoNamedSize, "level information");
    LevelInfo info;
    info.width = r.i32("level width");
    info.height = r.i32("level height");
    info.widthShift = r.i32("level width shift");
    info.heightShift = r.i32("level height shift");
    info.zShift = r.i32("level z shift");
    info.placeholder = r.u32("level map pointer");
    info.cyberspace = r.i32("level cyberspace flag");
    const ByteSpan rest = r.bytes(r.remaining(), "level information rest");
    info.rest.assign(rest.begin(), rest.end());
    if (info.zShift < 0 || info.zShift > 7)
        r.warnAt(0x10, "level z shift",
                 "z shift " + std::to_string(info.zShift) + " is outside 0..7 (the game's levels use 1..3)");
    return info;
}

Bytes writeLevelInfo(const LevelInfo& info) {
    ByteWriter w;
    w.i32(info.width);
    w.i32(info.height);
    w.i32(info.widthShift);
    w.i32(info.heightShift);
    w.i32(info.zShift);
    w.u32(info.placeholder);
    w.i32(info.cyberspace);
    w.bytes(info.rest);
    return w.take();
}

TileMap readTileMap(ByteSpan bytes, int width, int height, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    if (width < 1 || height < 1 || width > kMaxMapSide || height > kMaxMapSide)
        r.fail("tile map size", "a map of " + std::to_string(width) + " x " + std::to_string(height) +
                                    " tiles is outside 1..." + std::to_string(kMaxMapSide) + " a side");
    TileMap map;
    map.width = width;
    map.height = height;
    const std::size_t count = r.checkCount(
        static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height), kTileSize, "tile map");
    map.tiles.resize(count);
    for (Tile& t : map.tiles) {
        t.type = r.u8("tile type");
        t.floor = r.u8("tile floor");
        t.ceiling = r.u8("tile ceiling");
        t.steepness = r.u8("tile steepness");
        t.firstObject = r.u16("tile first object");
        t.textures = r.u16("tile textures");
        t.flags = r.u32("tile flags");
        for (std::uint8_t& b : t.state)
            b = r.u8("tile state");
        if (t.type >= kTileTypeCount)
            r.warnAt(r.pos() - kTileSize, "tile type",
                     "tile type " + std::to_string(t.type) +
                         " is not one of the 18 known; it is drawn solid");
    }
    if (!r.atEnd())
        r.warnAt(r.pos(), "tile map",
                 std::to_string(r.remaining()) + " bytes after the " + std::to_string(count) +
                     " tiles are ignored");
    return map;
}

Bytes writeTileMap(const TileMap& map) {
    ByteWriter w;
    w.reserve(map.tiles.size() * kTileSize);
    for (const Tile& t : map.tiles) {
        w.u8(t.type);
        w.u8(t.floor);
        w.u8(t.ceiling);
        w.u8(t.steepness);
        w.u16(t.firstObject);
        w.u16(t.textures);
        w.u32(t.flags);
        for (const std::uint8_t b : t.state)
            w.u8(b);
    }
    return w.take();
}

TextureList readTextureList(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    TextureList list;
    for (const std::uint16_t id : readEntries<std::uint16_t>(
             bytes, 2, path, warnings, "texture list", [](ByteReader& r) { return r.u16("texture id"); }))
        list.ids.push_back(id);
    return list;
}

Bytes writeTextureList(const TextureList& list) {
    ByteWriter w;
    for (const std::uint16_t id : list.ids)
        w.u16(id);
    return w.take();
}

std::vector<MasterObject> readMasterObjects(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    return readEntries<MasterObject>(bytes, kMasterObjectSize, path, warnings, "master object table",
                                     [](ByteReader& r) {
                                         MasterObject o;
                                         o.inUse = r.u8("object in use");
                                         o.objectClass = r.u8("object class");
                                         o.subclass = r.u8("object subclass");
                                         o.classIndex = r.u16("object class index");
                                         o.crossRef = r.u16("object cross-reference");
                                         o.prev = r.u16("object prev");
                                         o.next = r.u16("object next");
                                         o.x = r.u16("object x");
                                         o.y = r.u16("object y");
                                         o.z = r.u8("object z");
                                         for (std::uint8_t& a : o.angles)
                                             a = r.u8("object angle");
                                         o.ai = r.u8("object ai index");
                                         o.type = r.u8("object type");
                                         o.hitPoints = r.u16("object hit points");
                                         o.state = r.u8("object state");
                                         for (std::uint8_t& b : o.unknown)
                                             b = r.u8("object unknown");
                                         return o;
                                     });
}

Bytes writeMasterObjects(const std::vector<MasterObject>& objects) {
    ByteWriter w;
    for (const MasterObject& o : objects) {
        w.u8(o.inUse);
        w.u8(o.objectClass);
        w.u8(o.subclass);
        w.u16(o.classIndex);
        w.u16(o.crossRef);
        w.u16(o.prev);
        w.u16(o.next);
        w.u16(o.x);
        w.u16(o.y);
        w.u8(o.z);
        for (const std::uint8_t a : o.angles)
            w.u8(a);
        w.u8(o.ai);
        w.u8(o.type);
        w.u16(o.hitPoints);
        w.u8(o.state);
        for (const std::uint8_t b : o.unknown)
            w.u8(b);
    }
    return w.take();
}

std::vector<CrossRef> readCrossRefs(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    return readEntries<CrossRef>(bytes, kCrossRefSize, path, warnings, "object cross-reference table",
                                 [](ByteReader& r) {
                                     CrossRef c;
                                     c.tileX = r.u16("cross-reference tile x");
                                     c.tileY = r.u16("cross-reference tile y");
                                     c.object = r.u16("cross-reference object");
                                     c.nextInTile = r.u16("cross-reference next in tile");
                                     c.nextTile = r.u16("cross-reference next tile");
                                     return c;
                                 });
}

Bytes writeCrossRefs(const std::vector<CrossRef>& refs) {
    ByteWriter w;
    for (const CrossRef& c : refs) {
        w.u16(c.tileX);
        w.u16(c.tileY);
        w.u16(c.object);
        w.u16(c.nextInTile);
        w.u16(c.nextTile);
    }
    return w.take();
}

} // namespace rgx::loaders::systemshock
