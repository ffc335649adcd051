#include "loaders/daggerfall/maps.h"

#include <algorithm>
#include <map>

namespace rgx::loaders::daggerfall {

namespace {

// Region names (Daggerfall Unity's MapsFile.regionNames; UESP dfbsa.txt Appendix A).
// clang-format off
constexpr std::array<std::string_view, kMapsRegionNameCount> kRegionNames = {
    "Alik'r Desert", "Dragontail Mountains", "Glenpoint Foothills", "Daggerfall Bluffs",
    "Yeorth Burrowland", "Dwynnen", "Ravennian Forest", "Devilrock", "Malekna Forest", "Isle of Balfiera",
    "Bantha", "Dak'fron", "Islands in the Western Iliac Bay", "Tamarilyn Point", "Lainlyn Cliffs",
    "Bjoulsae River", "Wrothgarian Mountains", "Daggerfall", "Glenpoint", "Betony", "Sentinel", "Anticlere",
    "Lainlyn", "Wayrest", "Gen Tem High Rock village", "Gen Rai Hammerfell village", "Orsinium Area",
    "Skeffington Wood", "Hammerfell bay coast", "Hammerfell sea coast", "High Rock bay coast",
    "High Rock sea coast", "Northmoor", "Menevia", "Alcaire", "Koegria", "Bhoriane", "Kambria", "Phrygias",
    "Urvaius", "Ykalon", "Daenia", "Shalgora", "Abibon-Gora", "Kairou", "Pothago", "Myrkwasa", "Ayasofya",
    "Tigonus", "Kozanset", "Satakalaam", "Totambu", "Mournoth", "Ephesus", "Santaki", "Antiphyllos",
    "Bergama", "Gavaudon", "Tulune", "Glenumbra Moors", "Ilessan Hills", "Cybiades"};
// clang-format on

constexpr std::array<std::string_view, 15> kLocationTypeNames = {
    "town_city",       "town_hamlet", "town_village", "home_farms",   "dungeon_labyrinth",
    "religion_temple", "tavern",      "dungeon_keep", "home_wealthy", "religion_cult",
    "dungeon_ruin",    "home_poor",   "graveyard",    "coven",        "home_your_ships"};

// RMB name prefixes by block index (Daggerfall Unity's MapsFile.rmbBlockPrefixes).
constexpr std::array<std::string_view, 45> kRmbPrefixes = {
    "TVRN", "GENR", "RESI", "WEAP", "ARMR", "ALCH", "BANK", "BOOK", "CLOT", "FURN", "GEMS", "LIBR",
    "PAWN", "TEMP", "TEMP", "PALA", "FARM", "DUNG", "CAST", "MANR", "SHRI", "RUIN", "SHCK", "GRVE",
    "FILL", "KRAV", "KDRA", "KOWL", "KMOO", "KCAN", "KFLA", "KHOR", "KROS", "KWHE", "KSCA", "KHAW",
    "MAGE", "THIE", "DARK", "FIGH", "CUST", "WALL", "MARK", "SHIP", "WITC"};
constexpr std::string_view kRmbSecondLetters = "ALMS";
constexpr std::string_view kRdbLetters = "NWLSBM";
constexpr std::uint8_t kTempleFirst = 13, kTempleSecond = 14;

// The grid is stored as three 64-byte arrays, one per slot field.
constexpr std::array<std::uint8_t MapsRmbSlot::*, 3> kSlotArrays = {
    &MapsRmbSlot::blockIndex, &MapsRmbSlot::blockNumber, &MapsRmbSlot::blockCharacter};

// The four records of a region, in the order the engine reads them.
constexpr std::array<std::string_view, 4> kKinds = {"MAPPITEM", "MAPDITEM", "MAPTABLE", "MAPNAMES"};
enum Kind { PItem = 0, DItem = 1, Table = 2, Names = 3 };

std::string upperAscii(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

std::string recordName(int kind, unsigned region) {
    std::string digits = std::to_string(region);
    return std::string(kKinds[kind]) + "." + std::string(3 - std::min<std::size_t>(3, digits.size()), '0') +
           digits;
}

[[noreturn]] void writeError(std::string field, std::string message) {
    throw Error("<memory>", Error::kNoOffset, std::move(field), std::move(message));
}

template <std::size_t N>
void readArray(ByteReader& r, std::array<std::uint8_t, N>& out, std::string_view field) {
    const ByteSpan s = r.bytes(N, field);
    std::copy(s.begin(), s.end(), out.begin());
}
template <std::size_t N> void writeArray(ByteWriter& w, const std::array<std::uint8_t, N>& a) {
    w.bytes(a.data(), N);
}

// Field names carry the record's name ("MAPPITEM.017 door_count") so an error says which region.
struct Fields {
    std::string prefix;
    std::string operator()(std::string_view f) const { return prefix + " " + std::string(f); }
};

MapsRecordElement readRecordElement(ByteReader& r, const Fields& f) {
    MapsRecordElement e;
    const std::uint32_t doorCount = r.u32(f("door_count"));
    e.doors.resize(r.checkCount(doorCount, kMapsDoorSize, f("doors")));
    for (MapsDoor& d : e.doors) {
        d.buildingDataIndex = r.u16(f("door")), d.nullValue = r.u8(f("door")), d.mask = r.u8(f("door"));
        d.unknown1 = r.u8(f("door")), d.unknown2 = r.u8(f("door"));
    }
    r.require(kMapsRecordHeaderSize, f("record header"));
    e.alwaysOne1 = r.u32("");
    readArray(r, e.null1, "");
    e.x = r.i32(""), e.null2 = r.u32(""), e.y = r.i32("");
    e.isExterior = r.u16(""), e.null3 = r.u16(""), e.unknown1 = r.u32(""), e.unknown2 = r.u32("");
    e.alwaysOne2 = r.u16(""), e.locationId = r.u16(""), e.null4 = r.u32(""), e.isInterior = r.u16("");
    e.exteriorLocationId = r.u32("");
    readArray(r, e.null5, "");
    readPaddedName(r, kMapsNameSize, "", e.name, e.namePadding);
    readArray(r, e.unknown3, "");
    return e;
}

void writeRecordElement(ByteWriter& w, const MapsRecordElement& e) {
    w.u32(static_cast<std::uint32_t>(e.doors.size()));
    for (const MapsDoor& d : e.doors) {
        w.u16(d.buildingDataIndex), w.u8(d.nullValue), w.u8(d.mask), w.u8(d.unknown1), w.u8(d.unknown2);
    }
    w.u32(e.alwaysOne1);
    writeArray(w, e.null1);
    w.i32(e.x), w.u32(e.null2), w.i32(e.y);
    w.u16(e.isExterior), w.u16(e.null3), w.u32(e.unknown1), w.u32(e.unknown2);
    w.u16(e.alwaysOne2), w.u16(e.locationId), w.u32(e.null4), w.u16(e.isInterior);
    w.u32(e.exteriorLocationId);
    writeArray(w, e.null5);
    writePaddedName(w, kMapsNameSize, e.name, e.namePadding);
    writeArray(w, e.unknown3);
}

MapsExterior readExterior(ByteReader& r, const Fields& f) {
    MapsExterior x;
    x.record = readRecordElement(r, f);
    const std::uint16_t buildingCount = r.u16(f("building_count"));
    readArray(r, x.buildingListUnknown, f("building list header"));
    x.buildings.resize(r.checkCount(buildingCount, kMapsBuildingSize, f("buildings")));
    for (MapsBuilding& b : x.buildings)
        b = readRmbBuildingData(r, "MAPPITEM building");
    const std::size_t dataAt = r.pos();
    r.require(kMapsExteriorDataSize, f("exterior data"));
    readPaddedName(r, kMapsNameSize, "", x.anotherName, x.anotherNamePadding);
    x.mapId = r.i32(""), x.locationId = r.u32(""), x.width = r.u8(""), x.height = r.u8("");
    readArray(r, x.unknown2, "");
    x.letter1ForRmbName = r.u8(""), x.portTownAndUnknown = r.u8(""), x.unknown3 = r.u8("");
    for (std::uint8_t MapsRmbSlot::*array : kSlotArrays)
        for (MapsRmbSlot& s : x.blocks)
            s.*array = r.u8("");
    readArray(r, x.tail, "");

    // The engine indexes the 64-slot arrays by y * width + x and names each block from a fixed
    // prefix table: a larger grid or an unknown prefix leaves those blocks undrawn.
    const std::size_t gridAt = dataAt + 40;
    const std::size_t slots = std::size_t{x.width} * x.height;
    if (slots > kMapsBlockSlots) {
        r.warnAt(gridAt, f("width"),
                 std::to_string(x.width) + " x " + std::to_string(x.height) +
                     " blocks run past the 64 slots; the slots past 64 are not drawn");
    }
    for (std::size_t i = 0; i < std::min(slots, kMapsBlockSlots); ++i) {
        if (x.blocks[i].blockIndex >= kRmbPrefixes.size()) {
            r.warnAt(dataAt + 49 + i, f("block_index"),
                     "slot " + std::to_string(i) + " names prefix " + std::to_string(x.blocks[i].blockIndex) +
                         ", past the 45 RMB prefixes; it is not drawn");
            break;
        }
    }
    return x;
}

void writeExterior(ByteWriter& w, const MapsExterior& x) {
    if (x.buildings.size() > 0xFFFF) writeError("MAPPITEM building_count", "more than 65535 buildings");
    writeRecordElement(w, x.record);
    w.u16(static_cast<std::uint16_t>(x.buildings.size()));
    writeArray(w, x.buildingListUnknown);
    for (const MapsBuilding& b : x.buildings)
        writeRmbBuildingData(w, b);
    writePaddedName(w, kMapsNameSize, x.anotherName, x.anotherNamePadding);
    w.i32(x.mapId), w.u32(x.locationId), w.u8(x.width), w.u8(x.height);
    writeArray(w, x.unknown2);
    w.u8(x.letter1ForRmbName), w.u8(x.portTownAndUnknown), w.u8(x.unknown3);
    for (std::uint8_t MapsRmbSlot::*array : kSlotArrays)
        for (const MapsRmbSlot& s : x.blocks)
            w.u8(s.*array);
    writeArray(w, x.tail);
    w.bytes(x.extra);
}

MapsDungeon readDungeonBody(ByteReader& r, const Fields& f) {
    MapsDungeon d;
    d.record = readRecordElement(r, f);
    r.require(kMapsDungeonHeaderSize, f("dungeon header"));
    d.headerNull = r.u16(""), d.headerUnknown1 = r.u32(""), d.headerUnknown2 = r.u32("");
    const std::uint16_t blockCount = r.u16("");
    readArray(r, d.headerUnknown3, "");
    d.blocks.resize(r.checkCount(blockCount, kMapsDungeonBlockSize, f("blocks")));
    bool warned = false;
    for (MapsDungeonBlock& b : d.blocks) {
        b.x = r.i8(""), b.z = r.i8(""), b.bits = r.u16("");
        if (!warned && b.letterIndex() >= kRdbLetters.size()) {
            warned = true;
            r.warnAt(r.pos() - 2, f("block"),
                     "letter index " + std::to_string(b.letterIndex()) +
                         " is past N W L S B M; the block is not drawn");
        }
    }
    return d;
}

void writeDungeonBody(ByteWriter& w, const MapsDungeon& d) {
    if (d.blocks.size() > 0xFFFF) writeError("MAPDITEM block_count", "more than 65535 blocks");
    writeRecordElement(w, d.record);
    w.u16(d.headerNull), w.u32(d.headerUnknown1), w.u32(d.headerUnknown2);
    w.u16(static_cast<std::uint16_t>(d.blocks.size()));
    writeArray(w, d.headerUnknown3);
    for (const MapsDungeonBlock& b : d.blocks)
        w.i8(b.x), w.i8(b.z), w.u16(b.bits);
    w.bytes(d.extra);
}

// Reads the records an offset table points at (offsets count from `base`). When they lie in
// table order, each after the last, the bytes between one record's end and the next record are
// kept in `extra`; otherwise the writer lays them out again, with a warning.
template <class T, class Parse>
void readLaidOut(const ByteReader& rec, std::size_t base, const std::vector<std::uint32_t>& offsets,
                 const std::vector<std::size_t>& entryAt, const Fields& f, Parse parse, std::vector<T>& out) {
    std::vector<std::size_t> starts, ends;
    for (std::size_t i = 0; i < offsets.size(); ++i) {
        if (offsets[i] > rec.size() - base) {
            rec.failAt(entryAt[i], f("offset"),
                       "record " + std::to_string(i) + " at " + std::to_string(offsets[i]) +
                           " is past the end (" + std::to_string(rec.size() - base) + " bytes of records)");
        }
        const std::size_t start = base + offsets[i];
        ByteReader r = rec.sub(start, rec.size() - start, f("record"));
        out.push_back(parse(r));
        starts.push_back(start);
        ends.push_back(start + r.pos());
    }
    bool inOrder = starts.empty() || starts[0] == base;
    for (std::size_t i = 0; inOrder && i < starts.size(); ++i) {
        const std::size_t next = i + 1 < starts.size() ? starts[i + 1] : rec.size();
        inOrder = next >= ends[i];
    }
    if (!inOrder) {
        rec.warnAt(base, f("records"),
                   "records overlap or are out of table order; written back one after another");
        return;
    }
    const ByteSpan data = rec.data();
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const std::size_t next = i + 1 < starts.size() ? starts[i + 1] : rec.size();
        out[i].extra.assign(data.begin() + static_cast<std::ptrdiff_t>(ends[i]),
                            data.begin() + static_cast<std::ptrdiff_t>(next));
    }
    if (starts.empty() && rec.size() > base) {
        rec.warnAt(base, f("records"),
                   std::to_string(rec.size() - base) + " bytes after the table hold no record (dropped)");
    }
}

std::vector<MapsLocation> readLocationNames(ByteReader r, const Fields& f) {
    const std::uint32_t count = r.u32(f("location_count"));
    std::vector<MapsLocation> locations(r.checkCount(count, kMapsNameSize, f("names")));
    for (MapsLocation& loc : locations)
        readPaddedName(r, kMapsNameSize, f("name"), loc.name, loc.namePadding);
    if (!r.atEnd())
        r.warnAt(r.pos(), f("size"), std::to_string(r.remaining()) + " bytes after the names (dropped)");
    return locations;
}

void readTable(ByteReader r, const Fields& f, std::vector<MapsLocation>& locations) {
    r.checkCount(locations.size(), kMapsTableEntrySize, f("entries"));
    for (MapsLocation& loc : locations) {
        MapsTableEntry& t = loc.table;
        t.mapId = r.i32(""), t.longitudeWord = r.u32(""), t.latitudeWord = r.u32("");
        t.dungeonType = r.u8(""), t.key = r.u32("");
    }
    if (!r.atEnd())
        r.warnAt(r.pos(), f("size"), std::to_string(r.remaining()) + " bytes after the entries (dropped)");
}

void readPItem(ByteReader r, const Fields& f, std::vector<MapsLocation>& locations) {
    r.checkCount(locations.size(), 4, f("offsets"));
    std::vector<std::uint32_t> offsets;
    std::vector<std::size_t> entryAt;
    for (std::size_t i = 0; i < locations.size(); ++i) {
        entryAt.push_back(r.pos());
        offsets.push_back(r.u32(f("offset")));
    }
    std::vector<MapsExterior> exteriors;
    readLaidOut(
        r, r.pos(), offsets, entryAt, f, [&](ByteReader& lr) { return readExterior(lr, f); }, exteriors);
    for (std::size_t i = 0; i < locations.size(); ++i)
        locations[i].exterior = std::move(exteriors[i]);
}

std::vector<MapsDungeon> readDItem(ByteReader r, const Fields& f) {
    if (r.size() == 0) {
        // Daggerfall Unity reads an empty MAPDITEM as a region without dungeons.
        r.warnAt(0, f("dungeon_count"), "record is empty; written back with a count of 0");
        return {};
    }
    const std::uint32_t count = r.u32(f("dungeon_count"));
    r.checkCount(count, 8, f("entries"));
    std::vector<std::uint32_t> offsets(count);
    std::vector<std::size_t> entryAt(count);
    std::vector<std::pair<std::uint16_t, std::uint16_t>> ids(count);
    for (std::size_t i = 0; i < count; ++i) {
        entryAt[i] = r.pos();
        offsets[i] = r.u32(f("offset"));
        ids[i].first = r.u16(""), ids[i].second = r.u16("");
    }
    std::vector<MapsDungeon> dungeons;
    readLaidOut(
        r, r.pos(), offsets, entryAt, f, [&](ByteReader& dr) { return readDungeonBody(dr, f); }, dungeons);
    for (std::size_t i = 0; i < count; ++i)
        dungeons[i].isDungeon = ids[i].first, dungeons[i].exteriorLocationId = ids[i].second;
    return dungeons;
}

// "MAPPITEM.017" -> (kind, 17); case-insensitive. False for any other name.
bool parseRecordName(std::string_view name, int& kind, unsigned& region) {
    if (name.size() != 12 || name[8] != '.') return false;
    const std::string head = upperAscii(name.substr(0, 8));
    const auto it = std::find(kKinds.begin(), kKinds.end(), head);
    if (it == kKinds.end()) return false;
    region = 0;
    for (char c : name.substr(9)) {
        if (c < '0' || c > '9') return false;
        region = region * 10 + static_cast<unsigned>(c - '0');
    }
    kind = static_cast<int>(it - kKinds.begin());
    return true;
}

} // namespace

std::string_view mapsRegionName(unsigned index) {
    return index < kRegionNames.size() ? kRegionNames[index] : std::string_view{};
}

std::string_view mapsLocationTypeName(unsigned type) {
    return type < kLocationTypeNames.size() ? kLocationTypeNames[type] : std::string_view{"unknown"};
}

MapsTableEntry makeMapsTableEntry(std::int32_t mapId, unsigned longitude, unsigned latitude,
                                  MapsLocationType type, std::uint8_t dungeonType) {
    if (longitude >= (1u << 17) || latitude >= (1u << 16))
        writeError("MAPTABLE position", "longitude must be < 131072 and latitude < 65536");
    MapsTableEntry t;
    t.mapId = mapId;
    t.longitudeWord = (longitude << 8) | (static_cast<std::uint32_t>(type) << 25);
    t.latitudeWord = latitude << 8;
    t.dungeonType = dungeonType;
    return t;
}

MapsPixel mapsMapPixel(const MapsTableEntry& entry) {
    return {static_cast<int>(entry.longitude() / 128), 499 - static_cast<int>(entry.latitude() / 128)};
}

std::string mapsRmbBlockName(const MapsExterior& exterior, const MapsRmbSlot& slot) {
    if (slot.blockIndex >= kRmbPrefixes.size()) return {};
    std::string name(kRmbPrefixes[slot.blockIndex]);
    name += (slot.blockCharacter & 0x10) ? static_cast<char>(exterior.letter1ForRmbName) : 'A';
    name += kRmbSecondLetters[(slot.blockCharacter >> 5) & 3];
    if (slot.blockIndex == kTempleFirst || slot.blockIndex == kTempleSecond) {
        name += static_cast<char>('A' + (slot.blockCharacter & 0xF));
        name += std::to_string(slot.blockNumber);
    } else {
        if (slot.blockNumber < 10) name += '0';
        name += std::to_string(slot.blockNumber);
    }
    return name + ".RMB";
}

std::vector<std::string> mapsRmbBlockNames(const MapsExterior& exterior) {
    std::vector<std::string> names;
    const std::size_t slots = std::size_t{exterior.width} * exterior.height;
    for (std::size_t i = 0; i < slots; ++i)
        names.push_back(i < kMapsBlockSlots ? mapsRmbBlockName(exterior, exterior.blocks[i]) : std::string{});
    return names;
}

std::optional<MapsRmbSlot> encodeMapsRmbSlot(std::string_view name, std::uint8_t letter1) {
    const std::string upper = upperAscii(name);
    if (upper.size() < 12 || upper.substr(upper.size() - 4) != ".RMB") return std::nullopt;
    const auto it = std::find(kRmbPrefixes.begin(), kRmbPrefixes.end(), std::string_view(upper).substr(0, 4));
    if (it == kRmbPrefixes.end()) return std::nullopt;
    MapsRmbSlot slot;
    slot.blockIndex = static_cast<std::uint8_t>(it - kRmbPrefixes.begin());
    if (upper[4] != 'A') slot.blockCharacter |= 0x10; // letter1 must then be the location's
    const std::size_t second = kRmbSecondLetters.find(upper[5]);
    if (second == std::string_view::npos) return std::nullopt;
    slot.blockCharacter |= static_cast<std::uint8_t>(second << 5);
    std::string_view digits = std::string_view(upper).substr(6, upper.size() - 10);
    if (slot.blockIndex == kTempleFirst) {
        if (digits.empty() || digits[0] < 'A' || digits[0] > 'P') return std::nullopt;
        slot.blockCharacter |= static_cast<std::uint8_t>(digits[0] - 'A');
        digits.remove_prefix(1);
    }
    if (digits.empty() || digits.size() > 3) return std::nullopt;
    unsigned number = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return std::nullopt;
        number = number * 10 + static_cast<unsigned>(c - '0');
    }
    if (number > 255) return std::nullopt;
    slot.blockNumber = static_cast<std::uint8_t>(number);
    // The name must be the one the engine builds back (leading zeros, the letter1 rule).
    MapsExterior probe;
    probe.letter1ForRmbName = letter1;
    if (mapsRmbBlockName(probe, slot) != upper) return std::nullopt;
    return slot;
}

