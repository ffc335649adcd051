#include "loaders/redguard/col.h"

namespace rgx::loaders {

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
