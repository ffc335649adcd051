#pragma once
// FNT bitmap fonts (fonts/*.FNT): chunks of a 4-byte tag + big-endian u32 payload length,
// FNHD (56-byte header) first, then the palette (BPAL, or FPAL in ARIALVS.FNT; 768 bytes of
// 8-bit RGB), FBMP (glyph records), optional RDAT (tool metadata), and a bare "END " tag.
// ARIALVS.FNT has 4 zero bytes after END; bytes after END are kept.
//
// Glyph record (little-endian): u16 enabled, i16 offset_left, i16 offset_top, u16 width,
// u16 height, then width*height palette indices, row-major. FBMP holds character_count records
// for consecutive code points from character_start (always 32 in the shipped fonts).

#include "loaders/bytes.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rgx::loaders {

inline constexpr std::size_t kFntHeaderSize = 56;
inline constexpr std::size_t kFntPaletteSize = 768;
inline constexpr std::size_t kFntGlyphHeaderSize = 10;

struct FntHeader {
    // The 32-byte description without its trailing NULs (inner NULs, which separate fragments,
    // are kept); the writer pads it back to 32 bytes with NULs (longer text is cut at 32).
    std::string description;
    std::uint16_t unknown24 = 0;
    std::uint16_t hasRdat = 0; // 1 when an RDAT chunk is present (not checked by the engine)
    std::uint16_t reserved28 = 0;
    std::uint16_t reserved2a = 0;
    std::uint16_t reserved2c = 0;
    std::uint16_t maxWidth = 0;   // tool hint; the engine uses the width of 'W'
    std::uint16_t lineHeight = 0; // used for text layout
    std::uint16_t characterStart = 32;
    std::uint16_t characterCount = 0; // FBMP record count (the writer writes glyphs.size())
    std::uint16_t reserved36 = 0;
    std::uint16_t reserved38 = 0;
    std::uint16_t hasPalette = 1; // non-zero: a BPAL/FPAL chunk is required
    bool operator==(const FntHeader&) const = default;
};

struct FntGlyph {
    std::uint16_t enabled = 1; // 0: not drawn
    std::int16_t offsetLeft = 0;
    std::int16_t offsetTop = 0;
    std::uint16_t width = 0;
    std::uint16_t height = 0;
    Bytes pixels; // width*height palette indices, row-major
    bool operator==(const FntGlyph&) const = default;
};

// A chunk kept as bytes: RDAT (metadata the engine never parses) and any unknown tag.
struct FntChunk {
    std::string tag;
    Bytes data;
    bool operator==(const FntChunk&) const = default;
};

struct Fnt {
    FntHeader header;
    std::string paletteTag = "BPAL"; // "BPAL", "FPAL", or "" when the file has no palette chunk
    Bytes palette;                   // 256 x R,G,B when paletteTag is set (fewer when the file
                                     // held fewer; the writer pads to 768)
    std::vector<FntGlyph> glyphs;
    std::vector<FntChunk> otherChunks; // file order
    // Tags in file order (END excluded) when they differ from the canonical order
    // FNHD, palette, FBMP, otherChunks...; empty means canonical (what a fresh font uses).
    std::vector<std::string> chunkOrder;
    Bytes trailing; // bytes after the END tag
    bool operator==(const Fnt&) const = default;
};

// Throws rgx::Error (path, absolute offset, field) on truncation at any point, a first chunk
// that is not FNHD or an FNHD shorter than 56 bytes, no FNHD, and glyph counts or glyph pixels
// running past the FBMP chunk. Warnings (reading policy, docs/formats.md): an FNHD longer than
// 56 (the first 56 read), a palette chunk that is not 768 bytes (the colours it holds are read),
// a repeated FNHD/palette/FBMP (ignored), a missing FBMP (no glyphs) or END, has_palette set
// without a palette chunk, FBMP bytes left after the last glyph (ignored).
Fnt readFnt(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// Exact inverse of readFnt (character_count is written as glyphs.size()).
Bytes writeFnt(const Fnt& font);

// The chunks writeFnt emits, in order, with their payload lengths (END excluded).
std::vector<std::pair<std::string, std::size_t>> fntChunkList(const Fnt& font);

// The glyph for a code point, or nullptr outside [character_start, character_start + count).
const FntGlyph* fntGlyph(const Fnt& font, std::uint32_t codePoint);

} // namespace rgx::loaders