std::string mapsRdbBlockName(const MapsDungeonBlock& block) {
    if (block.letterIndex() >= kRdbLetters.size()) return {};
    std::string digits = std::to_string(block.number());
    return std::string(1, kRdbLetters[block.letterIndex()]) + std::string(7 - digits.size(), '0') + digits +
           ".RDB";
}

std::optional<MapsDungeonBlock> encodeMapsDungeonBlock(std::string_view name, std::int8_t x, std::int8_t z,
                                                       bool start) {
    const std::string upper = upperAscii(name);
    if (upper.size() != 12 || upper.substr(8) != ".RDB") return std::nullopt;
    const std::size_t letter = kRdbLetters.find(upper[0]);
    if (letter == std::string_view::npos) return std::nullopt;
    unsigned number = 0;
    for (std::size_t i = 1; i < 8; ++i) {
        if (upper[i] < '0' || upper[i] > '9') return std::nullopt;
        number = number * 10 + static_cast<unsigned>(upper[i] - '0');
    }
    if (number > 0x3FF) return std::nullopt;
    MapsDungeonBlock b;
    b.x = x, b.z = z;
    b.bits = static_cast<std::uint16_t>(number | (start ? 0x400u : 0u) | (letter << 11));
    return b;
}

const MapsDungeon* findMapsDungeon(const MapsRegion& region, const MapsLocation& location) {
    for (const MapsDungeon& d : region.dungeons)
        if (d.exteriorLocationId == location.exterior.record.locationId) return &d;
    return nullptr;
}

