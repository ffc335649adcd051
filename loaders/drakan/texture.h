#pragma once
// The Riot Engine's palette (record 0x0030) and texture (record 0x0040) records, after
// ../shared/spec/riot-engine-srsc.txt "Record types" and "Texture format"; choices:
// docs/formats/drakan_srsc.md "Palettes and textures".
//
// A texture's pixels are one zlib stream (zlib from Debian) of `height` rows of `pitch` bytes,
// bottom row first. bits_per_pixel picks the format: 8 a palette index; 16 R5G6B5, or with an
// integrated alpha channel (flag 0x02) by alpha_bits_per_pixel 0 R5G6B5, 1 A1R5G5B5, 4 A4R4G4B4,
// 8 A8R3G3B2 (little-endian words); 24 R, G, B bytes; 32 R, G, B, X bytes. A separate alpha map
// (flag 0x01) follows, kept as stored (its reading is unknown). Compression level 0 stores the rows
// uncompressed; a colour key other than 0xFFFFFFFF makes 8- and 24-bit texels of its colour
// transparent (OpenDrakan's reading). OpenDrakan reads 32-bit texels as B, G, R, A where the text
// has R, G, B, X "as written by the editor's convert function": rgx follows the text.
//
// Reading policy: a body shorter than its fields, a data or alpha-map length past the body, a size
// outside 1..4096 a side are errors; unknown pixel formats and bytes after the fields are
// warnings (the texture is kept, undecoded). decodeTexture throws for a stream that does not
// inflate to height x pitch bytes.

#include "loaders/bytes.h"
#include "loaders/drakan/db_definition.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders::drakan {

inline constexpr std::uint16_t kPaletteRecord = 0x0030, kTextureRecord = 0x0040;
inline constexpr std::uint32_t kMaxTextureSide = 4096;

struct PaletteColor {
    std::uint8_t r = 0, g = 0, b = 0, flags = 0; // as the RIFF PAL file had them
    bool operator==(const PaletteColor&) const = default;
};
using DrakanPalette = std::vector<PaletteColor>;

// A palette record's body: u16 count, then count x (r, g, b, flags).
DrakanPalette readPaletteRecord(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writePaletteRecord(const DrakanPalette& palette);

inline constexpr std::uint8_t kTextureSeparateAlpha = 0x01, kTextureIntegratedAlpha = 0x02;
inline constexpr std::uint32_t kNoColourKey = 0xFFFFFFFF;

struct DrakanTexture {
    std::uint32_t width = 0, height = 0, pitch = 0; // pitch: bytes a row
    std::uint16_t bitsPerPixel = 8;
    std::uint32_t alphaBitsPerPixel = 0;
    std::uint32_t colourKey = 0xFFFFFFFF; // 0x00RRGGBB; kNoColourKey: none
    RecordRef mipMap, alternate, bumpMap;
    std::uint8_t animationFps = 0;
    std::uint8_t flags = 0;
    std::uint16_t mipMapNumber = 0;
    RecordRef material;
    std::uint32_t refCount = 0;
    std::uint32_t compressionLevel = 0; // 0 none .. 9 highest, as the editor saved it
    Bytes compressed;                   // the zlib stream as stored
    Bytes alphaMap;                     // flag 0x01: as stored
    bool operator==(const DrakanTexture&) const = default;
};

DrakanTexture readTextureRecord(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeTextureRecord(const DrakanTexture& texture);

// A texture of width x height from its raw rows (bottom row first, pitch bytes each), compressed
// with zlib at `level` (1..9), or stored as they are at level 0. No colour key.
DrakanTexture makeTexture(std::uint32_t width, std::uint32_t height, std::uint32_t pitch,
                          std::uint16_t bitsPerPixel, std::uint32_t alphaBitsPerPixel, std::uint8_t flags,
                          const Bytes& rows, int level = 6);

// The texture as RGBA, 4 bytes a pixel, top row first. 8 bpp needs the palette (alpha 255; an index
// past it is black). Throws rgx::Error naming `path` for a format it does not know, a stream that
// does not inflate to exactly height x pitch bytes, or a pitch too small for the width.
std::vector<std::uint8_t> decodeTexture(const DrakanTexture& texture, const DrakanPalette* palette,
                                        const std::string& path);

} // namespace rgx::loaders::drakan
