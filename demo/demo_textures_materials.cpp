// Model materials (TEXBSI.170, .171) and MPSF flats (TEXBSI.172) at the catalog's sizes.
#include "demo/demo_noise.h"
#include "demo/demo_textures_internal.h"

namespace rgx::demo::textures {

using noise::Canvas;

namespace {

Picture plain(int w, int h, Ramp ramp, std::uint32_t seed, bool cutOut) {
    Canvas c(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (cutOut && (x + y) % 5 == 0) continue;
            c.put(x, y, ramp, noise::ditherShade(noise::fbm(x, y, 8, 3, w, h, seed), 5, 12, x, y));
        }
    Picture p;
    p.width = w;
    p.height = h;
    p.frames.push_back(std::move(c.px));
    return p;
}

} // namespace

Picture materialPicture(Material material, std::uint32_t seed) {
    const TextureRef ref = materialTexture(material);
    if (material == Material::WaterSurface) return waterPicture(ref.width, ref.height, 8, 0, seed);
    return plain(ref.width, ref.height, Ramp::Stone, seed, material == Material::PalmLeaves);
}

Picture flatPicture(int flatImage, std::uint32_t seed) {
    const TextureRef ref = flatTexture(flatImage);
    return plain(ref.width, ref.height, Ramp::Foliage, seed, true);
}

} // namespace rgx::demo::textures
