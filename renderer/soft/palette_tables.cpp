#include "renderer/soft/palette_tables.h"

#include <algorithm>
#include <cmath>

namespace rgx::renderer::soft {

namespace {

struct Lab {
    float l = 0, a = 0, b = 0;
};

// sRGB (D65) -> CIE L*a*b*.
Lab toLab(int r8, int g8, int b8) {
    const auto linear = [](int c) {
        const double v = c / 255.0;
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    const double r = linear(r8), g = linear(g8), b = linear(b8);
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) {
        return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
    };
    const double fx = f(x), fy = f(y), fz = f(z);
    return {static_cast<float>(116.0 * fy - 16.0), static_cast<float>(500.0 * (fx - fy)),
            static_cast<float>(200.0 * (fy - fz))};
}

// The palette's colours in L*a*b*, once per table build.
std::array<Lab, 256> labPalette(const loaders::Palette256& palette) {
    std::array<Lab, 256> out;
    for (std::size_t i = 0; i < 256; ++i)
        out[i] = toLab(palette[i].r, palette[i].g, palette[i].b);
    return out;
}

std::uint8_t nearest(const std::array<Lab, 256>& lab, const Lab& c) {
    std::uint8_t best = 1;
    float bestDistance = 1e30f;
    for (int i = 1; i < 256; ++i) {
        const Lab& p = lab[static_cast<std::size_t>(i)];
        const float dl = p.l - c.l, da = p.a - c.a, db = p.b - c.b;
        const float d = dl * dl + da * da + db * db;
        if (d < bestDistance) {
            bestDistance = d;
            best = static_cast<std::uint8_t>(i);
        }
    }
    return best;
}

} // namespace

std::uint8_t nearestIndex(const loaders::Palette256& palette, std::uint8_t r, std::uint8_t g,
                          std::uint8_t b) {
    return nearest(labPalette(palette), toLab(r, g, b));
}

std::optional<std::uint8_t> reserveMagenta(loaders::Palette256& palette, const std::array<bool, 256>& used) {
    constexpr loaders::ColorRgb kMagenta{255, 0, 255};
    for (int i = 1; i < 256; ++i)
        if (palette[static_cast<std::size_t>(i)] == kMagenta) return static_cast<std::uint8_t>(i);
    const auto distance = [&](int a, int b) {
        const loaders::ColorRgb ca = palette[static_cast<std::size_t>(a)],
                                cb = palette[static_cast<std::size_t>(b)];
        const int dr = ca.r - cb.r, dg = ca.g - cb.g, db = ca.b - cb.b;
        return dr * dr + dg * dg + db * db;
    };
    std::optional<std::uint8_t> best;
    int bestDistance = 0;
    for (int i = 1; i < 256; ++i) {
        if (used[static_cast<std::size_t>(i)]) continue;
        int nearestOther = 3 * 255 * 255 + 1;
        for (int j = 0; j < 256; ++j)
            if (j != i) nearestOther = std::min(nearestOther, distance(i, j));
        if (!best || nearestOther < bestDistance) {
            best = static_cast<std::uint8_t>(i);
            bestDistance = nearestOther;
        }
    }
    if (best) palette[*best] = kMagenta;
    return best;
}

namespace {

// levels x 256: row L maps index i to the index nearest to palette[i] with each channel c (0 r,
// 1 g, 2 b) replaced by channel(value, c, L); row `identity` keeps every index as it is (even
// where the palette repeats a colour). Index 0, the colour key, stays 0.
template <typename Channel>
LevelTable buildLevelTable(const loaders::Palette256& palette, int levels, int identity, Channel channel) {
    const std::array<Lab, 256> lab = labPalette(palette);
    LevelTable table;
    table.entries.resize(static_cast<std::size_t>(levels) * 256);
    for (int level = 0; level < levels; ++level) {
        std::uint8_t* row = &table.entries[static_cast<std::size_t>(level) * 256];
        row[0] = 0;
        for (int i = 1; i < 256; ++i) {
            const loaders::ColorRgb c = palette[static_cast<std::size_t>(i)];
            row[i] = level == identity ? static_cast<std::uint8_t>(i)
                                       : nearest(lab, toLab(channel(c.r, 0, level), channel(c.g, 1, level),
                                                            channel(c.b, 2, level)));
        }
    }
    return table;
}

} // namespace

ShadeTable buildShadeTable(const loaders::Palette256& palette) {
    return buildLevelTable(palette, kShadeLevels, kShadeUnit, [](int value, int, int level) {
        return std::min(255, (value * level + kShadeUnit / 2) / kShadeUnit);
    });
}

HazeTable buildHazeTable(const loaders::Palette256& palette, loaders::ColorRgb haze) {
    const int target[3] = {haze.r, haze.g, haze.b};
    return buildLevelTable(palette, kHazeLevels, 0, [&](int value, int channel, int level) {
        return static_cast<int>(
            std::lround(value + (target[channel] - value) * static_cast<double>(level) / (kHazeLevels - 1)));
    });
}

HazeTable hazeFromDistanceTables(const std::vector<std::uint8_t>& entries,
                                 const loaders::Palette256& original, const loaders::Palette256& drawn,
                                 std::optional<std::uint8_t> avoid) {
    constexpr int kLast = static_cast<int>(scene::kDistanceTableLevels) - 1;
    HazeTable table;
    table.entries.resize(static_cast<std::size_t>(kHazeLevels) * 256);
    for (int level = 0; level < kHazeLevels; ++level) {
        const int game =
            kLast - static_cast<int>(std::lround(level * static_cast<double>(kLast) / (kHazeLevels - 1)));
        for (int i = 0; i < 256; ++i) {
            std::uint8_t to = static_cast<std::uint8_t>(i);
            if (level > 0 && i != 0 && !(avoid && i == *avoid)) {
                to = entries[static_cast<std::size_t>(game) * 256 + static_cast<std::size_t>(i)];
                // Neither the magenta index nor the colour key is ever another index's result: the
                // colour the game meant, from the drawn palette (nearestIndex never gives 0).
                if ((avoid && to == *avoid) || to == 0)
                    to = nearestIndex(drawn, original[to].r, original[to].g, original[to].b);
            }
            table.entries[static_cast<std::size_t>(level) * 256 + static_cast<std::size_t>(i)] = to;
        }
    }
    return table;
}

HazeRamp hazeRamp(const std::function<float(double)>& density, double farPlane) {
    HazeRamp ramp;
    if (!(farPlane > 0)) return ramp;
    ramp.farPlane = farPlane;
    ramp.scale = static_cast<double>(kHazeBins) / farPlane;
    ramp.levels.resize(kHazeBins);
    for (std::size_t b = 0; b < kHazeBins; ++b) {
        const float d = std::clamp(density(static_cast<double>(b) / ramp.scale), 0.0f, 1.0f);
        ramp.levels[b] = static_cast<std::uint8_t>(std::lround(d * (kHazeLevels - 1)));
    }
    return ramp;
}

int shadeLevel(float light, float threshold) {
    const float level = light * kShadeUnit + threshold;
    if (!(level >= 1)) return 0; // also NaN
    if (level >= kShadeLevels) return kShadeLevels - 1;
    return static_cast<int>(level); // floor: positive
}

std::array<std::uint8_t, 256> remapPalette(const loaders::Palette256& from, const loaders::Palette256& to) {
    const std::array<Lab, 256> lab = labPalette(to);
    std::array<std::uint8_t, 256> out{};
    for (std::size_t i = 1; i < 256; ++i)
        out[i] = nearest(lab, toLab(from[i].r, from[i].g, from[i].b));
    return out;
}

RgbIndexTable buildRgbIndexTable(const loaders::Palette256& palette) {
    const std::array<Lab, 256> lab = labPalette(palette);
    RgbIndexTable table;
    table.entries.resize(32768);
    for (int r = 0; r < 32; ++r)
        for (int g = 0; g < 32; ++g)
            for (int b = 0; b < 32; ++b) {
                // The 5-bit channel widened to 8 bits (31 -> 255).
                const auto expand = [](int c) { return (c << 3) | (c >> 2); };
                table.entries[static_cast<std::size_t>((r << 10) | (g << 5) | b)] =
                    nearest(lab, toLab(expand(r), expand(g), expand(b)));
            }
    return table;
}

std::uint8_t blendChannel(std::uint8_t a, std::uint8_t b, float alpha) {
    return static_cast<std::uint8_t>(
        std::lround(static_cast<float>(b) + (static_cast<float>(a) - static_cast<float>(b)) * alpha));
}

std::vector<std::uint8_t> buildBlendTable(const loaders::Palette256& palette, const RgbIndexTable& rgb,
                                          float alpha) {
    std::vector<std::uint8_t> table(256 * 256);
    for (int src = 0; src < 256; ++src)
        for (int dst = 0; dst < 256; ++dst) {
            const loaders::ColorRgb s = palette[static_cast<std::size_t>(src)],
                                    d = palette[static_cast<std::size_t>(dst)];
            table[static_cast<std::size_t>(src) * 256 + static_cast<std::size_t>(dst)] = rgb.at(
                blendChannel(s.r, d.r, alpha), blendChannel(s.g, d.g, alpha), blendChannel(s.b, d.b, alpha));
        }
    return table;
}

} // namespace rgx::renderer::soft
