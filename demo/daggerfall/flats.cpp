// Flats: billboards standing on their bottom edge, index 0 around the shape. The torch is
// animated (four frames of flame).
#include "demo/daggerfall/catalog.h"
#include "demo/daggerfall/paint.h"
#include "demo/daggerfall/parts.h"

#include <algorithm>
#include <cstdlib>

namespace rgx::demo::daggerfall {

using namespace paint;

namespace {

void rect(Canvas& c, int x0, int y0, int x1, int y1, Ramp ramp, int shade) {
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            plot(c, x, y, ramp, shade);
}

// A flame whose tip sways with the frame: bright core, darker rim.
void flame(Canvas& c, int cx, int baseY, int height, int frame) {
    static constexpr int kSway[4] = {0, 1, 0, -1};
    for (int y = baseY - height; y <= baseY; ++y) {
        const int t = baseY - y; // 0 at the base .. height at the tip
        const int half = std::max(0, (height - t) * 4 / height - (t > height * 3 / 4 ? 1 : 0));
        const int mid = cx + kSway[frame % 4] * t / std::max(1, height / 2);
        for (int x = mid - half; x <= mid + half; ++x) {
            const int edge = std::abs(x - mid) * 4 / std::max(1, half + 1);
            plot(c, x, y, Ramp::Fire, 15 - edge - t * 4 / height);
        }
    }
}

Picture torch() {
    Picture p{16, 32, {}};
    for (int f = 0; f < 4; ++f) {
        Canvas c(16, 32);
        rect(c, 7, 14, 9, 32, Ramp::Wood, 5);
        rect(c, 7, 14, 8, 32, Ramp::Wood, 7);
        rect(c, 6, 12, 10, 15, Ramp::Metal, 6);
        flame(c, 8, 12, 9 + (f % 2) * 2, f);
        p.frames.push_back(std::move(c.px));
    }
    return p;
}

Picture lampPost() {
    Canvas c(16, 96);
    rect(c, 7, 24, 9, 96, Ramp::Metal, 5);
    rect(c, 7, 24, 8, 96, Ramp::Metal, 8);
    rect(c, 4, 90, 12, 96, Ramp::Stone, 6); // base
    rect(c, 3, 8, 13, 24, Ramp::Metal, 3);  // lantern frame
    rect(c, 5, 10, 11, 22, Ramp::Fire, 13);
    rect(c, 7, 12, 9, 20, Ramp::Fire, 15);
    rect(c, 2, 5, 14, 8, Ramp::Metal, 6); // cap
    return Picture{16, 96, {std::move(c.px)}};
}

Picture oak() {
    Canvas c(64, 128);
    for (int y = 56; y < 128; ++y) { // the trunk, flaring at the root
        const int half = 4 + std::max(0, y - 112) / 3;
        for (int x = 32 - half; x < 32 + half; ++x)
            plot(c, x, y, Ramp::Wood,
                 3 + ((x - 32 + half) * 4) / (2 * half) + static_cast<int>(noise::hash2(x, y, 5) % 2));
    }
    // The crown: overlapping clumps, the upper left ones lit.
    static constexpr int kClumps[7][3] = {{32, 40, 22}, {18, 52, 14}, {46, 52, 14}, {24, 26, 14},
                                          {42, 24, 14}, {32, 14, 12}, {32, 58, 12}};
    for (const auto& k : kClumps)
        ellipse(c, k[0], k[1], k[2], k[2] * 4 / 5, Ramp::Foliage, 2, 11);
    for (int i = 0; i < 90; ++i) { // leaf speckle
        const std::uint32_t h = noise::hash2(i, 3, 0x0A4u);
        const int x = static_cast<int>(h % 64), y = static_cast<int>((h >> 8) % 70);
        if (c.at(x, y) != 0) c.put(x, y, Ramp::Foliage, 12);
    }
    return Picture{64, 128, {std::move(c.px)}};
}

Picture pine() {
    Canvas c(48, 128);
    rect(c, 22, 96, 26, 128, Ramp::Wood, 4);
    for (int tier = 0; tier < 4; ++tier) { // four stacked cones, wider towards the ground
        const int top = 4 + tier * 24, bottom = top + 36, halfBase = 10 + tier * 4;
        for (int y = top; y < bottom; ++y) {
            const int half = halfBase * (y - top) / (bottom - top);
            for (int x = 24 - half; x <= 24 + half; ++x)
                plot(c, x, y, Ramp::Foliage,
                     std::max(1, (x < 24 ? 7 : 4) - (y - top) / 12 +
                                     static_cast<int>(noise::hash2(x, y, 9) % 2)));
        }
    }
    return Picture{48, 128, {std::move(c.px)}};
}

Picture bush() {
    Canvas c(48, 32);
    ellipse(c, 16, 20, 13, 11, Ramp::Foliage, 2, 10);
    ellipse(c, 30, 18, 15, 13, Ramp::Foliage, 3, 11);
    return Picture{48, 32, {std::move(c.px)}};
}

Picture rock() {
    Canvas c(32, 24);
    ellipse(c, 16, 14, 14, 10, Ramp::Rock, 3, 11);
    return Picture{32, 24, {std::move(c.px)}};
}

// A tavern sign: a board hanging from a bracket by two chains, a tankard painted on it.
Picture sign() {
    Canvas c(48, 40);
    rect(c, 0, 1, 48, 4, Ramp::Metal, 5);
    for (int y = 4; y < 10; ++y)
        plot(c, 8, y, Ramp::Metal, 9), plot(c, 39, y, Ramp::Metal, 9);
    for (int y = 10; y < 38; ++y)
        for (int x = 4; x < 44; ++x)
            plot(c, x, y, Ramp::Wood, (y == 10 || y == 37 || x == 4 || x == 43) ? 3 : 6 + (y / 6) % 2);
    rect(c, 18, 16, 30, 32, Ramp::Fire, 11); // the tankard
    rect(c, 18, 14, 30, 17, Ramp::Plaster, 14);
    rect(c, 30, 19, 34, 21, Ramp::Fire, 9), rect(c, 32, 21, 34, 28, Ramp::Fire, 9),
        rect(c, 30, 27, 34, 29, Ramp::Fire, 9);
    return Picture{48, 40, {std::move(c.px)}};
}

Picture barrel() {
    Canvas c(24, 32);
    for (int y = 0; y < 32; ++y) {
        const int half = 9 + (y > 3 && y < 28 ? 2 : 0) + (y > 9 && y < 22 ? 1 : 0);
        for (int x = 12 - half; x < 12 + half; ++x) {
            const bool hoop = y == 4 || y == 5 || y == 26 || y == 27;
            plot(c, x, y, hoop ? Ramp::Metal : Ramp::Wood,
                 hoop ? 6 : 4 + (x % 4 == 0 ? 0 : 2) + (x < 12 ? 2 : 0));
        }
    }
    return Picture{24, 32, {std::move(c.px)}};
}

Picture crate() {
    Canvas c(32, 32);
    for (int y = 4; y < 32; ++y) // a 28-unit box standing on the bottom edge
        for (int x = 2; x < 30; ++x) {
            const bool frame = x < 5 || x > 26 || y < 7 || y > 28 || std::abs(x - y + 2) < 2;
            plot(c, x, y, Ramp::Wood, frame ? 4 : 7 + (y / 6) % 2);
        }
    return Picture{32, 32, {std::move(c.px)}};
}

// A standing figure, 72 units tall: head, tunic, arms, legs. The barkeep wears an apron.
Picture person(bool barkeep) {
    Canvas c(32, 72);
    ellipse(c, 16, 8, 5, 6, Ramp::Skin, 6, 12);
    rect(c, 11, 1, 21, 4, Ramp::Wood, barkeep ? 2 : 5); // hair
    rect(c, 14, 13, 18, 16, Ramp::Skin, 7);             // neck
    const Ramp tunic = barkeep ? Ramp::Glass : Ramp::Cloth;
    for (int y = 16; y < 46; ++y) {
        const int half = 7 + (y - 16) / 10;
        for (int x = 16 - half; x < 16 + half; ++x)
            plot(c, x, y, tunic, 5 + (x < 16 ? 2 : 0) + (y < 20 ? 1 : 0));
    }
    rect(c, 6, 17, 9, 40, tunic, 4), rect(c, 23, 17, 26, 40, tunic, 6); // sleeves
    rect(c, 6, 40, 9, 44, Ramp::Skin, 7), rect(c, 23, 40, 26, 44, Ramp::Skin, 9);
    if (barkeep) rect(c, 11, 26, 21, 52, Ramp::Plaster, 13);
    rect(c, 11, 46, 15, 68, Ramp::Wood, 3), rect(c, 17, 46, 21, 68, Ramp::Wood, 4);
    rect(c, 10, 68, 15, 72, Ramp::Grey, 3), rect(c, 17, 68, 22, 72, Ramp::Grey, 3);
    return Picture{32, 72, {std::move(c.px)}};
}

// Editor markers: a coloured frame with a different glyph each, so records tell apart.
Picture marker(int record) {
    static constexpr Ramp kRamps[4] = {Ramp::Cloth, Ramp::Sky, Ramp::Grass, Ramp::Fire};
    Canvas c(16, 16);
    const Ramp ramp = kRamps[record % 4];
    for (int i = 1; i < 15; ++i) // the corners stay transparent
        plot(c, i, 0, ramp, 12), plot(c, i, 15, ramp, 12), plot(c, 0, i, ramp, 12), plot(c, 15, i, ramp, 12);
    for (int b = 0; b < 4; ++b) // the record number in binary, one square per bit
        rect(c, 3 + (b % 2) * 6, 3 + (b / 2) * 6, 7 + (b % 2) * 6, 7 + (b / 2) * 6, ramp,
             (record >> b) & 1 ? 14 : 4);
    return Picture{16, 16, {std::move(c.px)}};
}

} // namespace

Picture flatPicture(std::uint16_t archive, std::uint8_t record) {
    const auto is = [&](TexRef t) { return t.archive == archive && t.record == record; };
    if (is(tex::kTorch)) return torch();
    if (is(tex::kLampPost)) return lampPost();
    if (is(tex::kOak)) return oak();
    if (is(tex::kPine)) return pine();
    if (is(tex::kBush)) return bush();
    if (is(tex::kRock)) return rock();
    if (is(tex::kSign)) return sign();
    if (is(tex::kBarrel)) return barrel();
    if (is(tex::kCrate)) return crate();
    if (is(tex::kCommoner) || is(tex::kBarkeep)) return person(is(tex::kBarkeep));
    if (archive == tex::kMarkers && record <= tex::kStartMarker.record) return marker(record);
    return {};
}

} // namespace rgx::demo::daggerfall
