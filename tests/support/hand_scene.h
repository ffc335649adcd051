#pragma once
// Hand-built scenes for the renderer tests of both looks (tests/renderer/hand_scenes_test.cpp for
// the Glide path, tests/renderer/soft/ for the software renderer): expected pixels are worked out
// from the documented rules, so the scenes are built here, not loaded.

#include "loaders/redguard/texbsi.h"
#include "scene/scene_graph.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace rgx::test {

// A scene and the one texture image its material shows (the scene holds a copy of it).
struct HandScene {
    loaders::TexbsiImage image;
    scene::Scene scene;
};

// A grey ramp: index i is (i, i, i), so every table look-up can be worked out by hand.
loaders::Palette256 greyRampPalette();

// Ambient 32/128 of white and a white sun along +z (engine z is scene z) at 102: a face turned
// towards +z gets light 32/128 + 102/255 = 0.65, one turned away 0.25.
loaders::WorldEntry sunAlongZ();

// Ambient 128/128 of white and no sun: light 1, so a pixel is its palette colour.
loaders::WorldEntry fullAmbient();

// A scene holding one 8x8 texture (`frames`, `animDelayMs` apart) on one mesh: a quad whose
// corners are (x, y, u, v) at depth z, normal +z, drawn as the two triangles `indices`. No nodes.
std::unique_ptr<HandScene> texturedQuadScene(const std::vector<loaders::Bytes>& frames, int animDelayMs,
                                             const float (&corners)[4][4], float z,
                                             const std::array<std::uint32_t, 6>& indices);

// A world with a sky and nothing else (no meshes): WLD named (an outdoor world), world_background
// 0, full ambient, the sun straight south and 45 degrees up (scene (0, 1, 1)), world_sunscale 2048,
// world_sunimgrgb {255, 128, 255}. Every layer is one colour, in the world palette:
//   panorama 64 x 16, index kSkyBlue (no BPAL: the world palette shows it)
//   clouds   8 x 8, index kSkyCloud, world_skyscale 6400 and world_skylevel -1000 (a square of
//            6400 units 1000 above the eye: overhead out to 72 degrees from the zenith)
//   sun      4 x 4, index kSkySun; kSkySunTinted is its colour tinted, (250, 100, 60)
// The other indices are a grey ramp (i, i, i).
inline constexpr std::uint8_t kSkyBlue = 40, kSkyCloud = 41, kSkySun = 42, kSkySunTinted = 43;
scene::Scene skyScene();
// skyScene with two-colour layers, to tell directions apart: the panorama's left half (north to
// south through east) kSkyBlue, its right half kSkyCloud; the cloud image's top half (north)
// kSkyCloud, its bottom half (south) kSkySun.
scene::Scene skyHalvesScene();
// skyScene whose cloud image varies along x: its left half (columns 0-3) kSkyCloud, its right half
// kSkySun, scrolled 100 units a game tick (world_skyspeed 100, sky_move on, 12 ticks a second).
// Straight up at time t the eye sees u = 0.5 - 100 floor(12 t) / 6400 of the image (the texture
// moves east, +x): at 1.34 s (16 ticks) u = 0.25, the middle of the left half (kSkyCloud); at
// 4.01 s (48 ticks) u = -0.25, wrapped 0.75, the middle of the right half (kSkySun).
scene::Scene skyStripesScene();

// A world raining and nothing else: no WLD (no sky, no terrain: the drops fall from 100 above
// the eye's height to 100 below it, so some are seen level), black fill, no fog, full ambient;
// 2000 drops, a sphere of 10000 round the origin. The palette is a grey ramp but for kRainIndex, the rain's
// colour (kRainColor), and kRainOverBlack, half of it (the transparent blend over the black fill).
inline constexpr std::uint8_t kRainIndex = 50, kRainOverBlack = 51;
scene::Scene rainScene();

} // namespace rgx::test
