#include "loaders/col.h"

namespace rgx::loaders {

Palette256 readPalette256(ByteReader& r, std::string_view field) {
    ByteSpan raw = r.bytes(256 * 3, field);
    Palette256 palette{};
    for (std::size_t i = 0; i < 256; ++i)
        palette[i] = ColorRgb{raw[i * 3], raw[i * 3 + 1], raw[i * 3 + 2]};
    return palette;
}

void writePalette256(ByteWriter& w, const Palette256& palette) {
    for (const ColorRgb& c : palette) {
        w.u8(c.r);
        w.u8(c.g);
        w.u8(c.b);
    }
}

Bytes indicesToRgba(ByteSpan indices, const Palette256& palette, bool zeroTransparent) {
    Bytes out(indices.size() * 4);
    for (std::size_t i = 0; i < indices.size(); ++i) {
        const ColorRgb& c = palette[indices[i]];
        const bool clear = zeroTransparent && indices[i] == 0;
        out[i * 4] = clear ? 0 : c.r;
        out[i * 4 + 1] = clear ? 0 : c.g;
        out[i * 4 + 2] = clear ? 0 : c.b;
        out[i * 4 + 3] = clear ? 0 : 255;
    }
    return out;
}

ColFile readCol(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    ColFile col;
    col.fileSizeField = r.u32("COL file_size");
    col.magic = r.u32("COL magic");
    col.colors = readPalette256(r, "COL palette");
    // Nothing reads the header words at runtime (the reference): other values are warnings.
    if (col.fileSizeField != kColFileSize) {
        r.warnAt(0, "COL file_size", "is " + std::to_string(col.fileSizeField) + ", expected 776");
    }
    if (col.magic != kColMagic)
        r.warnAt(4, "COL magic", "is " + std::to_string(col.magic) + ", expected 0xB123");
    if (!r.atEnd()) {
        r.warnAt(r.pos(), "COL size",
                 "file is " + std::to_string(bytes.size()) + " bytes, a COL palette is " +
                     std::to_string(kColFileSize) + "; the bytes after the palette are ignored");
    }
    return col;
}

Bytes writeCol(const ColFile& col) {
    ByteWriter w;
    w.reserve(kColFileSize);
    w.u32(col.fileSizeField);
    w.u32(col.magic);
    writePalette256(w, col.colors);
    return w.take();
}

bool looksLikeCol(ByteSpan bytes) {
    if (bytes.size() != kColFileSize) return false;
    ByteReader r(bytes, "");
    return r.u32("size") == kColFileSize && r.u32("magic") == kColMagic;
}

} // namespace rgx::loaders
