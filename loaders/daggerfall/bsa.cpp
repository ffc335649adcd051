#include "loaders/daggerfall/bsa.h"

#include <algorithm>
#include <set>

namespace rgx::loaders::daggerfall {

namespace {

char asciiUpper(char c) {
    return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}

bool sameNameIgnoringCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                              [](char x, char y) { return asciiUpper(x) == asciiUpper(y); });
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = asciiUpper(c);
    return out;
}

[[noreturn]] void writeError(std::string field, std::string message) {
    throw Error("<memory>", Error::kNoOffset, std::move(field), std::move(message));
}

} // namespace

std::size_t bsaEntrySize(BsaDirectoryType type) {
    return type == BsaDirectoryType::Names ? kBsaNameEntrySize : kBsaNumberEntrySize;
}

void readPaddedName(ByteReader& r, std::size_t width, std::string_view field, std::string& text,
                    std::string& padding) {
    const ByteSpan raw = r.bytes(width, field);
    std::size_t len = 0;
    while (len < width && raw[len] != 0)
        ++len;
    text.assign(reinterpret_cast<const char*>(raw.data()), len);
    padding.clear();
    if (len + 1 >= width) return;
    std::size_t end = width;
    while (end > len + 1 && raw[end - 1] == 0)
        --end;
    padding.assign(reinterpret_cast<const char*>(raw.data()) + len + 1, end - (len + 1));
}

void writePaddedName(ByteWriter& w, std::size_t width, std::string_view text, std::string_view padding) {
    const std::size_t len = std::min(text.size(), width);
    w.bytes(text.data(), len);
    if (len == width) return;
    w.u8(0);
    const std::size_t room = width - len - 1;
    const std::size_t pad = std::min(padding.size(), room);
    w.bytes(padding.data(), pad);
    w.zeros(room - pad);
}

BsaDirectory readBsaDirectory(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    const std::uint16_t count = r.u16("BSA record_count");
    const std::uint16_t rawType = r.u16("BSA directory_type");
    // Without a known type there is no entry size, so the directory cannot be found. Daggerfall
    // Unity refuses such a file too.
    if (rawType != static_cast<std::uint16_t>(BsaDirectoryType::Names) &&
        rawType != static_cast<std::uint16_t>(BsaDirectoryType::Numbers)) {
        r.failAt(2, "BSA directory_type",
                 "unknown directory type " + std::to_string(rawType) + " (0x0100 names or 0x0200 numbers)");
    }
    BsaDirectory dir;
    dir.type = static_cast<BsaDirectoryType>(rawType);
    const std::size_t entrySize = bsaEntrySize(dir.type);
    const std::uint64_t dirSize = std::uint64_t{count} * entrySize;
    if (dirSize > bytes.size() - kBsaHeaderSize) {
        r.failAt(0, "BSA record_count",
                 "directory of " + std::to_string(count) + " x " + std::to_string(entrySize) +
                     " bytes does not fit after the header in a file of " + std::to_string(bytes.size()) +
                     " bytes");
    }
    dir.directoryOffset = bytes.size() - dirSize;
    dir.records.reserve(count);

    ByteReader d = r.sub(static_cast<std::size_t>(dir.directoryOffset), static_cast<std::size_t>(dirSize),
                         "BSA directory");
    std::uint64_t next = kBsaHeaderSize;
    std::set<std::string> names;
    std::set<std::uint32_t> ids;
    for (std::size_t i = 0; i < count; ++i) {
        BsaRecord rec;
        rec.entryOffset = d.absolute(d.pos());
        if (dir.type == BsaDirectoryType::Names) {
            readPaddedName(d, kBsaNameFieldSize, "BSA record name", rec.name, rec.namePadding);
            if (!names.insert(upper(rec.name)).second) {
                d.warnAt(d.pos() - kBsaNameFieldSize, "BSA record name",
                         "\"" + rec.name + "\" appears more than once; a lookup finds the first");
            }
        } else {
            rec.id = d.u32("BSA record id");
            if (!ids.insert(rec.id).second) {
                d.warnAt(d.pos() - 4, "BSA record id",
                         std::to_string(rec.id) + " appears more than once; a lookup finds the first");
            }
        }
        const std::size_t sizeAt = d.pos();
        rec.size = d.u32("BSA record size");
        rec.offset = next;
        next += rec.size;
        if (next > dir.directoryOffset) {
            d.failAt(sizeAt, "BSA record size",
                     "record " + std::to_string(i) + " ends at " + std::to_string(next) +
                         ", past the directory at " + std::to_string(dir.directoryOffset));
        }
        dir.records.push_back(std::move(rec));
    }
    if (next < dir.directoryOffset) {
        r.warnAt(static_cast<std::size_t>(next), "BSA record data",
                 std::to_string(dir.directoryOffset - next) +
                     " bytes between the last record and the directory belong to no record (ignored)");
    }
    return dir;
}

