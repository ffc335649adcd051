#include "loaders/redguard/wld.h"

#include "base/error.h"

namespace rgx::loaders {

const std::array<std::int32_t, 128> kWldHeightTable = {
    0,    40,   40,   40,   80,   80,   80,   120,  120,  120,  //
    160,  160,  160,  200,  200,  200,  240,  240,  240,  280,  //
    280,  320,  320,  320,  360,  360,  400,  400,  400,  440,  //
    440,  480,  480,  480,  520,  520,  560,  560,  600,  600,  //
    600,  640,  640,  680,  680,  720,  720,  760,  760,  800,  //
    800,  840,  840,  880,  880,  920,  920,  960,  1000, 1000, //
    1040, 1040, 1080, 1120, 1120, 1160, 1160, 1200, 1240, 1240, //
    1280, 1320, 1320, 1360, 1400, 1440, 1440, 1480, 1520, 1560, //
    1600, 1600, 1640, 1680, 1720, 1760, 1800, 1840, 1880, 1920, //
    1960, 2000, 2040, 2080, 2120, 2200, 2240, 2280, 2320, 2400, //
    2440, 2520, 2560, 2640, 2680, 2760, 2840, 2920, 3000, 3080, //
    3160, 3240, 3360, 3440, 3560, 3680, 3800, 3960, 4080, 4280, //
    4440, 4680, 4920, 5200, 5560, 6040, 6680, 7760,
};

namespace {

constexpr std::size_t kColsDword = 1;
constexpr std::size_t kRowsDword = 2;
constexpr std::size_t kFlagDword = 5;       // offset 0x14, always 1, checked by the engine
constexpr std::size_t kSecHdrSizeDword = 6; // offset 0x18, always 22, checked by the engine

const char* const kPlaneNames[4] = {"heights (plane 1)", "plane 2", "textures (plane 3)", "plane 4"};

template <typename Section> auto& planeOf(Section& s, int plane) {
    switch (plane) {
    case 1:
        return s.heights;
    case 2:
        return s.plane2;
    case 3:
        return s.textures;
    default:
        return s.plane4;
    }
}

void checkPlanes(const Wld& wld) {
    for (std::size_t s = 0; s < 4; ++s) {
        for (int p = 1; p <= 4; ++p) {
            if (planeOf(wld.sections[s], p).size() != kWldPlaneBytes) {
                throw Error("<memory>", Error::kNoOffset,
                            "section " + std::to_string(s) + " " + kPlaneNames[p - 1],
                            "plane has " + std::to_string(planeOf(wld.sections[s], p).size()) +
                                " bytes, expected " + std::to_string(kWldPlaneBytes));
            }
        }
    }
}

// The layout is fixed (2 x 2 sections of 65558 bytes), so these header words are not needed to
// read the file: a different value is a warning (reading policy, docs/formats.md).
void expectDword(ByteReader& r, const Wld& wld, std::size_t index, std::uint32_t expected,
                 const char* field) {
    if (wld.header[index] != expected) {
        r.warnAt(index * 4, field,
                 "is " + std::to_string(wld.header[index]) + ", expected " + std::to_string(expected) +
                     " (the fixed 2 x 2 layout is read)");
    }
}

} // namespace

double wldWorldY(std::uint8_t heightIndex) {
    return -static_cast<double>(kWldHeightTable[heightIndex & 0x7F]);
}

bool isWldWaterTexture(std::uint8_t textureIndex) {
    std::uint8_t t = textureIndex & 0x3F;
    return t == 0 || t == 5 || t == 30 || t == 31;
}

Wld readWld(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    Wld wld;
    for (std::size_t i = 0; i < kWldHeaderDwords; ++i)
        wld.header[i] = r.u32("header dword " + std::to_string(i));
    expectDword(r, wld, kColsDword, 2, "header section_cols");
    expectDword(r, wld, kRowsDword, 2, "header section_rows");
    expectDword(r, wld, kFlagDword, 1, "header dword 0x14");
    expectDword(r, wld, kSecHdrSizeDword, static_cast<std::uint32_t>(kWldSectionHeaderSize),
                "header section_header_size");

    // Sections follow each other directly, as the engine reads them; sec_ofs (0x90..0x9F) is
    // kept raw but, like in the engine, not used.
    for (std::size_t s = 0; s < 4; ++s) {
        const std::string prefix = "section " + std::to_string(s) + " ";
        r.require(kWldSectionSize, prefix + "(65558 bytes)");
        WldSection& sec = wld.sections[s];
        for (std::size_t w = 0; w < kWldSectionHeaderWords; ++w)
            sec.header[w] = r.u16(prefix + "header");
        for (int p = 1; p <= 4; ++p) {
            ByteSpan plane = r.bytes(kWldPlaneBytes, prefix + kPlaneNames[p - 1]);
            planeOf(sec, p).assign(plane.begin(), plane.end());
        }
    }
    ByteSpan rest = r.bytes(r.remaining(), "footer");
    wld.footer.assign(rest.begin(), rest.end());
    return wld;
}

Bytes writeWld(const Wld& wld) {
    checkPlanes(wld);
    ByteWriter w;
    w.reserve(kWldHeaderSize + 4 * kWldSectionSize + wld.footer.size());
    for (std::uint32_t v : wld.header)
        w.u32(v);
    for (const WldSection& sec : wld.sections) {
        for (std::uint16_t v : sec.header)
            w.u16(v);
        for (int p = 1; p <= 4; ++p)
            w.bytes(planeOf(sec, p));
    }
    w.bytes(wld.footer);
    return w.take();
}

WldTileIndex wldTileIndex(std::size_t row, std::size_t column) {
    return {(row / kWldTileSize) * 2 + column / kWldTileSize,
            (row % kWldTileSize) * kWldTileSize + column % kWldTileSize};
}

std::vector<std::uint8_t> wldCombinedPlane(const Wld& wld, int plane) {
    if (plane < 1 || plane > 4) {
        throw Error("<memory>", Error::kNoOffset, "plane", "plane " + std::to_string(plane) + " is not 1..4");
    }
    checkPlanes(wld);
    std::vector<std::uint8_t> out(kWldGridCells);
    for (std::size_t row = 0; row < kWldGridSize; ++row) {
        for (std::size_t col = 0; col < kWldGridSize; ++col) {
            WldTileIndex t = wldTileIndex(row, col);
            out[row * kWldGridSize + col] = planeOf(wld.sections[t.section], plane)[t.index];
        }
    }
    return out;
}

WldGrids wldGrids(const Wld& wld) {
    std::vector<std::uint8_t> heights = wldCombinedPlane(wld, 1);
    std::vector<std::uint8_t> textures = wldCombinedPlane(wld, 3);
    WldGrids g;
    g.heightIndex.resize(kWldGridCells);
    g.textureIndex.resize(kWldGridCells);
    g.rotation.resize(kWldGridCells);
    for (std::size_t i = 0; i < kWldGridCells; ++i) {
        g.heightIndex[i] = heights[i] & 0x7F;
        g.textureIndex[i] = textures[i] & 0x3F;
        g.rotation[i] = static_cast<std::uint8_t>(textures[i] >> 6);
    }
    return g;
}

Wld makeWld(const WldGrids& grids) {
    auto checkGrid = [](const std::vector<std::uint8_t>& grid, unsigned limit, const char* name) {
        if (grid.size() != kWldGridCells) {
            throw Error("<memory>", Error::kNoOffset, name,
                        "grid has " + std::to_string(grid.size()) + " entries, expected 65536");
        }
        for (std::size_t i = 0; i < grid.size(); ++i) {
            if (grid[i] >= limit) {
                throw Error("<memory>", Error::kNoOffset, name,
                            "value " + std::to_string(grid[i]) + " at index " + std::to_string(i) +
                                " is not below " + std::to_string(limit));
            }
        }
    };
    checkGrid(grids.heightIndex, 128, "heightIndex");
    checkGrid(grids.textureIndex, 64, "textureIndex");
    checkGrid(grids.rotation, 4, "rotation");

    // The header and section headers of the shipped files (reference, "Header" and "Section
    // Header"), which are byte-identical across all four of them.
    Wld wld;
    wld.header[0] = 16;
    wld.header[kColsDword] = 2;
    wld.header[kRowsDword] = 2;
    wld.header[4] = 160;
    wld.header[kFlagDword] = 1;
    wld.header[kSecHdrSizeDword] = static_cast<std::uint32_t>(kWldSectionHeaderSize);
    wld.header[7] = static_cast<std::uint32_t>(kWldFileSize - kWldFooterSize);
    for (std::size_t s = 0; s < 4; ++s) {
        wld.header[0x90 / 4 + s] = static_cast<std::uint32_t>(kWldHeaderSize + s * kWldSectionSize);
    }
    wld.header[0xA0 / 4] = 0x7F501E19u;
    const std::uint16_t unknown1[4] = {2152, 568, 1308, 10};
    for (std::size_t s = 0; s < 4; ++s) {
        WldSection& sec = wld.sections[s];
        sec.header[0] = unknown1[s];
        sec.header[3] = 302;
        sec.header[4] = 256;
        sec.heights.assign(kWldPlaneBytes, 0);
        sec.plane2.assign(kWldPlaneBytes, 0);
        sec.textures.assign(kWldPlaneBytes, 0);
        sec.plane4.assign(kWldPlaneBytes, 0);
    }
    for (std::size_t row = 0; row < kWldGridSize; ++row) {
        for (std::size_t col = 0; col < kWldGridSize; ++col) {
            std::size_t i = row * kWldGridSize + col;
            WldTileIndex t = wldTileIndex(row, col);
            wld.sections[t.section].heights[t.index] = grids.heightIndex[i];
            wld.sections[t.section].textures[t.index] =
                static_cast<std::uint8_t>(grids.textureIndex[i] | (grids.rotation[i] << 6));
        }
    }
    wld.footer = {0x54, 0x55, 0x4C, 0x4F, 0x28, 0xC0, 0x43, 0x00,
                  0xFF, 0xFF, 0xFF, 0xFF, 0x35, 0x37, 0x04, 0x00};
    return wld;
}

bool wldWaterCell(const WldGrids& grids, std::size_t row, std::size_t column) {
    const auto& t = grids.textureIndex;
    const std::size_t i = row * kWldGridSize + column;
    return isWldWaterTexture(t[i]) && isWldWaterTexture(t[i + 1]) && isWldWaterTexture(t[i + kWldGridSize]) &&
           isWldWaterTexture(t[i + kWldGridSize + 1]);
}

std::size_t wldWaterCells(const WldGrids& grids) {
    if (grids.textureIndex.size() != kWldGridCells) {
        throw Error("<memory>", Error::kNoOffset, "textureIndex",
                    "grid has " + std::to_string(grids.textureIndex.size()) + " entries, expected 65536");
    }
    std::size_t count = 0;
    for (std::size_t row = 0; row + 1 < kWldGridSize; ++row)
        for (std::size_t col = 0; col + 1 < kWldGridSize; ++col)
            count += wldWaterCell(grids, row, col) ? 1 : 0;
    return count;
}

} // namespace rgx::loaders
