#pragma once
// The free-fly camera, in scene coordinates (docs/coordinates.md: x east, y up, z south, engine
// units, right-handed). Shared by `rgx render --camera`, the explorer and its UI readout, so the
// text form round-trips between them.

#include "scene/scene_graph.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace rgx::view {

struct Camera {
    Vec3 position;
    double yawDeg = 0;   // heading: 0 looks north (-z), 90 looks east (+x)
    double pitchDeg = 0; // up positive, clamped to [-89, 89]
    double fovYDeg = 60;
    // A map's view when set (rgx map, view/map_view.h): straight down, north (-z) up and east (+x)
    // right, orthographic. yawDeg, pitchDeg and fovYDeg are then ignored.
    struct Ortho {
        double height = 1; // scene units the picture's height spans
        double depth = 1;  // depth runs from the camera's height (0) down this far (1)
        bool operator==(const Ortho&) const = default;
    };
    std::optional<Ortho> ortho;
    bool operator==(const Camera&) const = default;
};

// "X,Y,Z,YAW,PITCH" (the `--camera` argument). Throws rgx::Error naming the bad part.
Camera parseCamera(std::string_view text);
// The same five numbers, printed so that parseCamera(formatCamera(c)) reproduces c to 0.001.
std::string formatCamera(const Camera& camera);
// The command-line arguments that give this view: "--camera X,Y,Z,YAW,PITCH", and " --fov DEG"
// when the field of view is not the default (what `rgx render` prints and the explorer copies).
std::string cameraArguments(const Camera& camera);

Vec3 cameraForward(const Camera& camera); // unit vector the camera looks along
Vec3 cameraRight(const Camera& camera);   // unit, horizontal
// Billboards' (flats') axes for a camera: cameraRight across, and this up their image: the vertical,
// or for a map's camera (Camera::ortho) north, so that flats lie on the ground facing up and show
// from above. Both looks turn flats by these.
Vec3 billboardUp(const Camera& camera);
// The orthonormal basis viewMatrix looks along: right (horizontal), up, forward.
struct CameraBasis {
    Vec3 right, up, forward;
};
CameraBasis cameraBasis(const Camera& camera);

// The rays of a perspective view of this aspect (width / height), as projectionMatrix frames it: the ray
// through the view point (x, y), each -1..1 from the left / top edge to the right / bottom
// (Vulkan's NDC, y down), is forward + right * x + down * y (not unit length). The sky's pixel
// rays (renderer/sky/sky.h) and the explorer's picking rays both start here.
struct ViewRays {
    Vec3 forward, right, down;
    Vec3 at(double x, double y) const { return forward + right * x + down * y; }
};
ViewRays viewRays(const Camera& camera, double aspect);

// Column-major 4x4 matrices for Vulkan: the view matrix, and a perspective projection with
// depth 0 at `nearPlane` and 1 at `farPlane` and clip-space y pointing down (Vulkan's framebuffer).
// An orthographic camera (Camera::ortho) gets its own projection: its height and depth, the
// planes given ignored, and w = 1 everywhere.
std::array<float, 16> viewMatrix(const Camera& camera);
std::array<float, 16> projectionMatrix(const Camera& camera, double aspect, double nearPlane,
                                       double farPlane);

// A camera that shows the whole box: from above the south-east, looking at its centre.
Camera frameBounds(const scene::Bounds& bounds, double fovYDeg = 60);

// One frame of free flight: move along forward/right/up by the input axes (each -1..1) at
// `speed` engine units per second (x4 when fast), turn by the given degrees.
struct FlyInput {
    double forward = 0, right = 0, up = 0;
    double yawDeltaDeg = 0, pitchDeltaDeg = 0;
    bool fast = false;
};
void flyCamera(Camera& camera, const FlyInput& input, double dtSeconds, double speed);

} // namespace rgx::view
