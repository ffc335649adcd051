#pragma once
// GXA bitmaps (system/*.GXA: sky panoramas, UI art), per notes.md: chunks of a 4-byte tag and a
// big-endian u32 payload length — BMHD (title, frame count), BPAL (256 x RGB, 6-bit VGA values),
// BBMP (frame records back to back) — closed by a bare "END " tag. Frames are raw or RLE;
// LZHUF frames are rejected with "unsupported compression LZHUF" rather than guessed at.
// Decisions and their reasons: docs/formats/gxa.md.
//
// Round trips: readGxa(writeGxa(f)) == f for any valid f, and writeGxa(readGxa(b)) == b for every
// file readGxa accepts.

#include "loaders/bytes.h"
#include "loaders/redguard/col.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders {

enum class GxaCompression : std::int16_t { Raw = 0, Rle = 1, Lzhuf = 2 };

// "raw", "rle", "lzhuf", or "unknown".
const char* gxaCompressionName(std::int16_t compression);

inline constexpr std::size_t kGxaFrameHeaderSize = 0x12;
inline constexpr std::size_t kGxaBmhdSize = 0x22;

struct GxaFrame {
    std::int16_t unknown0 = 0;
    std::int16_t width = 0;
    std::int16_t height = 0;
    std::int16_t unknown6 = 0;
    std::int16_t unknown8 = 0;
    std::int16_t compression = 0; // GxaCompression: 0 raw, 1 RLE (2 LZHUF is never read)
    std::array<std::int16_t, 3> unknown12{};
    // width * height palette indices, row-major, top row first (notes.md). Index 0 is transparent.
    Bytes pixels;
    // RLE frames: the compressed stream as stored, kept only when it differs from what the
    // writer's encoder makes of `pixels` (another encoder, bytes after the last run). The writer
    // uses it while it still decodes to `pixels`.
    Bytes storedRle;
    bool operator==(const GxaFrame&) const = default;
};

struct GxaFile {
    // BMHD: 22-byte title (trailing NULs are padding), 10 unknown bytes, i16 frame count at +0x20
    // (always frames.size() when written), extra bytes past +0x22 kept raw.
    std::string title = "GXlib image conversion";
    std::array<std::uint8_t, 10> headerUnknown{};
    Bytes headerExtra;
    // BPAL as stored: 6-bit VGA components (0..63). See gxaPaletteRgb().
    std::optional<Palette256> palette;
    std::vector<GxaFrame> frames;
    // The BBMP length when it is not the byte count of the frames (other readers ignore it; some
    // clamp it to the file), so a file with a wrong length still round-trips. Normally empty.
    std::optional<std::uint32_t> bbmpLengthOverride;
    Bytes trailer;      // bytes after "END " (none in known files)
    bool endTag = true; // false when the file had no "END " (kept so such a file writes back as read)
    bool operator==(const GxaFile&) const = default;
};

// The palette expanded to 8 bits the way notes.md gives it: each component shifted left by 2.
std::optional<Palette256> gxaPaletteRgb(const GxaFile& file);

// Parses a GXA file. Throws rgx::Error naming path, absolute offset and field on malformed or
// truncated input; an LZHUF frame throws "unsupported compression LZHUF" at its compression field.
GxaFile readGxa(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The exact inverse of readGxa. Throws rgx::Error (path "<memory>") for a frame whose pixels are
// not width*height, a negative size, a compression other than raw/RLE, more than 32767 frames, a
// title over 22 bytes.
Bytes writeGxa(const GxaFile& file);

// The writer's RLE encoding: runs of 2..128 equal bytes as (0x80 | n-1, value), everything else as
// literals (n-1, n bytes), n <= 128.
Bytes encodeGxaRle(ByteSpan pixels);

// True when the bytes start with a BMHD chunk.
bool looksLikeGxa(ByteSpan bytes);

} // namespace rgx::loaders
