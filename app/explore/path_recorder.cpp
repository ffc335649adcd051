#include "app/explore/path_recorder.h"

#include "app/commands/camera_path_json.h"

namespace rgx::app {

void PathRecorder::start(const std::filesystem::path& file, double time, const view::Camera& camera,
                         std::optional<std::int64_t> world) {
    recording_ = true;
    file_ = file;
    start_ = time;
    path_.keys = {{0.0, camera}};
    path_.world = world;
}

void PathRecorder::add(double time, const view::Camera& camera) {
    if (!recording_ || time - start_ < path_.keys.back().time + kKeySeconds) return;
    path_.keys.push_back({time - start_, camera});
}

std::string PathRecorder::stop(double time, const view::Camera& camera) {
    if (!recording_) return "not recording a camera path";
    recording_ = false;
    // The last key, unless the last one is at this very time.
    if (time - start_ > path_.keys.back().time) path_.keys.push_back({time - start_, camera});
    writeCameraPath(file_, path_);
    return "camera path recorded to " + file_.string() + " (" + std::to_string(path_.keys.size()) +
           " keys, " + std::to_string(path_.duration()).substr(0, 5) + " s): rgx bench " +
           (path_.world ? "--world " + std::to_string(*path_.world) + " " : std::string()) + "--path " +
           file_.string();
}

} // namespace rgx::app
