// PAL.PAL and the colour translation tables (the software look's shading and fog).
#include "loaders/daggerfall/palette.h"
#include "demo/daggerfall/parts.h"
#include "demo/demo_palettes.h"

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;

void addPalettes(Arena2Tree& tree) {
    // The demo's day ramps (demo_catalog.h): 16 ramps of 16 shades holding exactly the colours a
    // town and a dungeon need (stone, wood, roof, grass, skin, fire, ...); index 0 black.
    const rgx::loaders::Palette256 palette = demoPalette(PaletteKind::Day);
    tree["PAL.PAL"] = ld::writePal(palette);
    // The real files' variants are not documented; here .000 is for day, .001 for night.
    tree["SHADE.000"] = ld::writeColourTranslation(ld::deriveColourTranslation(palette, {0, 0, 0}));
    tree["SHADE.001"] = ld::writeColourTranslation(ld::deriveColourTranslation(palette, {6, 8, 24}));
    tree["HAZE.000"] = ld::writeColourTranslation(ld::deriveColourTranslation(palette, {176, 186, 196}));
    tree["HAZE.001"] = ld::writeColourTranslation(ld::deriveColourTranslation(palette, {40, 44, 64}));
}

} // namespace rgx::demo::daggerfall
