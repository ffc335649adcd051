#include "app/commands/camera_path_json.h"

#include "base/error.h"
#include "loaders/file_io.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace rgx::app {

view::CameraPath parseCameraPath(const std::string& text, const std::string& source) {
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw Error(source, Error::kNoOffset, "", std::string("not JSON: ") + e.what());
    }
    view::CameraPath path;
    if (doc.is_object()) {
        if (doc.contains("world")) {
            if (!doc["world"].is_number_integer() || doc["world"].get<std::int64_t>() < 0)
                throw Error(source, Error::kNoOffset, "world",
                            "expected a world id (a whole number 0 or more)");
            path.world = doc["world"].get<std::int64_t>();
        }
        nlohmann::json keys = doc.contains("keys") ? doc["keys"] : nlohmann::json();
        doc = std::move(keys);
    }
    if (!doc.is_array())
        throw Error(
            source, Error::kNoOffset, "",
            "expected {\"world\": ID, \"keys\": [...]} or an array of {\"time\": SECONDS, \"camera\": "
            "\"X,Y,Z,YAW,PITCH\"} keys");
    for (std::size_t i = 0; i < doc.size(); ++i) {
        const nlohmann::json& key = doc[i];
        const std::string field = "keys[" + std::to_string(i) + "]";
        if (!key.is_object() || !key.contains("time") || !key["time"].is_number() ||
            !key.contains("camera") || !key["camera"].is_string())
            throw Error(source, Error::kNoOffset, field,
                        "expected {\"time\": SECONDS, \"camera\": \"X,Y,Z,YAW,PITCH\"}");
        view::CameraKey k;
        k.time = key["time"].get<double>();
        try {
            k.camera = view::parseCamera(key["camera"].get<std::string>());
        } catch (const Error& e) {
            throw Error(source, Error::kNoOffset, field + ".camera", e.message());
        }
        if (key.contains("fov")) {
            if (!key["fov"].is_number())
                throw Error(source, Error::kNoOffset, field + ".fov", "expected a number of degrees");
            k.camera.fovYDeg = key["fov"].get<double>();
        }
        path.keys.push_back(k);
    }
    view::checkCameraPath(path, source);
    return path;
}

view::CameraPath readCameraPath(const std::filesystem::path& file) {
    const loaders::Bytes bytes = loaders::readFile(file);
    return parseCameraPath(std::string(bytes.begin(), bytes.end()), file.string());
}

std::string cameraPathText(const view::CameraPath& path) {
    nlohmann::ordered_json keys = nlohmann::ordered_json::array();
    for (const view::CameraKey& k : path.keys) {
        nlohmann::ordered_json key{{"time", k.time}, {"camera", view::formatCamera(k.camera)}};
        if (k.camera.fovYDeg != view::Camera{}.fovYDeg) key["fov"] = k.camera.fovYDeg;
        keys.push_back(key);
    }
    if (!path.world) return keys.dump(1) + "\n";
    const nlohmann::ordered_json doc{{"world", *path.world}, {"keys", keys}};
    return doc.dump(1) + "\n";
}

void writeCameraPath(const std::filesystem::path& file, const view::CameraPath& path) {
    std::ofstream out(file, std::ios::binary);
    out << cameraPathText(path);
    if (!out) throw Error(file.string(), Error::kNoOffset, "", "cannot write the camera path here");
}

} // namespace rgx::app
