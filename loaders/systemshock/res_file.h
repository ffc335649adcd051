#pragma once
// System Shock's resource files ("LG Res File v2": *.RES, ARCHIVE.DAT), after
// ../shared/spec/system-shock-specs.txt §1.1; choices: docs/formats/systemshock_res.md.
//
// Layout:
//   header, 128 bytes: "LG Res File v2\r\n", a comment ended by 0x1A, zeros, u32 directory
//     offset at 0x7C
//   chunks, back to back from the directory's first-chunk offset, each starting on a 4-byte
//     boundary (zeros between)
//   directory, on a 4-byte boundary after the last chunk: u16 chunk count, u32 first-chunk
//     offset, then 10 bytes a chunk: u16 id, u24 unpacked size, u8 flags, u24 packed size,
//     u8 content type
// No chunk offsets are stored: chunk i starts at the boundary after chunk i - 1's packed bytes.
// A sub-divided chunk's unpacked bytes start with a block table: u16 block count, then count + 1
// u32 offsets from the chunk's start (the last one is the chunk's length); block i is
// [offset i, offset i + 1). In a compressed sub-divided chunk the bytes before the first block
// (the table) are stored as they are and the LZW stream (res_compression.h) makes the rest.
//
// Reading policy (docs/formats.md): a truncated header, another signature, a directory or chunk
// past the end of the file, a chunk running into the directory, a plain chunk shorter than its
// unpacked size, a block table that does not fit its chunk or goes backwards, an unpacked size the
// packed bytes cannot make, and a bad compressed stream are errors. Departures that still read
// are warnings, listed at readResDirectory and readResChunk; a file read without warnings writes
// back byte for byte.

#include "loaders/bytes.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders::systemshock {

inline constexpr std::string_view kResSignature = "LG Res File v2\r\n";
inline constexpr std::uint8_t kResCommentEnd = 0x1A;
inline constexpr std::size_t kResHeaderSize = 128;
inline constexpr std::size_t kResCommentField = 96;        // 0x10..0x6F (inkyblackness ss-specs)
inline constexpr std::size_t kResDirectoryOffsetAt = 0x7C; // u32
inline constexpr std::size_t kResDirectoryHeaderSize = 6;
inline constexpr std::size_t kResDirectoryEntrySize = 10;
inline constexpr std::size_t kResChunkAlignment = 4;
inline constexpr std::uint32_t kResMaxSize = 0xFFFFFF; // the 24-bit size fields
// The whole file's unpacked bytes at most. Each chunk is below 16 MiB by its 24-bit field, but a
// few packed bytes can claim 16 MiB (LZW unpacks up to ~9,000 times its size), and 65,535 chunks
// could claim 1 TiB. The game's largest resource files (movies, audio logs) hold tens of MiB, so
// 256 MiB reads every real file and keeps a crafted one from exhausting memory.
inline constexpr std::uint64_t kResMaxUnpackedTotal = 256ull << 20;

// Directory flags (§1.1.2's chunk type: 0 flat, 1 flat compressed, 2 subdir, 3 subdir
// compressed); 0x04 and 0x08 named after inkyblackness ss-specs (unused by the game).
inline constexpr std::uint8_t kResFlagCompressed = 0x01;
inline constexpr std::uint8_t kResFlagSubdivided = 0x02;
inline constexpr std::uint8_t kResFlagReserved = 0x04;
inline constexpr std::uint8_t kResFlagLoadOnOpen = 0x08;
inline constexpr std::uint8_t kResKnownFlags = 0x0F;

// §1.1.2's content types; the name for a byte, "unknown" for one the text does not list.
// "palette", "text", "bitmap", "font", "video_clip", "sound", "model_3d", "audio_log", "map".
std::string_view resContentTypeName(std::uint8_t type);

// One directory entry as stored, with where its chunk lies.
struct ResDirEntry {
    std::uint16_t id = 0;
    std::uint32_t unpackedSize = 0;
    std::uint8_t flags = 0;
    std::uint32_t packedSize = 0;
    std::uint8_t contentType = 0;
    std::uint64_t offset = 0;      // absolute file offset of the chunk's first byte
    std::uint64_t entryOffset = 0; // absolute file offset of the directory entry (for messages)
    bool compressed() const { return (flags & kResFlagCompressed) != 0; }
    bool subdivided() const { return (flags & kResFlagSubdivided) != 0; }
    bool operator==(const ResDirEntry&) const = default;
};

