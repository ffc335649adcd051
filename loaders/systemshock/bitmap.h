#pragma once
// System Shock's bitmaps (resource content type 2: textures, sprites, screens), after
// ../shared/spec/system-shock-specs.txt §2.1; choices and sources: docs/formats/systemshock_media.md.
//
// A bitmap is one block of a sub-divided chunk (§2.1.2: "all bitmaps are subchunks"):
//   0x00 u32 zero          0x04 u16 type (0x00, 0x02 plain; 0x04 RLE)   0x06 u16 (unknown)
//   0x08 i16 width         0x0A i16 height     0x0C u16 stride ("width in bytes")
//   0x0E u8 width factor   0x0F u8 height factor (index of the highest set bit of width / height)
//   0x10 4 x i16 hotspot box                     0x18 u32 (unknown)
//   then the pixels: height x stride palette indices, top row first (plain), or the RLE stream
//   (type 4) ended by 80 00 00; then, optionally, 4 bytes and a private palette of 256 x RGB.
// RLE codes (§2.1.2; the 16-bit forms read as a little-endian word nnnn after the 0x80):
//   00 nn vv        nn pixels of colour vv          nn (1..0x7F) ..   copy the nn bytes that follow
//   nn (0x81..0xFF) nn & 0x7F transparent pixels    80 00 00          end: the rest is transparent
//   80 nnnn (< 0x8000)       nnnn transparent pixels
//   80 nnnn (0x8000..0xBFFF) copy nnnn & 0x3FFF bytes that follow
//   80 nnnn (0xC100..0xFFFF) nnnn & 0x3FFF pixels of the colour that follows
//   80 nnnn (0xC000..0xC0FF) undefined (the spec: "not described", never found): an error
// Transparent is index 0.
//
// Reading policy (docs/formats.md): a header past the bytes, an unknown type, negative sizes,
// more than kBitmapMaxPixels pixels, a stride below the width, plain pixels past the bytes, an RLE
// code running past the image or past the bytes, and an undefined code are errors (path, offset,
// field). Warnings: listed at readBitmap. A bitmap read without warnings writes back byte for byte.

#include "loaders/bytes.h"
#include "loaders/palette.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders::systemshock {

inline constexpr std::size_t kBitmapHeaderSize = 0x1C;
inline constexpr std::uint16_t kBitmapPlain = 0x00;
inline constexpr std::uint16_t kBitmapPlainAlt = 0x02; // "appears like 0x00" (§2.1.1)
inline constexpr std::uint16_t kBitmapRle = 0x04;
// The private palette (§2.1.4): 4 bytes, then 256 x (r, g, b).
inline constexpr std::size_t kBitmapPaletteTagSize = 4;
inline constexpr std::size_t kBitmapPaletteSize = kBitmapPaletteTagSize + 768;
// At most 16 Mi pixels a bitmap (the 24-bit chunk size bounds a plain one already; an RLE stream
// could claim 32,767 x 32,767 in a few bytes). The game's largest bitmaps are 640 x 480 screens.
inline constexpr std::size_t kBitmapMaxPixels = std::size_t{1} << 24;

// "uncompressed", "uncompressed_2" or "rle"; "unknown" for any other type word.
const char* bitmapTypeName(std::uint16_t type);

struct Bitmap {
    std::uint16_t type = kBitmapPlain; // kBitmapPlain, kBitmapPlainAlt or kBitmapRle
    std::uint16_t flags = 0;           // the word at 0x06 (unknown), as stored
    int width = 0, height = 0;
    std::uint8_t widthFactor = 0, heightFactor = 0; // as stored (bitmapFactor() for new ones)
    std::array<std::int16_t, 4> hotspot{};          // 0x10..0x17, as stored
    std::uint32_t lead = 0;                         // 0x00 ("always 0"), as stored
    std::uint32_t tail = 0;                         // 0x18 (unknown), as stored
    Bytes pixels; // width * height palette indices, row-major, top row first; 0 transparent
    std::optional<Palette256> palette; // the private palette (§2.1.4), components as stored
    // The 4 bytes before a private palette: bytes 00 00 00 01 in inkyblackness; the spec reads an
    // int32 "found to be 1". Kept as stored; meaningless without a palette.
    std::array<std::uint8_t, 4> paletteTag{0, 0, 0, 1};
    bool compressed() const { return type == kBitmapRle; }
    bool operator==(const Bitmap&) const = default;
};

