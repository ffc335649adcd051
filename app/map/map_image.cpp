#include "app/map/map_image.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace rgx::app {

namespace {

// The font's alpha atlas and glyphs, built once per process.
struct Font {
    ImFontAtlas atlas;
    ImFont* font = nullptr;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    int lineHeight = 13;
};

const Font& font() {
    static Font* f = [] {
        auto* made = new Font; // kept for the process: glyphs are looked up by every label
        made->font = made->atlas.AddFontDefault();
        made->atlas.GetTexDataAsAlpha8(&made->pixels, &made->width, &made->height);
        made->lineHeight = static_cast<int>(std::ceil(made->font->FontSize));
        return made;
    }();
    return *f;
}

const ImFontGlyph* glyphOf(const Font& f, unsigned char c) {
    const ImFontGlyph* g = f.font->FindGlyphNoFallback(static_cast<ImWchar>(c));
    return g ? g : f.font->FindGlyph(static_cast<ImWchar>('?'));
}

// Calls plot(x, y) for each pixel of the text's glyphs whose coverage is at least half.
template <typename Plot> void forEachTextPixel(int x, int y, const std::string& text, Plot plot) {
    const Font& f = font();
    float pen = 0;
    for (const char ch : text) {
        const ImFontGlyph* g = glyphOf(f, static_cast<unsigned char>(ch));
        if (!g) continue;
        if (g->Visible) {
            const int gx0 = static_cast<int>(std::lround(g->U0 * f.width));
            const int gy0 = static_cast<int>(std::lround(g->V0 * f.height));
            const int gw = static_cast<int>(std::lround((g->U1 - g->U0) * f.width));
            const int gh = static_cast<int>(std::lround((g->V1 - g->V0) * f.height));
            const int ox = x + static_cast<int>(std::lround(pen + g->X0));
            const int oy = y + static_cast<int>(std::lround(g->Y0));
            for (int j = 0; j < gh; ++j)
                for (int i = 0; i < gw; ++i)
                    if (f.pixels[static_cast<std::size_t>(gy0 + j) * f.width + gx0 + i] >= 128)
                        plot(ox + i, oy + j);
        }
        pen += g->AdvanceX;
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
    const Font& f = font();
    float pen = 0;
    for (const char ch : text)
        if (const ImFontGlyph* g = glyphOf(f, static_cast<unsigned char>(ch))) pen += g->AdvanceX;
    return {static_cast<int>(std::ceil(pen)), f.lineHeight};
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
