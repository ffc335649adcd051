// CLIMATE.PAK: the climate of every world map pixel, written through loaders/daggerfall/pak.h.
// The demo's town and dungeon stand in the woodlands (temperate ground, TEXTURE.302, as before
// the climate was read); mountains lie to the north and desert to the south of them, so the file
// has more than one run a row where those bands meet the coast.
#include "demo/daggerfall/parts.h"
#include "loaders/daggerfall/pak.h"

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;

rgx::loaders::Bytes climatePak() {
    constexpr int kMountainsBelow = 150, kDesertFrom = 350, kCoastX = 800; // map pixels
    std::vector<std::uint8_t> values(static_cast<std::size_t>(ld::kPakWidth) * ld::kPakHeight);
    for (int y = 0; y < ld::kPakHeight; ++y)
        for (int x = 0; x < ld::kPakWidth; ++x) {
            ld::Climate c = ld::Climate::Woodlands;
            if (x >= kCoastX)
                c = ld::Climate::Ocean;
            else if (y < kMountainsBelow)
                c = ld::Climate::Mountain;
            else if (y >= kDesertFrom)
                c = ld::Climate::Desert;
            values[static_cast<std::size_t>(y) * ld::kPakWidth + static_cast<std::size_t>(x)] =
                static_cast<std::uint8_t>(c);
        }
    return ld::writePak(ld::makePak(values));
}

} // namespace rgx::demo::daggerfall
