#include "loaders/drakan/texture.h"

#include "loaders/drakan/riot_io.h"

namespace rgx::loaders::drakan {

namespace {

// A channel of `bits` bits widened to 8 (the high bits repeated into the low ones).
std::uint8_t widen(std::uint32_t value, int bits) {
    if (bits <= 0) return 255;
    const std::uint32_t max = (1u << bits) - 1;
    return static_cast<std::uint8_t>((value * 255 + max / 2) / max);
}

} // namespace

DrakanPalette readPaletteRecord(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    const std::uint16_t count = r.u16("palette count");
    r.checkCount(count, 4, "palette count");
    DrakanPalette p(count);
    for (PaletteColor& c : p) {
        c.r = r.u8("palette r");
        c.g = r.u8("palette g");
        c.b = r.u8("palette b");
        c.flags = r.u8("palette flags");
    }
    if (!r.atEnd())
        r.warnAt(r.pos(), "palette trailing",
                 std::to_string(r.remaining()) + " bytes after the colours (dropped)");
    return p;
}

Bytes writePaletteRecord(const DrakanPalette& palette) {
    ByteWriter w;
    w.u16(static_cast<std::uint16_t>(palette.size()));
    for (const PaletteColor& c : palette) {
        w.u8(c.r);
        w.u8(c.g);
        w.u8(c.b);
        w.u8(c.flags);
    }
    return w.take();
}

DrakanTexture readTextureRecord(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    DrakanTexture t;
    t.width = r.u32("texture width");
    t.height = r.u32("texture height");
    if (t.width < 1 || t.width > kMaxTextureSide || t.height < 1 || t.height > kMaxTextureSide)
        r.failAt(0, "texture width",
                 std::to_string(t.width) + " x " + std::to_string(t.height) + " is outside 1..4096 a side");
    t.pitch = r.u32("texture pitch");
    t.bitsPerPixel = r.u16("texture bits per pixel");
    t.alphaBitsPerPixel = r.u32("texture alpha bits per pixel");
    t.colourKey = r.u32("texture colour key");
    t.mipMap = readRecordRef(r, "texture mip map");
    t.alternate = readRecordRef(r, "texture alternate");
    t.bumpMap = readRecordRef(r, "texture bump map");
    t.animationFps = r.u8("texture animation fps");
    t.flags = r.u8("texture flags");
    t.mipMapNumber = r.u16("texture mip map number");
    t.material = readRecordRef(r, "texture material");
    t.refCount = r.u32("texture ref count");
    t.compressionLevel = r.u32("texture compression level");
    const std::uint32_t size = r.u32("texture data size");
    const ByteSpan data = r.bytes(size, "texture data");
    t.compressed.assign(data.begin(), data.end());
    if (t.flags & kTextureSeparateAlpha) {
        const std::uint32_t alpha = r.u32("texture alpha map size");
        const ByteSpan map = r.bytes(alpha, "texture alpha map");
        t.alphaMap.assign(map.begin(), map.end());
    }
    const bool known = t.bitsPerPixel == 8 || t.bitsPerPixel == 24 || t.bitsPerPixel == 32 ||
                       (t.bitsPerPixel == 16 &&
                        (!(t.flags & kTextureIntegratedAlpha) || t.alphaBitsPerPixel == 0 ||
                         t.alphaBitsPerPixel == 1 || t.alphaBitsPerPixel == 4 || t.alphaBitsPerPixel == 8));
    if (!known)
        r.warnAt(12, "texture bits per pixel",
                 std::to_string(t.bitsPerPixel) + " bits a pixel (alpha " +
                     std::to_string(t.alphaBitsPerPixel) +
                     ") is not a format the text lists; kept undecoded");
    if (!r.atEnd())
        r.warnAt(r.pos(), "texture trailing",
                 std::to_string(r.remaining()) + " bytes after the fields (dropped)");
    return t;
}

Bytes writeTextureRecord(const DrakanTexture& t) {
    ByteWriter w;
    w.u32(t.width);
    w.u32(t.height);
    w.u32(t.pitch);
    w.u16(t.bitsPerPixel);
    w.u32(t.alphaBitsPerPixel);
    w.u32(t.colourKey);
    writeRecordRef(w, t.mipMap);
    writeRecordRef(w, t.alternate);
    writeRecordRef(w, t.bumpMap);
    w.u8(t.animationFps);
    w.u8(t.flags);
    w.u16(t.mipMapNumber);
    writeRecordRef(w, t.material);
    w.u32(t.refCount);
    w.u32(t.compressionLevel);
    w.u32(static_cast<std::uint32_t>(t.compressed.size()));
    w.bytes(t.compressed);
    if (t.flags & kTextureSeparateAlpha) {
        w.u32(static_cast<std::uint32_t>(t.alphaMap.size()));
        w.bytes(t.alphaMap);
    }
    return w.take();
}

DrakanTexture makeTexture(std::uint32_t width, std::uint32_t height, std::uint32_t pitch,
                          std::uint16_t bitsPerPixel, std::uint32_t alphaBitsPerPixel, std::uint8_t flags,
                          const Bytes& rows, int level) {
    DrakanTexture t;
    t.width = width;
    t.height = height;
    t.pitch = pitch;
    t.bitsPerPixel = bitsPerPixel;
    t.alphaBitsPerPixel = alphaBitsPerPixel;
    t.flags = flags;
    t.compressionLevel = static_cast<std::uint32_t>(level);
    t.compressed = level == 0 ? rows : deflateZlib(rows, level);
    return t;
}

std::vector<std::uint8_t> decodeTexture(const DrakanTexture& t, const DrakanPalette* palette,
                                        const std::string& path) {
    const std::uint32_t bytesPerPixel = t.bitsPerPixel / 8u;
    if (t.bitsPerPixel != 8 && t.bitsPerPixel != 16 && t.bitsPerPixel != 24 && t.bitsPerPixel != 32)
        throw Error(path, Error::kNoOffset, "texture bits per pixel",
                    std::to_string(t.bitsPerPixel) + " bits a pixel is not a format the text lists");
    if (t.width < 1 || t.width > kMaxTextureSide || t.height < 1 || t.height > kMaxTextureSide)
        throw Error(path, Error::kNoOffset, "texture width", "a side outside 1..4096");
    if (std::uint64_t{t.pitch} < std::uint64_t{t.width} * bytesPerPixel || t.pitch > kMaxTextureSide * 4)
        throw Error(path, Error::kNoOffset, "texture pitch",
                    "pitch " + std::to_string(t.pitch) + " does not hold " + std::to_string(t.width) +
                        " pixels of " + std::to_string(bytesPerPixel) + " bytes");
    const std::uint64_t expected = std::uint64_t{t.pitch} * t.height;
    // Compression level 0 stores the rows as they are (the text: "0 = none"; OpenDrakan reads them
    // raw then).
    if (t.compressionLevel == 0 && t.compressed.size() != expected)
        throw Error(path, Error::kNoOffset, "texture data",
                    "an uncompressed texture of " + std::to_string(t.compressed.size()) +
                        " bytes, not height x pitch = " + std::to_string(expected));
    const Bytes rows = t.compressionLevel == 0 ? t.compressed
                                               : inflateZlib(t.compressed, static_cast<std::size_t>(expected),
                                                             path, Error::kNoOffset, "texture data");
    // The colour key (0x00RRGGBB; 0xFFFFFFFF none) cuts out 8- and 24-bit texels of its colour, as
    // OpenDrakan reads it (the text names the field only).
    const bool keyed = t.colourKey != kNoColourKey && (t.bitsPerPixel == 8 || t.bitsPerPixel == 24);
    std::vector<std::uint8_t> rgba(std::size_t{t.width} * t.height * 4);
    const bool alpha = (t.flags & kTextureIntegratedAlpha) != 0;
    for (std::uint32_t y = 0; y < t.height; ++y) {
        const std::uint8_t* row = rows.data() + std::size_t{t.height - 1 - y} * t.pitch; // bottom row first
        for (std::uint32_t x = 0; x < t.width; ++x) {
            const std::uint8_t* p = row + std::size_t{x} * bytesPerPixel;
            std::uint8_t* out = &rgba[(std::size_t{y} * t.width + x) * 4];
            std::uint8_t r = 0, g = 0, b = 0, a = 255;
            if (t.bitsPerPixel == 8) {
                if (palette && p[0] < palette->size()) {
                    const PaletteColor& c = (*palette)[p[0]];
                    r = c.r, g = c.g, b = c.b;
                }
            } else if (t.bitsPerPixel == 16) {
                const std::uint32_t v = p[0] | (p[1] << 8);
                const std::uint32_t mode = alpha ? t.alphaBitsPerPixel : 0;
                if (mode == 1) { // A1 R5 G5 B5
                    a = (v >> 15) ? 255 : 0, r = widen((v >> 10) & 31, 5), g = widen((v >> 5) & 31, 5),
                    b = widen(v & 31, 5);
                } else if (mode == 4) { // A4 R4 G4 B4
                    a = widen(v >> 12, 4), r = widen((v >> 8) & 15, 4), g = widen((v >> 4) & 15, 4),
                    b = widen(v & 15, 4);
                } else if (mode == 8) { // A8 R3 G3 B2
                    a = static_cast<std::uint8_t>(v >> 8), r = widen((v >> 5) & 7, 3),
                    g = widen((v >> 2) & 7, 3), b = widen(v & 3, 2);
                } else if (mode == 0) { // R5 G6 B5
                    r = widen(v >> 11, 5), g = widen((v >> 5) & 63, 6), b = widen(v & 31, 5);
                } else {
                    throw Error(path, Error::kNoOffset, "texture alpha bits per pixel",
                                std::to_string(t.alphaBitsPerPixel) +
                                    " alpha bits is not a format the text lists");
                }
            } else { // 24: R G B; 32: R G B X (X unused)
                r = p[0], g = p[1], b = p[2];
            }
            if (keyed && r == ((t.colourKey >> 16) & 0xFF) && g == ((t.colourKey >> 8) & 0xFF) &&
                b == (t.colourKey & 0xFF))
                a = 0;
            out[0] = r, out[1] = g, out[2] = b, out[3] = a;
        }
    }
    return rgba;
}

} // namespace rgx::loaders::drakan
