#pragma once
// Daggerfall BSA archives (ARCH3D.BSA, BLOCKS.BSA, MAPS.BSA, MONSTER.BSA, MIDI.BSA, DAGGER.SND).
//
// Layout (docs/formats/daggerfall_archives.md):
//   u16 record_count | u16 directory_type | record data, back to back from offset 4 | directory
// The directory fills the last record_count entries of the file. Type 0x0100 entries are 18
// bytes (a 14-byte NUL-padded name, u32 size); type 0x0200 entries are 8 bytes (u32 id, u32
// size). No offsets are stored: record i starts where record i-1 ends.
//
// Reading policy (docs/formats.md): a header cut short, an unknown directory type (no entry size
// to read by), a directory larger than the file and record sizes running into the directory are
// errors. Bytes between the last record and the directory (ignored), and names or ids that
// appear twice (the first one wins a lookup) are warnings.

#include "loaders/bytes.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders::daggerfall {

enum class BsaDirectoryType : std::uint16_t {
    Names = 0x0100,   // entries carry a DOS 8.3 name (BLOCKS, MAPS, MONSTER, MIDI)
    Numbers = 0x0200, // entries carry a numeric id (ARCH3D, DAGGER.SND)
};

inline constexpr std::size_t kBsaHeaderSize = 4;
inline constexpr std::size_t kBsaNameFieldSize = 14;
inline constexpr std::size_t kBsaNameEntrySize = 18;
inline constexpr std::size_t kBsaNumberEntrySize = 8;

// Bytes per directory entry of `type`.
std::size_t bsaEntrySize(BsaDirectoryType type);

// One directory entry and where its bytes lie in the file.
struct BsaRecord {
    std::string name;         // Names: up to the first NUL of the 14-byte field. Numbers: empty.
    std::string namePadding;  // Names: bytes after that NUL, trailing zeros trimmed (kept for round trips)
    std::uint32_t id = 0;     // Numbers: the record's id. Names: 0.
    std::uint64_t offset = 0; // absolute file offset of the record's first byte
    std::uint32_t size = 0;
    std::uint64_t entryOffset = 0; // absolute file offset of the directory entry (for messages)
    bool operator==(const BsaRecord&) const = default;
};

struct BsaDirectory {
    BsaDirectoryType type = BsaDirectoryType::Names;
    std::vector<BsaRecord> records; // in directory order, which is also file order
    std::uint64_t directoryOffset = 0;
    bool operator==(const BsaDirectory&) const = default;
};

// Reads the header and directory; copies no record data. Throws rgx::Error (path, offset,
// field) on a truncated header, an unknown directory type, a directory that does not fit after
// the header, or record sizes that run past the directory. Warnings: see the header comment.
BsaDirectory readBsaDirectory(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The bytes of `record` inside `bytes` (the same bytes readBsaDirectory read). Throws rgx::Error
// when the record does not lie inside them (a record from another file).
ByteSpan bsaRecordBytes(ByteSpan bytes, const BsaRecord& record, const std::string& path);

// The first record named `name` (ASCII case-insensitive, as DOS names are), or nullptr.
const BsaRecord* findBsaRecord(const BsaDirectory& directory, std::string_view name);
// The first record numbered `id`, or nullptr.
const BsaRecord* findBsaRecordById(const BsaDirectory& directory, std::uint32_t id);

// A record's label for listings: its name, or its id in decimal for a Numbers directory.
std::string bsaRecordLabel(const BsaDirectory& directory, const BsaRecord& record);

// One record with its bytes: what the writer takes.
struct BsaEntry {
    std::string name;        // Names directory only: at most 14 bytes, no NUL inside
    std::string namePadding; // Names directory only: written after the name's NUL (usually empty)
    std::uint32_t id = 0;    // Numbers directory only
    Bytes data;
    bool operator==(const BsaEntry&) const = default;
};

struct BsaArchive {
    BsaDirectoryType type = BsaDirectoryType::Names;
    std::vector<BsaEntry> entries;
    bool operator==(const BsaArchive&) const = default;
};

// readBsaDirectory, then a copy of every record's bytes.
BsaArchive readBsa(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// Header, the entries' data in order, then the directory. For a file read without warnings,
// writeBsa(readBsa(b)) == b. Throws rgx::Error (path "<memory>") on more than 65,535 entries, a
// name longer than 14 bytes or holding a NUL, or a record larger than 4 GiB.
Bytes writeBsa(const BsaArchive& archive);

// True when the header names a known directory type and the records plus the directory fill
// the file exactly (what every archive the writer makes does).
bool looksLikeBsa(ByteSpan bytes);

// A fixed-width NUL-padded name field: `text` up to the first NUL (the whole field when there is
// none), `padding` the bytes after that NUL with trailing zeros trimmed, so a field holding
// leftovers of an older name still writes back byte for byte.
void readPaddedName(ByteReader& r, std::size_t width, std::string_view field, std::string& text,
                    std::string& padding);
// Writes text, a NUL, padding, then zeros, to exactly width bytes. text must fit (caller checks);
// padding is cut to the room left.
void writePaddedName(ByteWriter& w, std::size_t width, std::string_view text, std::string_view padding);

} // namespace rgx::loaders::daggerfall
