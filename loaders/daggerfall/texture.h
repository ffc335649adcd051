#pragma once
// Daggerfall TEXTURE.### files (ARENA2/TEXTURE.000 .. .511): a 26-byte file header (i16 record
// count, 24-byte name), a directory of 20-byte entries (one per record, each with the record's
// file position), then the records. A record is a 28-byte header followed by its image data in
// one of three forms:
// - uncompressed, one frame: rows of `width` indices stored 256 bytes apart;
// - uncompressed, several frames (animated): a table of frame offsets, and per frame
//   i16 width, i16 height and rows of (u8 transparent count, u8 pixel count, pixels) runs;
// - row-compressed (0x0108, 0x1108): per frame a table of (u16 row offset, u16 encoding) entries,
//   rows either raw or RLE (u16 width, then i16 chunks: n > 0 copies n bytes, n < 0 repeats the
//   next byte -n times).
// Facts and sources: docs/formats/daggerfall_media.md (UESP "TEXTURE.XXX", Daggerfall Unity's
// TextureFile.cs).
//
// Round trips: readTexture(writeTexture(f)) == f, and writeTexture(readTexture(b)) == b for a file
// read without warnings (a record's stored body is kept when the writer would lay it out
// otherwise; see TextureRecord::storedBody).

#include "loaders/bytes.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders::daggerfall {

// The record header's compression word (Daggerfall Unity's names).
enum class TextureCompression : std::uint16_t {
    Uncompressed = 0x0000,
    RleCompressed = 0x0002, // an IMG form; textures read it as uncompressed
    ImageRle = 0x0108,
    RecordRle = 0x1108,
};
// True for the two row-compressed forms (0x0108, 0x1108).
bool isRowCompressed(std::uint16_t compression);
// "uncompressed", "rle_compressed", "image_rle", "record_rle" or "unknown".
const char* textureCompressionName(std::uint16_t compression);

inline constexpr std::size_t kTextureFileHeaderSize = 26;
inline constexpr std::size_t kTextureDirectoryEntrySize = 20;
inline constexpr std::size_t kTextureRecordHeaderSize = 28;
inline constexpr std::size_t kTextureRowStride = 256; // uncompressed single-frame rows
// A file may decode to at most this many times its size (+ 64 KiB), and never past 64 MiB, so a
// corrupt size cannot ask for gigabytes (honest files stay far below: RLE saves little).
inline constexpr std::uint64_t kTextureMaxExpansion = 256;
inline constexpr std::uint64_t kTextureMaxDecodedBytes = 64ull << 20;

struct TextureRecord {
    // Directory entry (20 bytes); the position is derived by the writer.
    std::uint16_t dirUnknown1 = 0;
    std::uint16_t dirUnknown2 = 0;
    std::uint32_t dirUnknown3 = 0;
    std::uint64_t dirNull = 0; // zero in known files

    // Record header (28 bytes), every field but the derived ones (frame count, sizes) as stored.
    std::int16_t offsetX = 0;
    std::int16_t offsetY = 0;
    std::int16_t width = 0;
    std::int16_t height = 0;
    std::uint16_t compression = 0; // TextureCompression
    std::uint16_t isNormal = 0;
    std::int16_t unknown1 = 0;
    std::int16_t scaleX = 0;
    std::int16_t scaleY = 0;

    // Decoded frames: width * height palette indices each, row-major, top row first.
    std::vector<Bytes> frames;

    // Kept when the stored record differs from what the writer would lay out for `frames` (another
    // RLE choice, padding): record_size, data_offset and the bytes after the 28-byte header up to
    // the next record. The writer uses them while they still decode to `frames`.
    struct StoredBody {
        std::uint32_t recordSize = 0;
        std::uint32_t dataOffset = 0;
        Bytes bytes;
        bool operator==(const StoredBody&) const = default;
    };
    std::optional<StoredBody> storedBody;

    bool operator==(const TextureRecord&) const = default;
};

struct TextureFile {
    std::array<std::uint8_t, 24> nameField{}; // raw: a NUL-terminated name, then what was there
    std::vector<TextureRecord> records;
    bool operator==(const TextureFile&) const = default;

    // The name: nameField up to its first NUL.
    std::string name() const;
    void setName(const std::string& name); // truncated to 23 bytes, NUL-padded
};

// Parses a TEXTURE.### file. Throws rgx::Error naming path, offset and field where it cannot be
// read safely: a header or directory truncated, a negative record count, a record position past
// the end, a record header truncated, negative sizes, image data (offset tables, rows, runs) past
// the end or running past a row, a frame of another size than its record, decoded sizes past the
// limits above. Warnings: a directory entry's null word not zero, records not laid out one after
// another in directory order (the writer lays them out so), an unknown compression word (read
// as uncompressed, as Daggerfall Unity does), a row encoding other than 0 / 0x8000 (read raw),
// a record with no frames, bytes after the directory of a file with no records (dropped). Bytes
// after the last record belong to its stored body and are kept.
TextureFile readTexture(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The exact inverse of readTexture. Records are laid out one after another after the directory;
// a record without a stored body gets data_offset 28 and record_size 28 + its data. Frames are
// written in the record's own form: row-compressed (RLE rows where shorter) when its compression
// is 0x0108 / 0x1108, else uncompressed (stride 256) for one frame and the run form for several.
// Throws rgx::Error ("<memory>") when a record is inconsistent: negative sizes, a frame not
// width * height bytes, one uncompressed frame wider than 256, more than 65,535 frames, a
// row-compressed record past the 16-bit row offsets.
Bytes writeTexture(const TextureFile& file);

// Builds a record from plain frames (each width * height indices): compression 0 (uncompressed,
// animated when several frames) or a row-compressed one.
TextureRecord makeTextureRecord(int width, int height, std::vector<Bytes> frames,
                                std::uint16_t compression = 0);

// TEXTURE.000 and TEXTURE.001 hold no pictures: Daggerfall Unity draws their record r as a
// solid 32 x 32 square of colour r (archive 0) or 128 + r (archive 1). The colour for those two
// archives, nullopt for any other.
std::optional<std::uint8_t> solidTextureColor(std::uint32_t archive, std::uint32_t record);

// True when the bytes hold a plausible texture header and directory: a positive record count, the
// directory inside the file, every entry's null word zero and every record position after the
// directory with room for a record header. Strong enough to tell TEXTURE.### from TEXBSI.###.
bool looksLikeTexture(ByteSpan bytes);

} // namespace rgx::loaders::daggerfall
