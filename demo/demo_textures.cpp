// The demo's palettes, texture banks and sky: the addDemoTextures() part of buildDemo().
#include "demo/demo.h"
#include "demo/demo_catalog.h"
#include "demo/demo_palettes.h"
#include "demo/demo_sky.h"
#include "demo/demo_textures_internal.h"
#include "loaders/redguard/col.h"
#include "loaders/redguard/texbsi.h"

#include <cstdio>
#include <map>

namespace rgx::demo {

namespace textures {

std::string imageName(int bank, int imageId) {
    char name[16];
    std::snprintf(name, sizeof name, "%c%02d%03d", 'A' + bank / 100, bank % 100, imageId);
    return name;
}

rgx::loaders::TexbsiImage toImage(int bank, int imageId, Picture picture) {
    return rgx::loaders::makeTexbsiImage(imageName(bank, imageId), picture.width, picture.height,
                                         std::move(picture.frames), std::nullopt, picture.animDelayMs,
                                         picture.texScale);
}

Picture materialPicture(Material material, std::uint32_t seed) {
    return materialTexture(material).textureId == kNatureBank ? naturePicture(material, seed)
                                                              : architecturePicture(material, seed);
}

} // namespace textures

namespace {

std::string fxart(std::string_view name) {
    return "fxart/" + std::string(name);
}

void addPalette(DemoTree& tree, std::string_view name, PaletteKind kind) {
    rgx::loaders::ColFile col;
    col.colors = demoPalette(kind);
    tree[fxart(name)] = rgx::loaders::writeCol(col);
}

} // namespace

void addDemoTextures(DemoTree& tree, const DemoOptions& options) {
    addPalette(tree, kDayPalette, PaletteKind::Day);
    addPalette(tree, kNightPalette, PaletteKind::Night);
    addPalette(tree, kInteriorPalette, PaletteKind::Dungeon);

    // One seed per generated image, drawn in a fixed order so every image changes with the seed.
    DemoRandom seeds(options.seed ^ 0x7E7B51u);

    rgx::loaders::TexbsiFile terrain;
    terrain.images = textures::terrainImages(seeds.next());
    tree[fxart("TEXBSI." + std::to_string(kTerrainBank))] = rgx::loaders::writeTexbsi(terrain);

    // Model and flat banks, images in id order within each bank.
    std::map<int, std::map<int, rgx::loaders::TexbsiImage>> banks;
    for (int m = 0; m < static_cast<int>(Material::Count); ++m) {
        const TextureRef ref = materialTexture(static_cast<Material>(m));
        banks[ref.textureId][ref.imageId] = textures::toImage(
            ref.textureId, ref.imageId, textures::materialPicture(static_cast<Material>(m), seeds.next()));
    }
    for (int f = 0; f < flat::kCount; ++f) {
        const TextureRef ref = flatTexture(f);
        banks[ref.textureId][ref.imageId] =
            textures::toImage(ref.textureId, ref.imageId, textures::flatPicture(f, seeds.next()));
    }
    for (auto& [bank, images] : banks) {
        rgx::loaders::TexbsiFile file;
        for (auto& [id, image] : images)
            file.images.push_back(std::move(image));
        tree[fxart("TEXBSI." + std::to_string(bank))] = rgx::loaders::writeTexbsi(file);
    }

    // Day and night share a seed: the same cloud banks, lit by day and dark against the stars.
    const std::uint32_t skySeed = seeds.next();
    tree["system/" + std::string(kDaySky)] = sky::skyPanorama(false, skySeed);
    tree["system/" + std::string(kNightSky)] = sky::skyPanorama(true, skySeed);
    tree[fxart(kCloudLayer)] = sky::cloudLayer(seeds.next());
    tree[fxart(kSunDisc)] = sky::sunDisc(seeds.next());
    tree[fxart(kMoonDisc)] = sky::moonDisc(seeds.next());
}

} // namespace rgx::demo
