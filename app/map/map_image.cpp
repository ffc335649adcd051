#include "app/map/map_image.h"

#include "renderer/views/label_font.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace rgx::app {

namespace {

// Calls plot(x, y) for each lit pixel of the text's glyphs (renderer/views/label_font.h), its box's
// top-left at (x, y).
template <typename Plot> void forEachTextPixel(int x, int y, const std::string& text, Plot plot) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto& rows = renderer::glyph5x7(text[i]);
        const int left = x + static_cast<int>(i) * renderer::kGlyphAdvance;
        for (int r = 0; r < renderer::kGlyphHeight; ++r)
            for (int c = 0; c < renderer::kGlyphWidth; ++c)
                if (rows[static_cast<std::size_t>(r)] & (0x10 >> c)) plot(left + c, y + r);
    }
}

} // namespace

void fillRect(MapImage& image, int x0, int y0, int x1, int y1, const Rgb& c) {
    for (int y = std::max(y0, 0); y < std::min(y1, image.height); ++y)
        for (int x = std::max(x0, 0); x < std::min(x1, image.width); ++x)
            image.set(x, y, c);
}

void fillDisc(MapImage& image, int cx, int cy, int radius, const Rgb& fill, const Rgb& outline) {
    const int outer = radius + 1;
    for (int dy = -outer; dy <= outer; ++dy)
        for (int dx = -outer; dx <= outer; ++dx) {
            const int d2 = dx * dx + dy * dy;
            if (d2 <= radius * radius)
                image.set(cx + dx, cy + dy, fill);
            else if (d2 <= outer * outer + outer)
                image.set(cx + dx, cy + dy, outline);
        }
}

void drawLine(MapImage& image, int x0, int y0, int x1, int y1, const Rgb& c) {
    const int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
    const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    for (;;) {
        image.set(x0, y0, c);
        if (x0 == x1 && y0 == y1) break;
        const int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
}

TextSize measureText(const std::string& text) {
    const int n = static_cast<int>(text.size());
    return {n > 0 ? n * renderer::kGlyphAdvance - 1 : 0, renderer::kGlyphHeight};
}

void drawText(MapImage& image, int x, int y, const std::string& text, const Rgb& color, const Rgb& halo) {
    forEachTextPixel(x, y, text, [&](int px, int py) {
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                image.set(px + dx, py + dy, halo);
    });
    forEachTextPixel(x, y, text, [&](int px, int py) { image.set(px, py, color); });
}

} // namespace rgx::app