MapsArchive readMaps(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    const BsaDirectory dir = readBsaDirectory(bytes, path, warnings);
    ByteReader r(bytes, path, 0, warnings);
    if (dir.type != BsaDirectoryType::Names)
        r.failAt(2, "BSA directory_type", "MAPS.BSA needs a names directory (0x0100)");

    // Group the records by region number, in the order regions first appear.
    struct Group {
        unsigned region = 0;
        std::array<const BsaRecord*, 4> records{};
        std::array<std::size_t, 4> positions{};
    };
    std::vector<Group> groups;
    std::map<unsigned, std::size_t> byRegion;
    bool engineOrder = true;
    for (std::size_t i = 0; i < dir.records.size(); ++i) {
        const BsaRecord& rec = dir.records[i];
        int kind = 0;
        unsigned region = 0;
        if (!parseRecordName(rec.name, kind, region)) {
            r.warnAt(rec.entryOffset, "MAPS record name",
                     "\"" + rec.name + "\" is not a region record (dropped)");
            engineOrder = false;
            continue;
        }
        if (rec.name != recordName(kind, region))
            r.warnAt(rec.entryOffset, "MAPS record name",
                     "\"" + rec.name + "\" is written back in upper case");
        if (!rec.namePadding.empty())
            r.warnAt(rec.entryOffset, "MAPS record name", "bytes after the name's NUL are not kept");
        auto [it, added] = byRegion.try_emplace(region, groups.size());
        if (added) groups.push_back({region, {}, {}});
        Group& g = groups[it->second];
        if (g.records[kind]) {
            r.warnAt(rec.entryOffset, "MAPS record name", "\"" + rec.name + "\" appears again (dropped)");
            engineOrder = false;
            continue;
        }
        g.records[kind] = &rec;
        g.positions[kind] = i;
    }

    MapsArchive maps;
    std::size_t position = 0;
    for (const Group& g : groups) {
        const auto missing = std::find(g.records.begin(), g.records.end(), nullptr);
        if (missing != g.records.end()) {
            const BsaRecord* any =
                *std::find_if(g.records.begin(), g.records.end(), [](auto* p) { return p; });
            r.warnAt(any->entryOffset, "MAPS region",
                     "region " + std::to_string(g.region) + " has no " +
                         recordName(static_cast<int>(missing - g.records.begin()), g.region) + " (dropped)");
            engineOrder = false;
            continue;
        }
        // The engine reads region n from records 4n .. 4n+3, by position and not by name.
        for (std::size_t k = 0; k < 4; ++k)
            engineOrder = engineOrder && g.positions[k] == position * 4 + k && g.region == position;
        ++position;

        auto span = [&](int kind) {
            const BsaRecord& rec = *g.records[kind];
            return r.sub(static_cast<std::size_t>(rec.offset), rec.size, recordName(kind, g.region));
        };
        MapsRegion region;
        region.index = g.region;
        region.locations = readLocationNames(span(Names), Fields{recordName(Names, g.region)});
        readTable(span(Table), Fields{recordName(Table, g.region)}, region.locations);
        readPItem(span(PItem), Fields{recordName(PItem, g.region)}, region.locations);
        region.dungeons = readDItem(span(DItem), Fields{recordName(DItem, g.region)});
        maps.regions.push_back(std::move(region));
    }
    if (!engineOrder) {
        r.warnAt(dir.directoryOffset, "MAPS record order",
                 "records are not MAPPITEM, MAPDITEM, MAPTABLE, MAPNAMES of region n at positions 4n..4n+3, "
                 "where the engine reads them; written back in that order");
    }
    return maps;
}

