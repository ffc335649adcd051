#include "demo/demo_palettes.h"

#include "demo/demo_catalog.h"

#include <array>

namespace rgx::demo {

using rgx::loaders::ColorRgb;
using rgx::loaders::Palette256;

namespace {

// Each day ramp runs through three key colours: shade 0, shade 8 and shade 15. The keys' luma
// increases, and luma is linear in RGB, so every interpolated step brightens too.
struct RampKeys {
    ColorRgb dark, mid, bright;
};
constexpr std::array<RampKeys, 16> kDayRamps = {{
    {{0, 0, 0}, {136, 136, 136}, {255, 255, 255}},    // Grey (shade 0 is black, index 0)
    {{44, 33, 20}, {186, 160, 112}, {252, 238, 200}}, // Sand
    {{12, 30, 8}, {78, 126, 44}, {182, 218, 118}},    // Grass
    {{26, 23, 21}, {112, 104, 94}, {210, 202, 188}},  // Rock
    {{30, 28, 27}, {132, 124, 112}, {226, 218, 202}}, // Stone
    {{30, 17, 8}, {124, 82, 46}, {220, 176, 120}},    // Wood
    {{64, 58, 50}, {196, 186, 166}, {252, 248, 238}}, // Plaster
    {{38, 11, 6}, {164, 64, 38}, {244, 158, 114}},    // Roof
    {{4, 18, 34}, {34, 96, 136}, {176, 228, 242}},    // Water
    {{44, 24, 15}, {156, 100, 70}, {244, 200, 166}},  // Skin
    {{32, 8, 12}, {156, 42, 48}, {240, 168, 156}},    // Cloth
    {{20, 22, 27}, {112, 118, 128}, {238, 242, 252}}, // Metal
    {{6, 22, 9}, {38, 100, 38}, {156, 214, 96}},      // Foliage
    {{24, 44, 96}, {92, 152, 218}, {226, 240, 255}},  // Sky
    {{48, 4, 0}, {224, 96, 14}, {255, 250, 206}},     // Fire
    {{10, 26, 36}, {82, 142, 164}, {222, 250, 255}},  // Glass
}};

std::uint8_t lerp8(int a, int b, int num, int den) {
    return static_cast<std::uint8_t>(a + (b - a) * num / den);
}

ColorRgb lerpColor(const ColorRgb& a, const ColorRgb& b, int num, int den) {
    return {lerp8(a.r, b.r, num, den), lerp8(a.g, b.g, num, den), lerp8(a.b, b.b, num, den)};
}

Palette256 dayPalette() {
    Palette256 p{};
    for (int ramp = 0; ramp < 16; ++ramp) {
        const RampKeys& k = kDayRamps[static_cast<std::size_t>(ramp)];
        for (int s = 0; s < 16; ++s) {
            p[static_cast<std::size_t>(ramp * 16 + s)] =
                s <= 8 ? lerpColor(k.dark, k.mid, s, 8) : lerpColor(k.mid, k.bright, s - 8, 7);
        }
    }
    return p;
}

std::uint8_t clamp8(int v) {
    return static_cast<std::uint8_t>(v < 0 ? 0 : v > 255 ? 255 : v);
}

// c * keep% + luma * tint%: the same keep factor on every channel keeps the new luma a fixed
// multiple of the old one, so ramps stay ordered whatever the tint.
ColorRgb relight(const ColorRgb& c, int keepPercent, const std::array<int, 3>& tintPercent) {
    const int luma = paletteLuma(c) / 1000;
    return {clamp8((c.r * keepPercent + luma * tintPercent[0]) / 100),
            clamp8((c.g * keepPercent + luma * tintPercent[1]) / 100),
            clamp8((c.b * keepPercent + luma * tintPercent[2]) / 100)};
}

Palette256 nightPalette() {
    Palette256 p = dayPalette();
    for (int ramp = 0; ramp < 16; ++ramp) {
        // Fire stays as by day: torches and lit windows are what glows at night.
        if (ramp == static_cast<int>(Ramp::Fire)) continue;
        for (int s = 0; s < 16; ++s) {
            // The brightest shades keep more of their light (moonlit highlights, stars); the keep
            // factor never falls as the shade rises, so the ramp stays ordered.
            const int keep = 22 + (s > 10 ? (s - 10) * 7 : 0);
            auto& c = p[static_cast<std::size_t>(ramp * 16 + s)];
            c = relight(c, keep, {4, 10, 26});
        }
    }
    return p;
}

Palette256 dungeonPalette() {
    Palette256 p = dayPalette();
    for (int ramp = 0; ramp < 16; ++ramp) {
        if (ramp == static_cast<int>(Ramp::Fire)) continue;
        for (int s = 0; s < 16; ++s) {
            auto& c = p[static_cast<std::size_t>(ramp * 16 + s)];
            c = relight(c, 46, {30, 14, 0});
        }
    }
    return p;
}

} // namespace

int paletteLuma(const ColorRgb& c) {
    return 299 * c.r + 587 * c.g + 114 * c.b;
}

Palette256 demoPalette(PaletteKind kind) {
    switch (kind) {
    case PaletteKind::Day:
        return dayPalette();
    case PaletteKind::Night:
        return nightPalette();
    case PaletteKind::Dungeon:
        return dungeonPalette();
    }
    return dayPalette();
}

Palette256 toVga6(const Palette256& palette) {
    Palette256 out{};
    for (std::size_t i = 0; i < palette.size(); ++i) {
        out[i] = {static_cast<std::uint8_t>(palette[i].r >> 2), static_cast<std::uint8_t>(palette[i].g >> 2),
                  static_cast<std::uint8_t>(palette[i].b >> 2)};
    }
    return out;
}

} // namespace rgx::demo
