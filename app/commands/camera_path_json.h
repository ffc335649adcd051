#pragma once
// Camera path files (`rgx bench --path`, the explorer's path recorder): the world it was flown in
// and its keys,
//   {"world": 0, "keys": [{"time": 0, "camera": "X,Y,Z,YAW,PITCH"}, {"time": 1.5, "camera": "...",
//   "fov": 60}, ...]}
// with the camera in the --camera form (view::formatCamera) and "fov" (vertical, degrees) optional.
// A bare array of keys (files written before the world was stored, or by hand) is read as a path
// of no known world.

#include "view/camera_path.h"

#include <filesystem>
#include <string>

namespace rgx::app {

// Throws rgx::Error naming the file (and the key) when it cannot be read, is not such an array,
// or fails view::checkCameraPath.
view::CameraPath readCameraPath(const std::filesystem::path& file);
view::CameraPath parseCameraPath(const std::string& text, const std::string& source);
std::string cameraPathText(const view::CameraPath& path); // what readCameraPath reads back
// Writes cameraPathText (throws rgx::Error naming the file when it cannot).
void writeCameraPath(const std::filesystem::path& file, const view::CameraPath& path);

} // namespace rgx::app
