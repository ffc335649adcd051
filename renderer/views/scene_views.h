#pragma once
// Default viewpoints for a scene when no --camera is given: the model viewer frames the whole
// model (view::frameBounds); a world is seen from outside its busiest place (the 3 x 3 block of
// 1,024-unit squares holding the most placed objects: the town, not statics strewn over the hills
// or the middle of the sea), 25 degrees up, at most 0.3 of the far plane away over terrain (half
// of it indoors) so the fog leaves it in view. Over terrain the camera rises until its sight line
// clears the ground, trying the eight directions round its own and keeping the lowest. Indoors (no
// terrain) it stands inside the room nearest the busiest place (interior_view.h), or, where it
// finds none, looks down from above the level.
// `view` turns the viewpoint around that centre (the tour's views), 90 degrees at a time.

#include "scene/scene_graph.h"
#include "view/camera.h"
#include "view/camera_path.h"

namespace rgx::renderer {

view::Camera defaultSceneCamera(const scene::Scene& scene, double farPlane, int view = 0);

// The tour's sky view: from view 0's place, turned to the sun disc's heading (the world's sun
// direction; without one, view 0's heading) and raised so that the disc sits in the upper part of
// the picture: pitch = sun elevation - 20 degrees, kept within 5..60.
view::Camera skyViewCamera(const scene::Scene& scene, double farPlane);

// `rgx bench`'s built-in path, deterministic: a flight over the world's bounds (those of its
// placed objects where it has any: the land, not the sea around it), from the south-west to the
// north-east along the diagonal inset by a tenth at each end, heading along the flight and 15
// degrees down, kBenchKeys keys evenly over `seconds`, each kBenchClearance above the highest
// ground along the legs before and after it, so the whole flight clears the ground (indoors: at
// the bounds' middle height, level). A model's scene: round its
// default view.
inline constexpr int kBenchKeys = 9;
inline constexpr double kBenchClearance = 400;
view::CameraPath benchPath(const scene::Scene& scene, double seconds);

} // namespace rgx::renderer
