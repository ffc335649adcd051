#pragma once
// What every Riot record reader shares (../shared/spec/riot-engine-srsc.txt): its strings, its
// references and its zlib streams (zlib from Debian), read and written one way.
//
// A string: u16 length, even (an odd string is padded with one 0 byte, counted in the length), no
// terminator; the padding is dropped on reading (the text, and OpenDrakan's reader, which trims a
// trailing 0).
// A reference (the text's `ref`): u16 id, u16 database index (0: this database).

#include "loaders/bytes.h"
#include "loaders/drakan/db_definition.h"

#include <cstddef>
#include <string>

namespace rgx::loaders::drakan {

// Reads a string; an odd length is a warning (kept).
std::string readRiotString(ByteReader& r, const char* field);
void writeRiotString(ByteWriter& w, const std::string& s);

RecordRef readRecordRef(ByteReader& r, const char* field);
void writeRecordRef(ByteWriter& w, const RecordRef& ref);

// A warning naming `field` when bytes follow a record's fields (they are dropped).
void warnTrailing(const ByteReader& r, const char* field);

// `data` compressed as one zlib stream at `level` (1..9). Throws rgx::Error ("<memory>") if zlib
// fails.
Bytes deflateZlib(ByteSpan data, int level = 6);
// One zlib stream inflated to exactly `expected` bytes. Throws rgx::Error naming path, `offset`
// and `field` when the stream is damaged or inflates to another size (never allocates more than
// `expected`).
Bytes inflateZlib(ByteSpan stream, std::size_t expected, const std::string& path, std::size_t offset,
                  const char* field);

} // namespace rgx::loaders::drakan
