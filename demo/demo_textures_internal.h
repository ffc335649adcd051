#pragma once
// Internal to the demo textures module (demo_textures*.cpp): the image generators of each bank.
// Every generator is a pure function of its arguments (integer arithmetic only, see demo_noise.h).

#include "demo/demo_catalog.h"
#include "loaders/redguard/texbsi.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rgx::demo::textures {

// The reference's TEXBSI image name for an image of a bank: type letter 'A' + bank / 100, the
// bank's last two digits, the image id in three digits (TEXBSI.302 image 5 -> "D02005"), so
// findTexbsiImage() finds it by id.
std::string imageName(int bank, int imageId);

// Frames (palette indices, index 0 transparent) and timing of one generated image.
struct Picture {
    int width = 0;
    int height = 0;
    std::vector<rgx::loaders::Bytes> frames;
    int animDelayMs = 0;        // per frame, for animated pictures
    std::uint16_t texScale = 0; // 8.8 fixed point, 0 = the engine's 1.0
};

// Wraps a picture into a named TEXBSI image (BSIF when static, IFHD frames when animated).
rgx::loaders::TexbsiImage toImage(int bank, int imageId, Picture picture);

// Animated water (frames loop seamlessly). Styles: open water, shallows over a sandy floor, surf
// (foam bands rolling along y, broken into lace). Pictures made with the same rippleSeed share
// their ripples, so neighbouring terrain cells of different water styles meet without a seam in
// the water itself; detailSeed varies the sea floor and the foam.
inline constexpr int kOpenWater = 0, kShallows = 1, kSurf = 2;
Picture waterPicture(int width, int height, int frameCount, int style, std::uint32_t rippleSeed,
                     std::uint32_t detailSeed);
// Frame `frame` of such a picture; any frame >= 0, so that frame frameCount (which must equal
// frame 0 for a seamless loop) can be checked. width and height must be multiples of frameCount.
rgx::loaders::Bytes waterFrame(int width, int height, int frame, int frameCount, int style,
                               std::uint32_t rippleSeed, std::uint32_t detailSeed);

// Terrain images of TEXBSI.302 in image-id order.
std::vector<rgx::loaders::TexbsiImage> terrainImages(std::uint32_t seed);

// The picture of one catalog material at the catalog's size (dispatches to the two below).
Picture materialPicture(Material material, std::uint32_t seed);
Picture architecturePicture(Material material, std::uint32_t seed); // kArchitectureBank materials
Picture naturePicture(Material material, std::uint32_t seed);       // kNatureBank materials

// The picture of one MPSF flat at the catalog's size (index 0 around the shape).
Picture flatPicture(int flatImage, std::uint32_t seed);

} // namespace rgx::demo::textures
