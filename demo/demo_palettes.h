#pragma once
// The demo's three palettes (fxart/ISLAND.COL, NIGHT.COL, DUNGEON.COL).
//
// Layout (demo_catalog.h): 16 ramps x 16 shades, index = ramp * 16 + shade, shade 0 darkest ..
// 15 brightest. Within every ramp the luminance never decreases with the shade, so an 8-bit
// renderer can light and fog a texel by moving along its ramp. Index 0 is black (and transparent
// in images). The palettes do not depend on the seed: the same ramps in every demo.

#include "loaders/redguard/col.h"

namespace rgx::demo {

enum class PaletteKind { Day, Night, Dungeon };

// The palette of one kind (8-bit components).
rgx::loaders::Palette256 demoPalette(PaletteKind kind);

// Rec. 601 luma times 1000 (0..255000), the brightness measure the ramps are ordered by.
int paletteLuma(const rgx::loaders::ColorRgb& c);

// The palette with each component shifted right by 2: the 6-bit VGA values GXA BPAL stores.
rgx::loaders::Palette256 toVga6(const rgx::loaders::Palette256& palette);

} // namespace rgx::demo
