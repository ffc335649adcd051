#include "loaders/systemshock/palette.h"

#include "base/error.h"
#include "loaders/systemshock/res_file.h"

#include <algorithm>

namespace rgx::loaders::systemshock {

Palette256 readPaletteChunk(ByteSpan bytes, const std::string& path, Warnings* warnings, std::uint64_t base) {
    ByteReader r(bytes, path, base, warnings);
    const Palette256 palette = readPalette256(r, "PALETTE colours");
    if (!r.atEnd())
        r.warnAt(r.pos(), "PALETTE trailing",
                 std::to_string(r.remaining()) + " bytes after the 768 of the palette (dropped)");
    return palette;
}

Palette256 standInPalette() {
    const auto clampByte = [](int v) { return static_cast<std::uint8_t>(std::clamp(v, 0, 255)); };
    Palette256 p{};
    for (int t = 0; t < 32; ++t) {
        const auto set = [&](int base, int r, int g, int b) {
            p[static_cast<std::size_t>(base + t)] = {clampByte(r), clampByte(g), clampByte(b)};
        };
        set(kStandInLed, 8 * t, 4 * t, 0);
        set(kStandInGrey, 8 * t + 4, 8 * t + 4, 8 * t + 4);
        set(kStandInSteel, 10 + 5 * t, 14 + 6 * t, 24 + 7 * t);
        set(kStandInRust, 30 + 7 * t, 14 + 4 * t, 6 + 2 * t);
        set(kStandInYellow, 36 + 7 * t, 30 + 6 * t, 4 + t);
        set(kStandInGreen, 4 + 2 * t, 20 + 7 * t, 8 + 3 * t);
        set(kStandInRed, 30 + 7 * t, 4 + 2 * t, 4 + 2 * t);
        set(kStandInCyan, 4 + 3 * t, 24 + 7 * t, 28 + 7 * t);
    }
    p[0] = {0, 0, 0}; // black, transparent
    return p;
}

Bytes writePaletteChunk(const Palette256& palette) {
    ByteWriter w;
    writePalette256(w, palette);
    return w.take();
}

Palette256 readGamePalette(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    const ResDirectory dir = readResDirectory(bytes, path, warnings);
    for (const ResDirEntry& e : dir.entries) {
        if (e.id != kGamePaletteChunk) continue;
        const ResChunk chunk = readResChunk(bytes, e, path, warnings);
        if (e.contentType != 0 && warnings)
            warnings->push_back(
                {path, e.entryOffset, "RES content type",
                 "chunk 700 has content type " + std::to_string(e.contentType) + ", not 0 (palette)"});
        if (chunk.subdivided()) {
            if (warnings)
                warnings->push_back(
                    {path, e.entryOffset, "RES flags", "chunk 700 is sub-divided: its first block is read"});
            if (chunk.blocks.empty())
                throw Error(path, e.offset, "PALETTE colours", "chunk 700 has no block");
            return readPaletteChunk(chunk.blocks.front(), path, warnings, e.offset);
        }
        // Offsets from the chunk's start (in a compressed chunk, counted in its unpacked bytes).
        return readPaletteChunk(chunk.data, path, warnings, e.offset);
    }
    throw Error(path, Error::kNoOffset, "RES chunk 700", "no chunk 700 (the game palette)");
}

Bytes writeGamePalette(const Palette256& palette) {
    ResFile file;
    ResChunk chunk;
    chunk.id = kGamePaletteChunk;
    chunk.flags = 0;
    chunk.contentType = 0;
    chunk.data = writePaletteChunk(palette);
    file.chunks.push_back(std::move(chunk));
    return writeResFile(file);
}

} // namespace rgx::loaders::systemshock
