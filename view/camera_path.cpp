#include "view/camera_path.h"

#include "base/error.h"

#include <algorithm>
#include <cmath>

namespace rgx::view {

void checkCameraPath(const CameraPath& path, const std::string& source) {
    if (path.keys.empty()) throw Error(source, Error::kNoOffset, "keys", "the camera path has no key");
    for (std::size_t i = 0; i < path.keys.size(); ++i) {
        const CameraKey& k = path.keys[i];
        const Camera& c = k.camera;
        const std::string field = "keys[" + std::to_string(i) + "]";
        for (double v : {k.time, c.position.x, c.position.y, c.position.z, c.yawDeg, c.pitchDeg, c.fovYDeg})
            if (!std::isfinite(v))
                throw Error(source, Error::kNoOffset, field, "a value is not a finite number");
        if (c.fovYDeg <= 0 || c.fovYDeg >= 180)
            throw Error(source, Error::kNoOffset, field,
                        "the field of view must be between 0 and 180 degrees");
        if (i > 0 && !(k.time > path.keys[i - 1].time))
            throw Error(source, Error::kNoOffset, field,
                        "time " + std::to_string(k.time) + " does not come after the previous key's " +
                            std::to_string(path.keys[i - 1].time) + " (keys must be in increasing time)");
    }
}

Camera cameraAt(const CameraPath& path, double time) {
    const std::vector<CameraKey>& keys = path.keys;
    if (keys.empty()) return {};
    if (!(time > keys.front().time)) return keys.front().camera;
    if (time >= keys.back().time) return keys.back().camera;
    const auto next = std::upper_bound(keys.begin(), keys.end(), time,
                                       [](double t, const CameraKey& k) { return t < k.time; });
    const CameraKey& b = *next;
    const CameraKey& a = *(next - 1);
    const double s = (time - a.time) / (b.time - a.time);
    const auto lerp = [s](double x, double y) { return x + (y - x) * s; };
    Camera c;
    c.position = {lerp(a.camera.position.x, b.camera.position.x),
                  lerp(a.camera.position.y, b.camera.position.y),
                  lerp(a.camera.position.z, b.camera.position.z)};
    // The shorter way round: the turn taken into -180..180.
    const double turn = std::remainder(b.camera.yawDeg - a.camera.yawDeg, 360.0);
    c.yawDeg = std::remainder(a.camera.yawDeg + turn * s, 360.0); // within -180..180
    c.pitchDeg = lerp(a.camera.pitchDeg, b.camera.pitchDeg);
    c.fovYDeg = lerp(a.camera.fovYDeg, b.camera.fovYDeg);
    return c;
}

} // namespace rgx::view
