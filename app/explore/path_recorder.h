#pragma once
// The explorer's camera path recorder: the camera flown, as keys `rgx bench --path` replays
// (app/commands/camera_path_json.h). A key every kKeySeconds of explorer time, and one where recording stops.

#include "view/camera_path.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace rgx::app {

class PathRecorder {
public:
    static constexpr double kKeySeconds = 0.1;

    bool recording() const { return recording_; }
    const std::filesystem::path& file() const { return file_; }
    std::size_t keys() const { return path_.keys.size(); }

    // Starts a new path of `world` (nothing: a model, no world) to be written to `file` (the
    // previous one, if still recording, is dropped).
    void start(const std::filesystem::path& file, double time, const view::Camera& camera,
               std::optional<std::int64_t> world);
    // Adds a key when kKeySeconds have passed since the last one (nothing when not recording).
    void add(double time, const view::Camera& camera);
    // Adds the last key, writes the file and stops; returns what to tell the user. Throws
    // rgx::Error naming the file when it cannot be written (recording stops all the same).
    std::string stop(double time, const view::Camera& camera);

private:
    bool recording_ = false;
    std::filesystem::path file_;
    double start_ = 0;
    view::CameraPath path_;
};

} // namespace rgx::app
