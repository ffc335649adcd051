#pragma once
// A camera path: cameras at times, flown between (`rgx bench --path`, and what the explorer
// records). Between two keys the position, pitch and field of view move linearly and the heading
// turns the shorter way round (given within -180..180); at a key, before the first and after the
// last the camera is the key's.

#include "view/camera.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::view {

struct CameraKey {
    double time = 0; // seconds from the path's start
    Camera camera;
    bool operator==(const CameraKey&) const = default;
};

struct CameraPath {
    std::vector<CameraKey> keys; // by time, no two at the same time
    // The world it was flown in (a WORLD.INI id), when known: a path's coordinates mean nothing in
    // another world.
    std::optional<std::int64_t> world;
    double duration() const { return keys.empty() ? 0.0 : keys.back().time - keys.front().time; }
};

// Throws rgx::Error naming `source` and the key when the path has no key, a time or camera value
// is not finite, or the times do not increase.
void checkCameraPath(const CameraPath& path, const std::string& source);

// The camera at `time` (a checked path with at least one key).
Camera cameraAt(const CameraPath& path, double time);

} // namespace rgx::view
