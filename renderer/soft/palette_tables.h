#pragma once
// The tables the 8-bit renderer shades through (docs/software.md "Tables"): everything after the
// rasterizer is a table look-up from a palette index, as the era's renderers did. Built once per
// world palette by nearest colour in CIE L*a*b* (the distance a viewer sees; the reference does
// not say how the original built its tables).
//
// Index 0 is the colour key (transparent) in every texture: it maps to itself and is never the
// result of a look-up of another index.

#include "loaders/palette.h"
#include "scene/look_environment.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace rgx::renderer::soft {

// Light levels of the shade table: level kShadeUnit is the colour as it is (light 1.0), level 0
// black, and levels above brighten up to light (kShadeLevels - 1) / kShadeUnit (the Glide path's
// light reaches 2: ambient + sun, clamped per channel in both looks).
inline constexpr int kShadeLevels = 64;
inline constexpr int kShadeUnit = 32;

// The palette index (1..255) nearest to an RGB colour in L*a*b* (ties: the lowest index).
std::uint8_t nearestIndex(const loaders::Palette256& palette, std::uint8_t r, std::uint8_t g, std::uint8_t b);

// The index missing textures and placeholder models are drawn in: magenta, as the Glide look
// draws them (docs/software.md "Shading", Missing). An entry of `palette` that is already (255, 0, 255);
// else the entry nothing draws as it is (`used[i]` false: no texel, solid colour or fill takes
// index i) that lies nearest another entry (the one least missed), turned magenta in `palette`.
// Index 0, the colour key, is never taken. Nothing when every entry is used.
std::optional<std::uint8_t> reserveMagenta(loaders::Palette256& palette, const std::array<bool, 256>& used);

// For each index of `from`, the nearest index of `to` (index 0, the colour key, stays 0): how a
// texture with its own palette (an animated image's CMAP) is drawn in the world palette.
std::array<std::uint8_t, 256> remapPalette(const loaders::Palette256& from, const loaders::Palette256& to);

// A table of levels x 256 palette indices: row `level` maps an index to its shaded or hazed index.
struct LevelTable {
    std::vector<std::uint8_t> entries; // level-major
    std::uint8_t at(int level, std::uint8_t index) const {
        return entries[static_cast<std::size_t>(level) * 256 + index];
    }
};

// kShadeLevels x 256: row L maps index i to the index nearest to palette[i] * L / kShadeUnit
// (each channel clamped to 255).
using ShadeTable = LevelTable;
ShadeTable buildShadeTable(const loaders::Palette256& palette);

// The level of a light value (0..2 and more; negative and NaN are 0): floor(light * kShadeUnit +
// threshold), clamped; threshold 0.5 rounds, an ordered-dither threshold (0..1) dithers.
int shadeLevel(float light, float threshold = 0.5f);
// The same from a light in fixed point with `fractionBits` fraction bits (the rasterizer's 16.16):
// floor(light * kShadeUnit + threshold) in integers, threshold in the same fixed point.
// Inline: it runs for every pixel.
inline int shadeLevelFixed(std::int64_t light, std::int64_t threshold, int fractionBits) {
    const std::int64_t scaled = light * kShadeUnit + threshold;
    if (scaled < (std::int64_t{1} << fractionBits)) return 0;
    return static_cast<int>(std::min<std::int64_t>(kShadeLevels - 1, scaled >> fractionBits));
}

// Haze levels: level 0 is the colour as it is, level kHazeLevels - 1 the haze colour
// (world_fogrgb). The haze table index of WORLD.INI's world_haze is not known: one table per
// world, built from its palette and fog colour.
inline constexpr int kHazeLevels = 32;

// kHazeLevels x 256: row L maps index i to the index nearest to
// palette[i] + (haze - palette[i]) * L / (kHazeLevels - 1).
using HazeTable = LevelTable;
HazeTable buildHazeTable(const loaders::Palette256& palette, loaders::ColorRgb haze);

// The same levels from a game's own distance tables (scene::DistanceTables: 64 levels, [0] the most
// fogged): row 0 is every index as it is (the game draws near things untranslated), row L >= 1 the
// game's level 63 - round(L * 63 / (kHazeLevels - 1)), so row kHazeLevels - 1 is its level 0. Index
// 0, the colour key, stays 0, and so does `avoid`, the index the look turned magenta
// (reserveMagenta: missing things stay magenta); an entry the game's table sends to `avoid` or to 0
// goes to the index of `drawn` nearest `original`'s colour there instead. `entries` must hold
// 64 x 256.
HazeTable hazeFromDistanceTables(const std::vector<std::uint8_t>& entries,
                                 const loaders::Palette256& original, const loaders::Palette256& drawn,
                                 std::optional<std::uint8_t> avoid);

// The haze level at a depth w along the view axis: the prepared world's fog density there
// (renderer::FogModel, the rule both looks share) to the nearest of the kHazeLevels levels. Kept
// as one level per kHazeBins-th of the far plane, so a pixel looks its level up instead of
// reading the fog table (level(w) is the level at the start of w's bin; past the far plane,
// the last bin's). No haze without fog.
inline constexpr std::size_t kHazeBins = 4096;
struct HazeRamp {
    std::vector<std::uint8_t> levels; // kHazeBins, or empty: no haze
    double scale = 0;                 // bins per unit of depth
    double farPlane = 0;              // what the bins span
    int level(double depth) const {
        if (levels.empty() || !(depth > 0)) return 0; // also NaN
        const double bin = depth * scale;
        return bin >= static_cast<double>(kHazeBins - 1) ? levels.back()
                                                         : levels[static_cast<std::size_t>(bin)];
    }
};
// density: the fog density (0..1) at a depth; makes the bins over [0, farPlane].
HazeRamp hazeRamp(const std::function<float(double)>& density, double farPlane);

// 15-bit RGB (5 bits a channel, r in the high bits) -> nearest index: where blended colours go
// back into the palette (translucent and additive render modes).
struct RgbIndexTable {
    std::vector<std::uint8_t> entries; // 32768
    std::uint8_t at(std::uint8_t r, std::uint8_t g, std::uint8_t b) const {
        return entries[(static_cast<std::size_t>(r >> 3) << 10) | (static_cast<std::size_t>(g >> 3) << 5) |
                       static_cast<std::size_t>(b >> 3)];
    }
};
RgbIndexTable buildRgbIndexTable(const loaders::Palette256& palette);

// A translucent blend of colour a over colour b with weight alpha, per channel:
// round(b + (a - b) * alpha).
std::uint8_t blendChannel(std::uint8_t a, std::uint8_t b, float alpha);

// 256 x 256: entry [src * 256 + dst] is the index nearest (through rgb) to palette[src] blended
// over palette[dst] with blendChannel: the translucent render modes as one lookup a pixel.
std::vector<std::uint8_t> buildBlendTable(const loaders::Palette256& palette, const RgbIndexTable& rgb,
                                          float alpha);

} // namespace rgx::renderer::soft
