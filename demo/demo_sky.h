#pragma once
// The demo's sky files: GXA panoramas (system/SKY_DAY.GXA, SKY_NITE.GXA), the scrolling cloud
// layer (fxart/CLOUDS.BSI) and the sun and moon discs (fxart/SUN.BSI, MOON.BSI).
//
// The panoramas carry their palette in BPAL as 6-bit VGA values (the demo palette of their time
// of day, so sky and scene agree) and one RLE frame, rows top (zenith side) to bottom (horizon).
// The .BSI files use the TEXBSI record layout (notes.md) with an IFHD marker, one frame and an
// embedded CMAP, like the game's sky files; index 0 is transparent around discs and between clouds.
// All are pure functions of the seed.

#include "loaders/bytes.h"

#include <cstdint>

namespace rgx::demo::sky {

inline constexpr int kPanoramaWidth = 512, kPanoramaHeight = 128;
inline constexpr int kCloudSize = 128;
inline constexpr int kDiscSize = 32;

rgx::loaders::Bytes skyPanorama(bool night, std::uint32_t seed); // GXA file bytes
rgx::loaders::Bytes cloudLayer(std::uint32_t seed);              // .BSI file bytes
rgx::loaders::Bytes sunDisc(std::uint32_t seed);
rgx::loaders::Bytes moonDisc(std::uint32_t seed);

} // namespace rgx::demo::sky