BsaArchive mapsToBsa(const MapsArchive& maps) {
    BsaArchive bsa;
    bsa.type = BsaDirectoryType::Names;
    for (const MapsRegion& region : maps.regions) {
        if (region.index > 999)
            writeError("MAPS region", "region " + std::to_string(region.index) + " past 999");
        if (region.locations.size() > 0xFFFFFFFFull || region.dungeons.size() > 0xFFFFFFFFull)
            writeError("MAPS region", "too many locations");
        ByteWriter pitem, ditem, table, names;
        // MAPPITEM: the offsets, then the records one after another.
        Bytes records;
        for (const MapsLocation& loc : region.locations) {
            pitem.u32(static_cast<std::uint32_t>(records.size()));
            ByteWriter one;
            writeExterior(one, loc.exterior);
            records.insert(records.end(), one.bytes().begin(), one.bytes().end());
        }
        pitem.bytes(records);
        // MAPDITEM: the count, the entries, then the records.
        ditem.u32(static_cast<std::uint32_t>(region.dungeons.size()));
        records.clear();
        for (const MapsDungeon& d : region.dungeons) {
            ditem.u32(static_cast<std::uint32_t>(records.size()));
            ditem.u16(d.isDungeon), ditem.u16(d.exteriorLocationId);
            ByteWriter one;
            writeDungeonBody(one, d);
            records.insert(records.end(), one.bytes().begin(), one.bytes().end());
        }
        ditem.bytes(records);
        names.u32(static_cast<std::uint32_t>(region.locations.size()));
        for (const MapsLocation& loc : region.locations) {
            const MapsTableEntry& t = loc.table;
            table.i32(t.mapId), table.u32(t.longitudeWord), table.u32(t.latitudeWord);
            table.u8(t.dungeonType), table.u32(t.key);
            writePaddedName(names, kMapsNameSize, loc.name, loc.namePadding);
        }
        bsa.entries.push_back({recordName(PItem, region.index), "", 0, pitem.take()});
        bsa.entries.push_back({recordName(DItem, region.index), "", 0, ditem.take()});
        bsa.entries.push_back({recordName(Table, region.index), "", 0, table.take()});
        bsa.entries.push_back({recordName(Names, region.index), "", 0, names.take()});
    }
    return bsa;
}

