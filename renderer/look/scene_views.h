#pragma once
// Default viewpoints for a scene when no --camera is given: the model viewer frames the whole
// model (sim::frameBounds); a world is seen from outside its placed objects (statics, actors,
// flats: where the town is, not the middle of the sea), close enough to stay inside the far plane.
// `view` turns the viewpoint around that centre (the tour's views), 90 degrees at a time.

#include "scene/scene_graph.h"
#include "sim/camera.h"

namespace rgx::renderer {

sim::Camera defaultSceneCamera(const scene::Scene& scene, double farPlane, int view = 0);

} // namespace rgx::renderer
