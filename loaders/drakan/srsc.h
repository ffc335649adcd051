#pragma once
// The Riot Engine's SRSC container (Drakan: Order of the Flame, 1999), after
// ../shared/spec/riot-engine-srsc.txt "Basic SRSC format"; choices: docs/formats/drakan_srsc.md.
// Every Riot database file (.mod, .adb, .ssd, .odb, .sdb, .txd) and the .rrc and .lvl files are
// SRSC containers:
//   header, 12 bytes: "SRSC", u16 version (0x0100: the text calls it speculative), u32 directory
//     offset, u16 record count
//   record bodies
//   directory at its offset, to the end of the file: 14 bytes a record: u16 type, u16 id (0: none),
//     u16 group id (0: none), u32 body offset, u32 body size
// A record is addressed across databases by (dependency index, id): loaders/drakan/db_definition.h.
//
// Reading policy (docs/formats.md): a file shorter than the header, another magic, a directory
// offset inside the header or past the end, more records than the directory's bytes hold, a body
// inside the header, past the directory or the file's end, bodies that overlap (their sizes adding
// up past the bytes that hold them) are errors. Warnings, read anyway:
// another version, bodies not laid out back to back in directory order from the header's end
// (written back so), bytes after the directory, an id listed twice for one type. A file read
// without warnings writes back byte for byte.

#include "loaders/bytes.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders::drakan {

inline constexpr std::string_view kSrscMagic = "SRSC";
inline constexpr std::uint16_t kSrscVersion = 0x0100;
inline constexpr std::size_t kSrscHeaderSize = 12;
inline constexpr std::size_t kSrscEntrySize = 14;

struct SrscRecord {
    std::uint16_t type = 0;
    std::uint16_t id = 0;    // 0: no id
    std::uint16_t group = 0; // 0: in no group
    Bytes body;
    bool operator==(const SrscRecord&) const = default;
};

struct SrscFile {
    std::uint16_t version = kSrscVersion;
    std::vector<SrscRecord> records; // in directory order
    bool operator==(const SrscFile&) const = default;
};

// The text's name of a record type ("palette", "texture", "class", "model name", "polygons", ...;
// "level" for 0x0000..0x0020, which lvl_format.txt describes), or "unknown".
std::string_view srscRecordTypeName(std::uint16_t type);

SrscFile readSrsc(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);
// The header, the bodies back to back in order from offset 12, then the directory. Throws
// rgx::Error ("<memory>") on more than 65,535 records or a body past 4 GiB.
Bytes writeSrsc(const SrscFile& file);

// True when the bytes begin with "SRSC" and hold a header.
bool looksLikeSrsc(ByteSpan bytes);

// The first record of `type` with `id`, or nullptr.
const SrscRecord* findSrscRecord(const SrscFile& file, std::uint16_t type, std::uint16_t id);

} // namespace rgx::loaders::drakan
