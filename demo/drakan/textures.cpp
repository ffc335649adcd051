// The Drakan demo's palette and seven 64 x 64 textures, drawn with integer arithmetic as RGBA and
// stored one in each pixel format the text lists (parts.h DemoTexture): what the loaders decode
// and the software look quantises back to the palette.
#include "demo/drakan/parts.h"

#include <algorithm>
#include <array>

namespace rgx::demo::drakan {

namespace dk = loaders::drakan;

namespace {

struct Rgba {
    int r = 0, g = 0, b = 0, a = 255;
};

// The palette: eight ramps of 32 from dark to light, ramp k at indices 32k..32k+31 (index 0, the
// grey ramp's darkest, is black: rgx's looks keep it for "transparent").
constexpr std::array<std::array<int, 6>, 8> kRamps{{
    {8, 8, 8, 240, 240, 232},    // 0 grey
    {10, 30, 6, 150, 220, 90},   // 1 grass
    {30, 18, 8, 190, 140, 90},   // 2 earth
    {60, 50, 30, 236, 216, 160}, // 3 sand
    {40, 20, 6, 220, 150, 80},   // 4 wood
    {20, 24, 34, 190, 196, 214}, // 5 stone
    {4, 20, 8, 90, 170, 70},     // 6 leaves
    {20, 40, 90, 170, 210, 250}, // 7 sky
}};

Rgba ramp(int k, int t) {
    t = std::clamp(t, 0, 31);
    const auto& c = kRamps[static_cast<std::size_t>(k)];
    return {c[0] + (c[3] - c[0]) * t / 31, c[1] + (c[4] - c[1]) * t / 31, c[2] + (c[5] - c[2]) * t / 31, 255};
}

// A small integer hash of a texel, 0..255.
int hash(int u, int v, int salt) {
    unsigned h = static_cast<unsigned>(u) * 73856093u ^ static_cast<unsigned>(v) * 19349663u ^
                 static_cast<unsigned>(salt) * 83492791u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return static_cast<int>(h & 255u);
}

// True-colour texture `id` at texel (u, v), v down from the top row (grass: grassIndex).
Rgba texel(int id, int u, int v) {
    switch (id) {
    case kRock: { // grey-blue rock with dark cracks
        const bool crack = (u * 3 + v * 5 + hash(u / 8, v / 8, 3) % 7) % 29 == 0;
        return crack ? ramp(5, 3) : ramp(5, 12 + hash(u / 2, v / 2, 4) % 9);
    }
    case kDirt: // brown earth with pebbles
        return hash(u, v, 5) % 23 == 0 ? ramp(3, 24) : ramp(2, 12 + hash(u / 3, v / 3, 6) % 7);
    case kPlanks: { // four horizontal planks, grain, dark seams and nails
        const int pv = v % 16;
        if (pv == 0) return ramp(4, 3);
        if ((u == 4 || u == 59) && (pv == 4 || pv == 11)) return ramp(0, 20);
        return ramp(4, 14 + ((u + hash(0, v, 7) % 16) / 6) % 4 + (v / 16) % 2 * 2);
    }
    case kStone: { // masonry: 16 x 8 blocks, offset every other row, mortar lines
        const int row = v / 8, pu = (u + (row % 2) * 8) % 16, pv = v % 8;
        if (pu == 0 || pv == 0) return ramp(3, 8);
        return ramp(5, 16 + hash((u + (row % 2) * 8) / 16, row, 8) % 8 - (pv == 7 ? 4 : 0));
    }
    case kLeaves: { // leaf clusters; the gaps between them transparent
        const int cu = u % 16 - 8, cv = v % 16 - 8;
        const int r2 = cu * cu + cv * cv;
        if (r2 > 40 + hash(u / 16, v / 16, 9) % 20) return {0, 0, 0, 0};
        return ramp(6, 10 + (8 - cv) + hash(u, v, 10) % 5);
    }
    case kBark: // vertical bark ridges
    default:
        return ramp(4, 5 + (u + hash(u / 3, v / 12, 11) % 4) % 6 * 2);
    }
}

// One texel in the texture's pixel format, little-endian, appended to `row`.
void put(loaders::Bytes& row, int id, const Rgba& c) {
    const auto u8 = [](int v) { return static_cast<std::uint8_t>(std::clamp(v, 0, 255)); };
    const auto word = [&](unsigned w) {
        row.push_back(static_cast<std::uint8_t>(w & 0xFF));
        row.push_back(static_cast<std::uint8_t>(w >> 8));
    };
    const auto bits = [](int v, int n) { return static_cast<unsigned>(std::clamp(v, 0, 255)) >> (8 - n); };
    switch (id) {
    case kRock: // R5 G6 B5
        word(bits(c.r, 5) << 11 | bits(c.g, 6) << 5 | bits(c.b, 5));
        break;
    case kStone: // A1 R5 G5 B5
        word((c.a >= 128 ? 1u : 0u) << 15 | bits(c.r, 5) << 10 | bits(c.g, 5) << 5 | bits(c.b, 5));
        break;
    case kLeaves: // A4 R4 G4 B4
        word(bits(c.a, 4) << 12 | bits(c.r, 4) << 8 | bits(c.g, 4) << 4 | bits(c.b, 4));
        break;
    case kBark: // A8 R3 G3 B2
        word(bits(c.a, 8) << 8 | bits(c.r, 3) << 5 | bits(c.g, 3) << 2 | bits(c.b, 2));
        break;
    case kDirt: // R G B
        row.insert(row.end(), {u8(c.r), u8(c.g), u8(c.b)});
        break;
    case kPlanks: // R G B X
        row.insert(row.end(), {u8(c.r), u8(c.g), u8(c.b), 0});
        break;
    default:
        break;
    }
}

struct Format {
    std::uint16_t bits;
    std::uint32_t alphaBits;
    std::uint8_t flags;
};

Format formatOf(int id) {
    switch (id) {
    case kGrass:
        return {8, 0, 0};
    case kRock:
        return {16, 0, 0};
    case kDirt:
        return {24, 0, 0};
    case kPlanks:
        return {32, 0, 0};
    case kStone:
        return {16, 1, dk::kTextureIntegratedAlpha};
    case kLeaves:
        return {16, 4, dk::kTextureIntegratedAlpha};
    default: // kBark
        return {16, 8, dk::kTextureIntegratedAlpha};
    }
}

// The grass, stored as palette indices: blades (light streaks) over a mottled green ramp.
std::uint8_t grassIndex(int u, int v) {
    return static_cast<std::uint8_t>(
        32 + std::clamp(10 + hash(u, v, 1) % 8 + (hash(u, v / 4, 2) % 5 == 0 ? 10 : 0), 0, 31));
}

dk::DrakanTexture demoTexture(int id) {
    const int side = kDemoTextureSide;
    const Format f = formatOf(id);
    const std::uint32_t pitch = static_cast<std::uint32_t>(side) * f.bits / 8;
    loaders::Bytes rows;
    rows.reserve(static_cast<std::size_t>(pitch) * side);
    for (int y = side - 1; y >= 0; --y) { // bottom row first
        for (int x = 0; x < side; ++x) {
            if (id == kGrass)
                rows.push_back(grassIndex(x, y));
            else
                put(rows, id, texel(id, x, y));
        }
    }
    return dk::makeTexture(static_cast<std::uint32_t>(side), static_cast<std::uint32_t>(side), pitch, f.bits,
                           f.alphaBits, f.flags, rows);
}

} // namespace

dk::DrakanPalette demoDrakanPalette() {
    dk::DrakanPalette palette(256);
    for (int i = 0; i < 256; ++i) {
        const Rgba c = i == 0 ? Rgba{0, 0, 0, 255} : ramp(i / 32, i % 32);
        palette[static_cast<std::size_t>(i)] = {static_cast<std::uint8_t>(c.r),
                                                static_cast<std::uint8_t>(c.g),
                                                static_cast<std::uint8_t>(c.b), 0};
    }
    return palette;
}

dk::SrscFile demoTextureDatabase() {
    dk::SrscFile file;
    file.records.push_back({dk::kPaletteRecord, 0, 0, dk::writePaletteRecord(demoDrakanPalette())});
    for (int id = kGrass; id <= kBark; ++id)
        file.records.push_back(
            {dk::kTextureRecord, static_cast<std::uint16_t>(id), 0, dk::writeTextureRecord(demoTexture(id))});
    return file;
}

} // namespace rgx::demo::drakan