Bytes writeMaps(const MapsArchive& maps) {
    return writeBsa(mapsToBsa(maps));
}

MapsLocation makeMapsTown(std::string name, MapsLocationType type, std::int32_t mapId,
                          std::uint16_t locationId, unsigned longitude, unsigned latitude, unsigned width,
                          unsigned height, const std::vector<std::string>& rmbNames, std::uint8_t letter1) {
    if (name.size() > kMapsNameSize) writeError("MAPNAMES name", "\"" + name + "\" is longer than 32 bytes");
    if (width == 0 || height == 0 || width > 8 || height > 8 ||
        rmbNames.size() != std::size_t{width} * height)
        writeError("MAPPITEM width", "a town needs 1..8 x 1..8 blocks and one RMB name per block");
    MapsLocation loc;
    loc.name = name;
    loc.table = makeMapsTableEntry(mapId, longitude, latitude, type);
    MapsExterior& x = loc.exterior;
    x.record.name = name;
    x.record.x = static_cast<std::int32_t>(longitude * 256);
    x.record.y = static_cast<std::int32_t>(latitude * 256);
    x.record.isExterior = 0x8000;
    x.record.locationId = locationId;
    x.anotherName = std::move(name);
    x.mapId = mapId;
    x.locationId = locationId;
    x.width = static_cast<std::uint8_t>(width);
    x.height = static_cast<std::uint8_t>(height);
    x.letter1ForRmbName = letter1;
    for (std::size_t i = 0; i < rmbNames.size(); ++i) {
        const std::optional<MapsRmbSlot> slot = encodeMapsRmbSlot(rmbNames[i], letter1);
        if (!slot)
            writeError("MAPPITEM block_index", "\"" + rmbNames[i] + "\" is not a name MAPS.BSA can encode");
        x.blocks[i] = *slot;
    }
    return loc;
}

MapsDungeon makeMapsDungeon(MapsLocation& location, std::span<const MapsDungeonBlock> blocks,
                            std::uint8_t dungeonType) {
    location.table.dungeonType = dungeonType;
    MapsDungeon d;
    d.exteriorLocationId = location.exterior.record.locationId;
    d.record.name = location.name;
    d.record.x = location.exterior.record.x;
    d.record.y = location.exterior.record.y;
    d.record.locationId = location.exterior.record.locationId;
    d.blocks.assign(blocks.begin(), blocks.end());
    return d;
}

void fillMapsRegionGaps(MapsArchive& maps) {
    unsigned highest = 0;
    for (const MapsRegion& r : maps.regions)
        highest = std::max(highest, r.index);
    std::vector<MapsRegion> filled(maps.regions.empty() ? 0 : highest + 1);
    std::vector<bool> have(filled.size(), false);
    for (unsigned i = 0; i < filled.size(); ++i)
        filled[i].index = i;
    for (MapsRegion& r : maps.regions) {
        if (!have[r.index]) filled[r.index] = std::move(r), have[r.index] = true;
    }
    maps.regions = std::move(filled);
}

} // namespace rgx::loaders::daggerfall
