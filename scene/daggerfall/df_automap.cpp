#include "scene/daggerfall/df_automap.h"

#include "scene/daggerfall/df_blocks.h"

namespace rgx::scene::daggerfall {

std::array<double, 2> rmbBlockNorthWest(int bx, int by) {
    return {bx * kRmbSide, -(by + 1) * kRmbSide};
}

std::array<std::uint8_t, 4> automapColour(std::uint8_t value) {
    // DFU's defaults.ini: AutomapTempleColor, ShopColor, TavernColor, HouseColor.
    constexpr std::array<std::uint8_t, 4> kTemple{0x45, 0x7D, 0xC3, 0xFF}, kShop{0xBE, 0x55, 0x18, 0xFF},
        kTavern{0x55, 0x75, 0x30, 0xFF}, kHouse{0x45, 0x3C, 0x28, 0xFF}, kNone{0, 0, 0, 0};
    switch (value) {
    case 0: // background
    case 25:
    case 117:
    case 224:
    case 250:
    case 251: // ship and specials: DFU shows them only in its "show all" mode
        return kNone;
    case 12: // guild hall
    case 15: // temple
        return kTemple;
    case 1:
    case 3:
    case 4:
    case 6:
    case 7:
    case 9:
    case 10:
    case 11:
    case 13:
    case 14: // alchemist, armorer, bank, bookseller, clothier, gems, general store, library, pawn, weapons
        return kShop;
    case 16:
        return kTavern;
    case 2:
    case 5:
    case 8:
    case 17:
    case 18:
    case 19:
    case 20:
    case 21:
    case 22:
    case 23:
    case 24: // houses, the furniture store, the palace
        return kHouse;
    default: // DFU marks what it does not know this way, so it stands out
        return {255, 0, value, 255};
    }
}

} // namespace rgx::scene::daggerfall
