// The demo's palette and its ten level textures, drawn with integer arithmetic in 128 x 128 texel
// space and point-sampled (every 2nd, 4th, 8th texel) at the smaller sizes.
#include "demo/systemshock/data.h"
#include "demo/systemshock/parts.h"
#include "loaders/systemshock/palette.h"

#include <algorithm>

namespace rgx::demo::systemshock {

namespace {

// The palette's ramps of 32 entries (loaders/systemshock/palette.h standInPalette): index base + t,
// t = 0 (dark) .. 31 (light).
namespace lss = loaders::systemshock;
constexpr int kGrey = lss::kStandInGrey, kSteel = lss::kStandInSteel, kRust = lss::kStandInRust,
              kYellow = lss::kStandInYellow, kGreen = lss::kStandInGreen, kRed = lss::kStandInRed,
              kCyan = lss::kStandInCyan;

std::uint8_t ramp(int base, int t) {
    return static_cast<std::uint8_t>(base + std::clamp(t, 0, 31));
}

// One texel of texture `id` at (u, v), 0..127, v down from the top row.
std::uint8_t texel(int id, int u, int v) {
    switch (id) {
    case 0: { // floor plate: 32-texel steel plates, seams, a lit edge, rivets
        const int pu = u % 32, pv = v % 32;
        if (pu == 0 || pv == 0) return ramp(kSteel, 5);
        if (pu == 1 || pv == 1) return ramp(kSteel, 22);
        if ((pu == 4 || pu == 27) && (pv == 4 || pv == 27)) return ramp(kSteel, 28);
        return ramp(kSteel, 13 + (((u * 7 + v * 13) >> 4) & 3));
    }
    case 1: // floor tread: a diamond pattern in grey
        if ((u + v) % 16 < 2 || (u - v + 128) % 16 < 2) return ramp(kGrey, 20);
        return ramp(kGrey, 8 + ((u ^ v) & 1));
    case 2: { // wall panel: 64-texel grey panels, bevelled, banded
        const int pu = u % 64, pv = v % 64;
        if (pu < 2 || pv < 2) return ramp(kGrey, 4);
        if (pu < 4 || pv < 4) return ramp(kGrey, 24);
        return ramp(kGrey, 14 + (v / 8) % 2 * 2);
    }
    case 3: // wall tech: blue ribs and small cyan lights
        if (u % 32 >= 20 && u % 32 < 24 && v % 32 >= 6 && v % 32 < 10) return ramp(kCyan, 28);
        if (u % 16 < 3) return ramp(kSteel, 20 + u % 16 * 3);
        return ramp(kSteel, 10);
    case 4: { // ceiling grid: dark, grid lines every 16, a light panel in every third cell
        if (u % 16 == 0 || v % 16 == 0) return ramp(kGrey, 18);
        const int cell = u / 32 + v / 32;
        if (cell % 3 == 0 && u % 32 >= 8 && u % 32 < 24 && v % 32 >= 8 && v % 32 < 24) return ramp(kGrey, 31);
        return ramp(kGrey, 5);
    }
    case 5: // warning stripe: yellow and black diagonals
        return (u + v) / 16 % 2 == 0 ? ramp(kYellow, 28) : ramp(kGrey, 2);
    case 6: // grating: steel bars every 8 texels, transparent between
        if (u % 8 < 2 || v % 8 < 2) return ramp(kSteel, 18 + (u % 8 == 0 || v % 8 == 0 ? 6 : 0));
        return 0;
    case 7: { // rust wall: blotches and vertical streaks
        const int blotch = (u * u + v * 3) / 7 % 9;
        return ramp(kRust, 12 + blotch - (u % 23 == 0 ? 8 : 0));
    }
    case 8: // computer wall: a green screen with lines of text in a dark frame
        if (u >= 16 && u < 112 && v >= 16 && v < 80) {
            if (v % 6 < 3 && (u / 4 + v / 6 * 7) % 5 != 0) return ramp(kGreen, 26);
            return ramp(kGreen, 4);
        }
        return ramp(kGrey, 6);
    default: // 9, hazard floor: a red checker
        return (u / 16 + v / 16) % 2 == 0 ? ramp(kRed, 20) : ramp(kRed, 8);
    }
}

} // namespace

loaders::Palette256 demoPalette() {
    return loaders::systemshock::standInPalette();
}

loaders::Bytes demoTexture(int id, int side) {
    loaders::Bytes px;
    px.reserve(static_cast<std::size_t>(side * side));
    const int step = 128 / side;
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            px.push_back(texel(id, x * step, y * step));
    return px;
}

bool demoTextureIsRle(int id) {
    return id == 4 || id == 5 || id == 6 || id == 8;
}

} // namespace rgx::demo::systemshock
