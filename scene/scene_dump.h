#pragma once
// Text views of a Scene: the summary `rgx scene` prints, and the full deterministic dump used as
// golden files (every number rounded to 3 decimals, -0 printed as 0, nodes in scene order).

#include "scene/scene_graph.h"

#include <string>

namespace rgx::scene {

// Title, counts per node kind, meshes, vertices, triangles, textures, materials, bounds, warnings.
std::string sceneSummary(const Scene& scene);

// sceneSummary plus one line per mesh (name, source, counts, bounds) and per node (name, kind,
// model, mesh, parent, world matrix rows).
std::string sceneDump(const Scene& scene);

// A number as the dumps print it: fixed 3 decimals, no "-0.000".
std::string formatNumber(double v);

} // namespace rgx::scene
