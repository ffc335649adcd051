#pragma once
// Hand-built scenes for the renderer tests of both looks (tests/renderer/hand_scenes_test.cpp for
// the Glide path, tests/renderer/soft/ for the software renderer): expected pixels are worked out
// from the documented rules, so the scenes are built here, not loaded.

#include "loaders/texbsi.h"
#include "scene/scene_graph.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace rgx::test {

// A scene and the one texture image its material shows (the scene keeps a pointer to it).
struct HandScene {
    loaders::TexbsiImage image;
    scene::Scene scene;
};

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

} // namespace rgx::test