struct ResDirectory {
    std::string comment; // the header's text before 0x1A (empty in every known file)
    std::uint32_t directoryOffset = 0;
    std::uint32_t firstChunkOffset = 0;
    std::vector<ResDirEntry> entries; // in directory order, which is also file order
    bool operator==(const ResDirectory&) const = default;
};

// One chunk with its unpacked contents: what the writer takes.
struct ResChunk {
    std::uint16_t id = 0;
    std::uint8_t flags = 0; // as stored: kResFlagCompressed, kResFlagSubdivided, others kept
    std::uint8_t contentType = 0;
    Bytes data;                // a plain chunk's unpacked bytes; empty when sub-divided
    std::vector<Bytes> blocks; // a sub-divided chunk's blocks; empty when plain
    // Sub-divided: the bytes between the block table and the first block (§1.1: none, or two
    // zero bytes in some of the game's chunks), kept so that the chunk writes back as it was.
    Bytes blockGap;
    bool compressed() const { return (flags & kResFlagCompressed) != 0; }
    bool subdivided() const { return (flags & kResFlagSubdivided) != 0; }
    bool operator==(const ResChunk&) const = default;
};

struct ResFile {
    std::string comment; // at most 95 bytes, no 0x1A
    std::vector<ResChunk> chunks;
    bool operator==(const ResFile&) const = default;
};

// Reads the header and the directory and places every chunk; unpacks nothing. Throws rgx::Error
// (path, offset, field) on: a file shorter than the header, another signature, a directory
// offset inside the header or a directory past the end, more entries than the file holds, a
// first-chunk offset inside the header, a chunk past the end of the file or into the directory,
// a plain uncompressed chunk whose packed size is below its unpacked size, an unpacked size its
// packed bytes cannot make (maxDecompressedSize), unpacked sizes above kResMaxUnpackedTotal in
// all. Warnings: no 0x1A in the comment field, non-zero bytes after it, the first chunk not
// right after the header, non-zero padding between chunks, the directory elsewhere than on the
// boundary after the last chunk, bytes after the directory, an uncompressed chunk with packed
// bytes past its unpacked size (dropped), flag bits other than 0x01-0x08, an id listed twice.
ResDirectory readResDirectory(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// Unpacks the chunk `entry` places inside `bytes` (the bytes readResDirectory read). Throws
// rgx::Error on an entry outside those bytes, a bad LZW stream (decompress), and, when
// sub-divided, a block table that does not fit the chunk, a first block inside the table or past
// a compressed chunk's packed bytes, block offsets that go backwards or run past the chunk.
// Warnings: decompress's, bytes after the last block (dropped), and a compressed stream that is
// not the one compress() makes from the same bytes (written back re-encoded).
ResChunk readResChunk(ByteSpan bytes, const ResDirEntry& entry, const std::string& path,
                      Warnings* warnings = nullptr);

// readResDirectory, then readResChunk for every entry.
ResFile readResFile(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The header, every chunk from offset 128 in order (compressed with compress() when flagged,
// padded to 4 bytes with zeros), then the directory. For a file read without warnings,
// writeResFile(readResFile(b)) == b; readResFile(writeResFile(f)) == f for every f it accepts.
// Throws rgx::Error (path "<memory>") on more than 65,535 chunks or blocks, a comment longer than
// 95 bytes or holding 0x1A, a plain chunk with blocks or a sub-divided one with data, a size
// past 24 bits.
Bytes writeResFile(const ResFile& file);

// A chunk's unpacked bytes as stored: a plain chunk's data, or a sub-divided chunk's block
// table, gap and blocks. Throws as writeResFile on more than 65,535 blocks.
Bytes resChunkContents(const ResChunk& chunk);

// True when the bytes begin with the signature and are at least a header long.
bool looksLikeResFile(ByteSpan bytes);

// The first chunk with `id`, or nullptr.
const ResChunk* findResChunk(const ResFile& file, std::uint16_t id);
// The first directory entry with `id`, or nullptr: a chunk found before it is unpacked.
const ResDirEntry* findResEntry(const ResDirectory& directory, std::uint16_t id);

} // namespace rgx::loaders::systemshock