// The width and height a bitmap's header claims (i16 at 0x08 and 0x0A), read before any pixel is
// unpacked (a few bytes of RLE can claim 16 million pixels); nothing for bytes shorter than the
// header.
struct BitmapSize {
    int width = 0, height = 0;
};
std::optional<BitmapSize> bitmapHeaderSize(ByteSpan bytes);

// The index of the highest set bit of a size (inkyblackness: 320 -> 8), 0 for 0.
std::uint8_t bitmapFactor(int size);

// A bitmap of width x height pixels with the factors set and everything else zero; RLE-packed
// when rle.
Bitmap makeBitmap(int width, int height, Bytes pixels, bool rle = false);

// Reads one bitmap (one block's bytes). Warnings (read anyway): a stride above the width (rows
// read stride apart, the bytes past the width dropped; written back with stride = width); an RLE
// stream that ends without its end code after the last pixel; an RLE stream that is not the one
// encodeBitmapRle makes of the same pixels (written back re-encoded); bytes after the pixels that
// are not a whole private palette (dropped), or after the palette (dropped).
Bitmap readBitmap(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr,
                  std::uint64_t base = 0);

// The exact inverse of readBitmap: the header (stride = width), the pixels plain or RLE-packed
// (encodeBitmapRle) as the type says, then the private palette when there is one. Throws
// rgx::Error ("<memory>") on sizes outside 0..32,767 or past kBitmapMaxPixels, pixels not
// width * height, another type than 0, 2 or 4.
Bytes writeBitmap(const Bitmap& bitmap);

// The RLE stream of §2.1.2 for pixels, ended by 80 00 00. The encoder keeps to the original's
// habits as inkyblackness describes them: trailing zeros left to the end code (all but a multiple
// of 0x7FFF of them), zeros as skips, runs of more than three of one colour as fills, anything
// else copied (a copy stops at a zero or a run of four); counts past a short form's reach in long
// forms of at most 0x7FFF (skip) or 0x3FFF (copy, fill) pixels, the rest in a short form.
Bytes encodeBitmapRle(ByteSpan pixels);
// Unpacks an RLE stream into `count` pixels; returns where the stream ended (after its end code).
// Throws rgx::Error as readBitmap; base is packed[0]'s absolute offset.
std::size_t decodeBitmapRle(ByteSpan packed, std::size_t count, Bytes& out, const std::string& path,
                            std::uint64_t base = 0, Warnings* warnings = nullptr);

// Level textures in texture.res (spec §2.1.2; inkyblackness ss-specs content/LevelTextures.md
// agrees): 273 textures, ids 0..272 (the tiles' texture list holds these ids), each at four
// sizes, largest first:
//   128 x 128: chunk 1000 + id, one bitmap (block 0)
//    64 x  64: chunk  707 + id, one bitmap (block 0)
//    32 x  32: chunk 77, block id
//    16 x  16: chunk 76, block id
inline constexpr int kTextureCount = 273;
inline constexpr std::uint16_t kTextureChunk16 = 76, kTextureChunk32 = 77, kTextureChunk64 = 707,
                               kTextureChunk128 = 1000;
struct TextureChunk {
    std::uint16_t chunk = 0;
    std::size_t block = 0;
    int side = 0; // pixels a side
    bool operator==(const TextureChunk&) const = default;
};
// The four places of a texture id, largest first. Throws rgx::Error for an id outside 0..272.
std::array<TextureChunk, 4> textureChunks(int textureId);
// The chunk ids alone, largest first: {1000 + id, 707 + id, 77, 76}.
std::array<std::uint16_t, 4> textureChunkIds(int textureId);

} // namespace rgx::loaders::systemshock
