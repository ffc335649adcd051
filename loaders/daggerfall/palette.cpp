#include "loaders/daggerfall/palette.h"

#include <cstring>

namespace rgx::loaders::daggerfall {

namespace {
void warnExtra(const ByteReader& r, ByteSpan bytes, const char* field, std::size_t expected) {
    if (r.atEnd()) return;
    r.warnAt(r.pos(), field,
             "file is " + std::to_string(bytes.size()) + " bytes, expected " + std::to_string(expected) +
                 "; the bytes after it are ignored");
}
} // namespace

Palette256 readPal(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    Palette256 palette = readPalette256(r, "PAL palette");
    warnExtra(r, bytes, "PAL size", kPalFileSize);
    return palette;
}

Bytes writePal(const Palette256& palette) {
    ByteWriter w;
    w.reserve(kPalFileSize);
    writePalette256(w, palette);
    return w.take();
}

Palette256 readAnyPalette(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    if (bytes.size() == kPalFileSize) return readPal(bytes, path, warnings);
    if (bytes.size() == kColFileSize) return readCol(bytes, path, warnings).colors;
    throw Error(path, 0, "palette size",
                "file is " + std::to_string(bytes.size()) + " bytes; a .PAL is 768 and a .COL 776");
}

Palette256 expandSixBitPalette(const Palette256& palette) {
    Palette256 out = palette;
    for (ColorRgb& c : out) {
        c.r = static_cast<std::uint8_t>(c.r * 4);
        c.g = static_cast<std::uint8_t>(c.g * 4);
        c.b = static_cast<std::uint8_t>(c.b * 4);
    }
    return out;
}

ColourTranslationFile readColourTranslation(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    ColourTranslationFile file;
    for (ColourTable& table : file.levels) {
        ByteSpan raw = r.bytes(256, "colour translation table");
        std::memcpy(table.data(), raw.data(), 256);
    }
    warnExtra(r, bytes, "colour translation size", kColourTranslationFileSize);
    return file;
}

Bytes writeColourTranslation(const ColourTranslationFile& file) {
    ByteWriter w;
    w.reserve(kColourTranslationFileSize);
    for (const ColourTable& table : file.levels)
        w.bytes(table.data(), table.size());
    return w.take();
}

ColourTranslationFile deriveColourTranslation(const Palette256& palette, ColorRgb target) {
    ColourTranslationFile file;
    constexpr int kTop = static_cast<int>(kColourTranslationLevels) - 1;
    for (int level = 0; level <= kTop; ++level) {
        ColourTable& table = file.levels[static_cast<std::size_t>(level)];
        table[0] = 0; // transparent stays transparent
        for (int i = 1; i < 256; ++i) {
            const ColorRgb& c = palette[static_cast<std::size_t>(i)];
            // Integer blend, rounded: at level 63 the colour itself, at level 0 the target.
            auto mix = [&](int from, int to) {
                return (from * level + to * (kTop - level) + kTop / 2) / kTop;
            };
            const int r = mix(c.r, target.r), g = mix(c.g, target.g), b = mix(c.b, target.b);
            int best = 1;
            long bestDist = -1;
            for (int j = 1; j < 256; ++j) {
                const ColorRgb& p = palette[static_cast<std::size_t>(j)];
                const long dr = p.r - r, dg = p.g - g, db = p.b - b;
                const long dist = dr * dr + dg * dg + db * db;
                if (bestDist < 0 || dist < bestDist) {
                    bestDist = dist;
                    best = j;
                }
            }
            table[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(best);
        }
    }
    return file;
}

} // namespace rgx::loaders::daggerfall
