#include "loaders/drakan/srsc.h"

#include <array>
#include <set>
#include <utility>

namespace rgx::loaders::drakan {

namespace {

struct TypeName {
    std::uint16_t type;
    std::string_view name;
};
// The record types ../shared/spec/riot-engine-srsc.txt "Record types" names.
constexpr std::array<TypeName, 27> kTypeNames{{
    {0x0030, "palette"},
    {0x0040, "texture"},
    {0x0100, "rfl reference"},
    {0x0101, "class group"},
    {0x0102, "class"},
    {0x0200, "model name"},
    {0x0201, "model group"},
    {0x0202, "model group count"},
    {0x0203, "vertices"},
    {0x0204, "polygons"},
    {0x0205, "bsp tree"},
    {0x0206, "texture list"},
    {0x0207, "bounding data"},
    {0x0208, "character data"},
    {0x0209, "reo lod"},
    {0x0301, "sound group"},
    {0x0302, "sound"},
    {0x0310, "sequence (unknown)"},
    {0x0311, "sequence"},
    {0x0312, "sequence group"},
    {0x0313, "sequence group"},
    {0x0400, "encrypted string"},
    {0x0401, "plaintext string"},
    {0x0402, "version number"},
    {0x0501, "animation info"},
    {0x0502, "animation data"},
    {0x0503, "animation frame lookup"},
}};

} // namespace

std::string_view srscRecordTypeName(std::uint16_t type) {
    if (type <= 0x0020) return "level";
    for (const TypeName& t : kTypeNames)
        if (t.type == type) return t.name;
    return "unknown";
}

bool looksLikeSrsc(ByteSpan bytes) {
    return bytes.size() >= kSrscHeaderSize &&
           std::string_view(reinterpret_cast<const char*>(bytes.data()), 4) == kSrscMagic;
}

SrscFile readSrsc(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    r.require(kSrscHeaderSize, "SRSC header");
    if (r.tag("SRSC magic") != kSrscMagic)
        r.failAt(0, "SRSC magic", "not an SRSC file (no \"SRSC\" at its start)");
    SrscFile file;
    file.version = r.u16("SRSC version");
    if (file.version != kSrscVersion)
        r.warnAt(4, "SRSC version", "version " + std::to_string(file.version) + ", not 0x0100");
    const std::uint32_t directory = r.u32("SRSC directory offset");
    const std::uint16_t count = r.u16("SRSC record count");
    if (directory < kSrscHeaderSize || directory > bytes.size())
        r.failAt(6, "SRSC directory offset",
                 "directory at " + std::to_string(directory) + ", outside " +
                     std::to_string(kSrscHeaderSize) + ".." + std::to_string(bytes.size()));
    r.seek(directory, "SRSC directory offset");
    r.checkCount(count, kSrscEntrySize, "SRSC record count");
    std::uint64_t expected = kSrscHeaderSize; // where a back-to-back layout puts the next body
    std::uint64_t total = 0;                  // the bodies' bytes so far
    bool laidOut = true;
    std::set<std::pair<std::uint16_t, std::uint16_t>> seen;
    file.records.reserve(count);
    for (std::uint16_t i = 0; i < count; ++i) {
        const std::size_t at = r.pos();
        SrscRecord rec;
        rec.type = r.u16("SRSC record type");
        rec.id = r.u16("SRSC record id");
        rec.group = r.u16("SRSC record group");
        const std::uint32_t offset = r.u32("SRSC body offset");
        const std::uint32_t size = r.u32("SRSC body size");
        if (offset < kSrscHeaderSize || std::uint64_t{offset} + size > directory)
            r.failAt(at + 6, "SRSC body offset",
                     "record " + std::to_string(i) + "'s body [" + std::to_string(offset) + ", +" +
                         std::to_string(size) + ") is outside the bodies' bytes " +
                         std::to_string(kSrscHeaderSize) + ".." + std::to_string(directory));
        // Bodies that share bytes could copy one long body 65,535 times: their sizes may not add
        // up past the bytes between the header and the directory.
        total += size;
        if (total > directory - kSrscHeaderSize)
            r.failAt(at + 10, "SRSC body size",
                     "the bodies up to record " + std::to_string(i) + " hold " + std::to_string(total) +
                         " bytes, more than the " + std::to_string(directory - kSrscHeaderSize) +
                         " between the header and the directory: they overlap");
        rec.body.assign(bytes.begin() + offset, bytes.begin() + offset + size);
        laidOut = laidOut && offset == expected;
        expected = std::uint64_t{offset} + size;
        if (rec.id != 0 && !seen.insert({rec.type, rec.id}).second)
            r.warnAt(at, "SRSC record id",
                     "type " + std::to_string(rec.type) + " id " + std::to_string(rec.id) +
                         " is listed twice");
        file.records.push_back(std::move(rec));
    }
    if (!laidOut || expected != directory)
        r.warnAt(
            6, "SRSC directory offset",
            "the bodies are not laid out back to back in directory order from the header (written back so)");
    if (!r.atEnd())
        r.warnAt(r.pos(), "SRSC trailing",
                 std::to_string(r.remaining()) + " bytes after the directory (dropped)");
    return file;
}

Bytes writeSrsc(const SrscFile& file) {
    if (file.records.size() > 0xFFFF)
        throw Error("<memory>", Error::kNoOffset, "SRSC record count",
                    std::to_string(file.records.size()) + " records: at most 65,535");
    ByteWriter w;
    w.tag(kSrscMagic);
    w.u16(file.version);
    const std::size_t directoryAt = w.pos();
    w.u32(0);
    w.u16(static_cast<std::uint16_t>(file.records.size()));
    std::vector<std::uint32_t> offsets;
    for (const SrscRecord& rec : file.records) {
        if (w.pos() + rec.body.size() > 0xFFFFFFFFull)
            throw Error("<memory>", Error::kNoOffset, "SRSC body size", "the bodies pass 4 GiB");
        offsets.push_back(static_cast<std::uint32_t>(w.pos()));
        w.bytes(rec.body);
    }
    w.patchU32(directoryAt, static_cast<std::uint32_t>(w.pos()));
    for (std::size_t i = 0; i < file.records.size(); ++i) {
        const SrscRecord& rec = file.records[i];
        w.u16(rec.type);
        w.u16(rec.id);
        w.u16(rec.group);
        w.u32(offsets[i]);
        w.u32(static_cast<std::uint32_t>(rec.body.size()));
    }
    return w.take();
}

const SrscRecord* findSrscRecord(const SrscFile& file, std::uint16_t type, std::uint16_t id) {
    for (const SrscRecord& rec : file.records)
        if (rec.type == type && rec.id == id) return &rec;
    return nullptr;
}

} // namespace rgx::loaders::drakan