ByteSpan bsaRecordBytes(ByteSpan bytes, const BsaRecord& record, const std::string& path) {
    if (record.offset > bytes.size() || record.size > bytes.size() - record.offset) {
        throw Error(path, record.entryOffset, "BSA record size",
                    "record at " + std::to_string(record.offset) + " of " + std::to_string(record.size) +
                        " bytes lies outside the " + std::to_string(bytes.size()) + " bytes given");
    }
    return bytes.subspan(static_cast<std::size_t>(record.offset), record.size);
}

const BsaRecord* findBsaRecord(const BsaDirectory& directory, std::string_view name) {
    for (const BsaRecord& rec : directory.records)
        if (sameNameIgnoringCase(rec.name, name)) return &rec;
    return nullptr;
}

const BsaRecord* findBsaRecordById(const BsaDirectory& directory, std::uint32_t id) {
    if (directory.type != BsaDirectoryType::Numbers) return nullptr;
    for (const BsaRecord& rec : directory.records)
        if (rec.id == id) return &rec;
    return nullptr;
}

std::string bsaRecordLabel(const BsaDirectory& directory, const BsaRecord& record) {
    return directory.type == BsaDirectoryType::Names ? record.name : std::to_string(record.id);
}

BsaArchive readBsa(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    const BsaDirectory dir = readBsaDirectory(bytes, path, warnings);
    BsaArchive archive;
    archive.type = dir.type;
    archive.entries.reserve(dir.records.size());
    for (const BsaRecord& rec : dir.records) {
        const ByteSpan data = bsaRecordBytes(bytes, rec, path);
        archive.entries.push_back({rec.name, rec.namePadding, rec.id, Bytes(data.begin(), data.end())});
    }
    return archive;
}

Bytes writeBsa(const BsaArchive& archive) {
    if (archive.entries.size() > 0xFFFF) {
        writeError("BSA record_count", std::to_string(archive.entries.size()) + " records, at most 65535");
    }
    std::size_t total = kBsaHeaderSize + archive.entries.size() * bsaEntrySize(archive.type);
    for (const BsaEntry& e : archive.entries) {
        if (e.data.size() > 0xFFFFFFFFull) writeError("BSA record size", "a record is larger than 4 GiB");
        if (archive.type == BsaDirectoryType::Names &&
            (e.name.size() > kBsaNameFieldSize || e.name.find('\0') != std::string::npos)) {
            writeError("BSA record name", "\"" + e.name + "\" is longer than 14 bytes or holds a NUL");
        }
        total += e.data.size();
    }
    ByteWriter w;
    w.reserve(total);
    w.u16(static_cast<std::uint16_t>(archive.entries.size()));
    w.u16(static_cast<std::uint16_t>(archive.type));
    for (const BsaEntry& e : archive.entries)
        w.bytes(e.data);
    for (const BsaEntry& e : archive.entries) {
        if (archive.type == BsaDirectoryType::Names)
            writePaddedName(w, kBsaNameFieldSize, e.name, e.namePadding);
        else
            w.u32(e.id);
        w.u32(static_cast<std::uint32_t>(e.data.size()));
    }
    return w.take();
}

bool looksLikeBsa(ByteSpan bytes) {
    if (bytes.size() < kBsaHeaderSize) return false;
    ByteReader r(bytes, "");
    const std::uint16_t count = r.u16("count");
    const std::uint16_t type = r.u16("type");
    if (type != static_cast<std::uint16_t>(BsaDirectoryType::Names) &&
        type != static_cast<std::uint16_t>(BsaDirectoryType::Numbers)) {
        return false;
    }
    const std::size_t entrySize = bsaEntrySize(static_cast<BsaDirectoryType>(type));
    const std::uint64_t dirSize = std::uint64_t{count} * entrySize;
    if (dirSize > bytes.size() - kBsaHeaderSize) return false;
    std::uint64_t sum = kBsaHeaderSize;
    ByteReader d =
        r.sub(bytes.size() - static_cast<std::size_t>(dirSize), static_cast<std::size_t>(dirSize), "dir");
    for (std::size_t i = 0; i < count; ++i) {
        d.skip(entrySize - 4, "key");
        sum += d.u32("size");
    }
    return sum + dirSize == bytes.size();
}

} // namespace rgx::loaders::daggerfall
