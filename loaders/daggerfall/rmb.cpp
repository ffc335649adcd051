#include "loaders/daggerfall/rmb.h"

#include <algorithm>
#include <limits>

namespace rgx::loaders::daggerfall {

namespace {

// Offsets inside the fixed-length data (the text's layout; they add up to 6,776).
constexpr std::size_t kCountsAt = 0;
constexpr std::size_t kPositionsAt = 3;
constexpr std::size_t kSizesAt = kPositionsAt + 640 + 832 + 128;
constexpr std::size_t kSmallMapsAt = kSizesAt + 128;
constexpr std::size_t kAutomapAt = kSmallMapsAt + 520;
constexpr std::size_t kNamesAt = kAutomapAt + 4096;
static_assert(kNamesAt + kRmbNameSize * (kRmbSlots + 1) == kRmbFldSize);

[[noreturn]] void writerFail(std::string_view field, std::string message) {
    throw Error("<memory>", Error::kNoOffset, std::string(field), std::move(message));
}

std::uint8_t countByte(std::size_t n, std::string_view field) {
    if (n > 255) writerFail(field, std::to_string(n) + " records, a count byte holds 255");
    return static_cast<std::uint8_t>(n);
}

RmbModel readModel(ByteReader& r, std::string_view field) {
    RmbModel m;
    m.objectId1 = r.i16(field);
    m.objectId2 = r.u8(field);
    m.objectType = r.u8(field);
    m.unknown1 = r.u32(field);
    m.unknown2 = r.u32(field);
    m.unknown3 = r.u32(field);
    m.null1 = r.u64(field);
    m.x1 = r.i32(field);
    m.y1 = r.i32(field);
    m.z1 = r.i32(field);
    m.x = r.i32(field);
    m.y = r.i32(field);
    m.z = r.i32(field);
    m.null2 = r.u32(field);
    m.yRotation = r.i16(field);
    m.unknown4 = r.u16(field);
    m.null3 = r.u32(field);
    m.unknown5 = r.u32(field);
    m.null4 = r.u16(field);
    return m;
}

void writeModel(ByteWriter& w, const RmbModel& m) {
    w.i16(m.objectId1);
    w.u8(m.objectId2);
    w.u8(m.objectType);
    w.u32(m.unknown1);
    w.u32(m.unknown2);
    w.u32(m.unknown3);
    w.u64(m.null1);
    w.i32(m.x1);
    w.i32(m.y1);
    w.i32(m.z1);
    w.i32(m.x);
    w.i32(m.y);
    w.i32(m.z);
    w.u32(m.null2);
    w.i16(m.yRotation);
    w.u16(m.unknown4);
    w.u32(m.null3);
    w.u32(m.unknown5);
    w.u16(m.null4);
}

RmbFlat readFlat(ByteReader& r, std::string_view field) {
    RmbFlat f;
    f.x = r.i32(field);
    f.y = r.i32(field);
    f.z = r.i32(field);
    f.textureBits = r.u16(field);
    f.factionId = r.i16(field);
    f.flags = r.u8(field);
    return f;
}

void writeFlat(ByteWriter& w, const RmbFlat& f) {
    w.i32(f.x);
    w.i32(f.y);
    w.i32(f.z);
    w.u16(f.textureBits);
    w.i16(f.factionId);
    w.u8(f.flags);
}

template <class T, class Read>
std::vector<T> readRecords(ByteReader& r, std::size_t count, std::size_t size, std::string_view field,
                           Read read) {
    r.checkCount(count, size, field);
    std::vector<T> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        out.push_back(read(r, field));
    return out;
}

// One exterior or interior section inside a subrecord reader that ends at the block data size.
RmbSection readSection(ByteReader& sub) {
    const std::size_t headerAt = sub.pos();
    if (sub.remaining() < kRmbSectionHeaderSize) {
        sub.failAt(headerAt, "RMB section header",
                   "the block data size leaves " + std::to_string(sub.remaining()) +
                       " bytes for a 17-byte header");
    }
    std::array<std::size_t, 5> counts{};
    for (std::size_t& c : counts)
        c = sub.u8("RMB section header");
    RmbSection s;
    for (std::int16_t& u : s.headerUnknown)
        u = sub.i16("RMB section header");
    const std::size_t need = counts[0] * kRmbModelSize + counts[1] * kRmbFlatSize +
                             counts[2] * kRmbSection3Size + counts[3] * kRmbPersonSize +
                             counts[4] * kRmbDoorSize;
    if (need > sub.remaining()) {
        sub.failAt(headerAt, "RMB section header",
                   "its records need " + std::to_string(need) + " bytes, the block data size leaves " +
                       std::to_string(sub.remaining()));
    }
    s.models = readRecords<RmbModel>(sub, counts[0], kRmbModelSize, "RMB 3D object", readModel);
    s.flats = readRecords<RmbFlat>(sub, counts[1], kRmbFlatSize, "RMB flat", readFlat);
    s.section3 = readRecords<RmbSection3>(sub, counts[2], kRmbSection3Size, "RMB section3",
                                          [](ByteReader& r, std::string_view f) {
                                              RmbSection3 x;
                                              x.x = r.i32(f);
                                              x.y = r.i32(f);
                                              x.z = r.i32(f);
                                              x.unknown1 = r.u8(f);
                                              x.unknown2 = r.u8(f);
                                              x.unknown3 = r.i16(f);
                                              return x;
                                          });
    s.people = readRecords<RmbPerson>(sub, counts[3], kRmbPersonSize, "RMB person", readFlat);
    s.doors =
        readRecords<RmbDoor>(sub, counts[4], kRmbDoorSize, "RMB door", [](ByteReader& r, std::string_view f) {
            RmbDoor d;
            d.x = r.i32(f);
            d.y = r.i32(f);
            d.z = r.i32(f);
            d.yRotation = r.i16(f);
            d.openRotation = r.i16(f);
            d.doorModelIndex = r.u8(f);
            d.unknown = r.u8(f);
            d.null1 = r.u8(f);
            return d;
        });
    return s;
}

void writeSection(ByteWriter& w, const RmbSection& s) {
    w.u8(countByte(s.models.size(), "RMB section 3D object count"));
    w.u8(countByte(s.flats.size(), "RMB section flat count"));
    w.u8(countByte(s.section3.size(), "RMB section section3 count"));
    w.u8(countByte(s.people.size(), "RMB section people count"));
    w.u8(countByte(s.doors.size(), "RMB section door count"));
    for (std::int16_t u : s.headerUnknown)
        w.i16(u);
    for (const RmbModel& m : s.models)
        writeModel(w, m);
    for (const RmbFlat& f : s.flats)
        writeFlat(w, f);
    for (const RmbSection3& x : s.section3) {
        w.i32(x.x);
        w.i32(x.y);
        w.i32(x.z);
        w.u8(x.unknown1);
        w.u8(x.unknown2);
        w.i16(x.unknown3);
    }
    for (const RmbPerson& p : s.people)
        writeFlat(w, p);
    for (const RmbDoor& d : s.doors) {
        w.i32(d.x);
        w.i32(d.y);
        w.i32(d.z);
        w.i16(d.yRotation);
        w.i16(d.openRotation);
        w.u8(d.doorModelIndex);
        w.u8(d.unknown);
        w.u8(d.null1);
    }
}

void readFld(ByteReader& r, RmbFld& fld) {
    for (RmbBlockPosition& p : fld.positions) {
        p.unknown1 = r.u32("RMB block position");
        p.unknown2 = r.u32("RMB block position");
        p.x = r.i32("RMB block position");
        p.z = r.i32("RMB block position");
        p.yRotation = r.i32("RMB block position");
    }
    for (RmbBuildingData& b : fld.buildings)
        b = readRmbBuildingData(r, "RMB building data");
    for (std::uint32_t& v : fld.section2)
        v = r.u32("RMB section2");
    for (std::int32_t& v : fld.blockDataSizes)
        v = r.i32("RMB block data size");
    auto copy = [&r](auto& dst, std::string_view field) {
        ByteSpan s = r.bytes(dst.size(), field);
        std::copy(s.begin(), s.end(), dst.begin());
    };
    copy(fld.smallMaps.header, "RMB small maps header");
    copy(fld.smallMaps.groundTiles, "RMB ground tiles");
    copy(fld.smallMaps.scenery, "RMB scenery");
    copy(fld.automap, "RMB automap");
    fld.blockName = readPaddedName(r, kRmbNameSize, "RMB block name");
    for (std::string& name : fld.otherNames)
        name = readPaddedName(r, kRmbNameSize, "RMB filenames");
}

} // namespace

std::string readPaddedName(ByteReader& r, std::size_t n, std::string_view field) {
    const ByteSpan s = r.bytes(n, field);
    std::size_t len = 0;
    while (len < n && s[len] != 0)
        ++len;
    for (std::size_t i = len; i < n; ++i)
        if (s[i] != 0) return std::string(reinterpret_cast<const char*>(s.data()), n);
    return std::string(reinterpret_cast<const char*>(s.data()), len);
}

std::int32_t rmbModelId(const RmbModel& model) {
    return std::int32_t{model.objectId1} * 100 + model.objectId2;
}

void setRmbModelId(RmbModel& model, std::int32_t modelId) {
    model.objectId1 = static_cast<std::int16_t>(modelId / 100);
    model.objectId2 = static_cast<std::uint8_t>(modelId % 100);
}

std::uint16_t rmbTextureArchive(std::uint16_t textureBits) {
    return textureBits >> 7;
}
std::uint8_t rmbTextureRecord(std::uint16_t textureBits) {
    return textureBits & 0x7F;
}
std::uint16_t rmbTextureBits(std::uint16_t archive, std::uint8_t record) {
    return static_cast<std::uint16_t>((archive << 7) | (record & 0x7F));
}

RmbGroundTile rmbGroundTile(const RmbSmallMaps& maps, int x, int y) {
    const std::uint8_t b = maps.groundTiles.at(static_cast<std::size_t>(y * 16 + x));
    return {static_cast<std::uint8_t>(b & 0x3F), (b & 0x40) != 0, (b & 0x80) != 0};
}

std::uint8_t packRmbGroundTile(const RmbGroundTile& tile) {
    return static_cast<std::uint8_t>((tile.textureIndex & 0x3F) | (tile.rotate ? 0x40 : 0) |
                                     (tile.flip ? 0x80 : 0));
}

std::size_t rmbSectionSize(const RmbSection& s) {
    return kRmbSectionHeaderSize + s.models.size() * kRmbModelSize + s.flats.size() * kRmbFlatSize +
           s.section3.size() * kRmbSection3Size + s.people.size() * kRmbPersonSize +
           s.doors.size() * kRmbDoorSize;
}

RmbBlock readRmb(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    RmbBlock block;
    const std::size_t subrecordCount = r.u8("RMB subrecord count");
    const std::size_t modelCount = r.u8("RMB 3D object count");
    const std::size_t flatCount = r.u8("RMB flat count");
    // The fixed-length data has 32 slots for positions, sizes and names (UESP: at most 32).
    if (subrecordCount > kRmbSlots) {
        r.failAt(kCountsAt, "RMB subrecord count",
                 "is " + std::to_string(subrecordCount) + ", the fixed-length data has 32 slots");
    }
    readFld(r, block.fld);

    block.subrecords.reserve(subrecordCount);
    for (std::size_t i = 0; i < subrecordCount; ++i) {
        // Each subrecord spans its block data size; DFU steps by it, past the 0x96 byte.
        const std::int32_t size = block.fld.blockDataSizes[i];
        const std::size_t sizeAt = kSizesAt + 4 * i;
        if (size < 0) r.failAt(sizeAt, "RMB block data size", "is " + std::to_string(size) + " (negative)");
        if (static_cast<std::size_t>(size) > r.remaining()) {
            r.failAt(sizeAt, "RMB block data size",
                     "subrecord " + std::to_string(i) + " needs " + std::to_string(size) + " bytes at " +
                         std::to_string(r.pos()) + ", only " + std::to_string(r.remaining()) +
                         " left (offset past the end)");
        }
        ByteReader sub = r.sub(r.pos(), static_cast<std::size_t>(size), "RMB subrecord");
        RmbSubrecord rec;
        rec.exterior = readSection(sub);
        rec.interior = readSection(sub);
        const ByteSpan extra = sub.bytes(sub.remaining(), "RMB subrecord extra");
        rec.extra.assign(extra.begin(), extra.end());
        const bool expected = extra.empty() || (extra.size() == 1 && extra[0] == kRmbExtraByte);
        if (!expected) {
            r.warnAt(r.pos() + static_cast<std::size_t>(size) - extra.size(), "RMB subrecord extra",
                     std::to_string(extra.size()) + " bytes after subrecord " + std::to_string(i) +
                         "'s records; the text describes at most one 0x96 byte (kept)");
        }
        block.subrecords.push_back(std::move(rec));
        r.skip(static_cast<std::size_t>(size), "RMB subrecord");
    }
    block.models = readRecords<RmbModel>(r, modelCount, kRmbModelSize, "RMB block 3D object", readModel);
    block.flats = readRecords<RmbFlat>(r, flatCount, kRmbFlatSize, "RMB block flat", readFlat);
    if (!r.atEnd()) {
        r.warnAt(r.pos(), "RMB trailing bytes",
                 std::to_string(r.remaining()) + " bytes after the last flat (kept)");
        const ByteSpan rest = r.bytes(r.remaining(), "RMB trailing bytes");
        block.trailing.assign(rest.begin(), rest.end());
    }
    return block;
}

Bytes writeRmb(const RmbBlock& block) {
    if (block.subrecords.size() > kRmbSlots) {
        writerFail("RMB subrecord count", std::to_string(block.subrecords.size()) +
                                              " subrecords, the fixed-length data has 32 slots");
    }
    ByteWriter w;
    w.u8(static_cast<std::uint8_t>(block.subrecords.size()));
    w.u8(countByte(block.models.size(), "RMB 3D object count"));
    w.u8(countByte(block.flats.size(), "RMB flat count"));
    const RmbFld& fld = block.fld;
    for (const RmbBlockPosition& p : fld.positions) {
        w.u32(p.unknown1);
        w.u32(p.unknown2);
        w.i32(p.x);
        w.i32(p.z);
        w.i32(p.yRotation);
    }
    for (const RmbBuildingData& b : fld.buildings)
        writeRmbBuildingData(w, b);
    for (std::uint32_t v : fld.section2)
        w.u32(v);
    for (std::size_t i = 0; i < kRmbSlots; ++i) {
        if (i >= block.subrecords.size()) {
            w.i32(fld.blockDataSizes[i]);
            continue;
        }
        const RmbSubrecord& s = block.subrecords[i];
        const std::size_t size = rmbSectionSize(s.exterior) + rmbSectionSize(s.interior) + s.extra.size();
        if (size > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
            writerFail("RMB block data size", "subrecord " + std::to_string(i) + " is too large");
        w.i32(static_cast<std::int32_t>(size));
    }
    w.bytes(fld.smallMaps.header.data(), fld.smallMaps.header.size());
    w.bytes(fld.smallMaps.groundTiles.data(), fld.smallMaps.groundTiles.size());
    w.bytes(fld.smallMaps.scenery.data(), fld.smallMaps.scenery.size());
    w.bytes(fld.automap.data(), fld.automap.size());
    w.fixedString(fld.blockName, kRmbNameSize);
    for (const std::string& name : fld.otherNames)
        w.fixedString(name, kRmbNameSize);
    for (const RmbSubrecord& s : block.subrecords) {
        writeSection(w, s.exterior);
        writeSection(w, s.interior);
        w.bytes(s.extra);
    }
    for (const RmbModel& m : block.models)
        writeModel(w, m);
    for (const RmbFlat& f : block.flats)
        writeFlat(w, f);
    w.bytes(block.trailing);
    return w.take();
}

bool looksLikeRmb(ByteSpan bytes) {
    if (bytes.size() < kRmbFldSize || bytes[0] > kRmbSlots) return false;
    ByteReader r(bytes, "");
    std::uint64_t total =
        kRmbFldSize + std::uint64_t{bytes[1]} * kRmbModelSize + std::uint64_t{bytes[2]} * kRmbFlatSize;
    r.seek(kSizesAt, "");
    for (std::size_t i = 0; i < bytes[0]; ++i) {
        const std::int32_t size = r.i32("");
        if (size < 0) return false;
        total += static_cast<std::uint64_t>(size);
    }
    return total == bytes.size();
}

RmbBuildingData readRmbBuildingData(ByteReader& r, std::string_view field) {
    RmbBuildingData b;
    b.nameSeed = r.u16(field);
    b.serviceTimeLimit = r.u32(field);
    b.unknown1 = r.u16(field);
    b.unknown2 = r.u16(field);
    b.unknown3 = r.u32(field);
    b.unknown4 = r.u32(field);
    b.factionId = r.u16(field);
    b.sector = r.i16(field);
    b.locationId = r.u16(field);
    b.buildingType = r.u8(field);
    b.quality = r.u8(field);
    return b;
}

void writeRmbBuildingData(ByteWriter& w, const RmbBuildingData& b) {
    w.u16(b.nameSeed);
    w.u32(b.serviceTimeLimit);
    w.u16(b.unknown1);
    w.u16(b.unknown2);
    w.u32(b.unknown3);
    w.u32(b.unknown4);
    w.u16(b.factionId);
    w.i16(b.sector);
    w.u16(b.locationId);
    w.u8(b.buildingType);
    w.u8(b.quality);
}

} // namespace rgx::loaders::daggerfall
