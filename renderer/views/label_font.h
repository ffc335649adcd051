#pragma once
// A built-in 5 x 7 pixel font for labels drawn into pictures (the model catalogue's thumbnails,
// renderer/views/catalog_sheet.h): the game's FNT fonts need a game directory, and a model can be
// shown without one. Capitals, digits and a little punctuation; lower case is drawn in capitals,
// anything else as '?'.

#include "renderer/look_renderer.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace rgx::renderer {

inline constexpr int kGlyphWidth = 5, kGlyphHeight = 7;
inline constexpr int kGlyphAdvance = kGlyphWidth + 1; // one column between letters

// Row r's pixels of the glyph for `c`, the leftmost in bit 4.
const std::array<std::uint8_t, kGlyphHeight>& glyph5x7(char c);

// The colour text is drawn in: RGBA into the colours, a palette index into the indices.
struct LabelInk {
    std::array<std::uint8_t, 4> rgba{255, 255, 255, 255};
    std::uint8_t index = 0;
};

// Draws `text` with its top-left corner at (x, y), clipped to the picture and to the rectangle
// [clipX0, clipX1) x [clipY0, clipY1): into the picture's colours and its indices, each where the
// picture has them.
void drawLabel(LookPicture& picture, int x, int y, std::string_view text, const LabelInk& ink, int clipX0,
               int clipY0, int clipX1, int clipY1);

} // namespace rgx::renderer
