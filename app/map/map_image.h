#pragma once
// Drawing on a map's RGBA picture: filled discs, rectangles, lines and text (the labels, the
// scale bar and the north arrow of `rgx map`). Text is the renderer's built-in 5 x 7 label font
// (renderer/views/label_font.h, the model catalogue's): capitals, digits and some punctuation.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rgx::app {

using Rgb = std::array<std::uint8_t, 3>;

// An RGBA8 picture, rows top to bottom. Every draw clips to it.
struct MapImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;

    void set(int x, int y, const Rgb& c) {
        if (x < 0 || y < 0 || x >= width || y >= height) return;
        std::uint8_t* p = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
        p[0] = c[0];
        p[1] = c[1];
        p[2] = c[2];
        p[3] = 255;
    }
    Rgb at(int x, int y) const {
        const std::uint8_t* p = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
        return {p[0], p[1], p[2]};
    }
};

void fillRect(MapImage& image, int x0, int y0, int x1, int y1, const Rgb& c); // [x0, x1) x [y0, y1)
// A disc of `radius` round pixel (cx, cy) with a one-pixel ring of `outline` round it.
void fillDisc(MapImage& image, int cx, int cy, int radius, const Rgb& fill, const Rgb& outline);
void drawLine(MapImage& image, int x0, int y0, int x1, int y1, const Rgb& c);

// Text metrics and drawing. The box is [x, x + width) x [y, y + height); lower case draws in
// capitals, what the font lacks as '?'.
struct TextSize {
    int width = 0, height = 0;
};
TextSize measureText(const std::string& text);
// The text at (x, y) (its box's top-left) in `color`, with a one-pixel `halo` round every glyph
// pixel so it reads over any ground.
void drawText(MapImage& image, int x, int y, const std::string& text, const Rgb& color, const Rgb& halo);

} // namespace rgx::app
