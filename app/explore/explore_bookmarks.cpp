#include "app/explore/explore_bookmarks.h"

#include "base/error.h"
#include "scene/transforms.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace rgx::app {

namespace fs = std::filesystem;
using nlohmann::json;

std::optional<fs::path> bookmarksFile() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return fs::path(xdg) / "rgx" / "bookmarks.json";
    if (const char* home = std::getenv("HOME"); home && *home)
        return fs::path(home) / ".config" / "rgx" / "bookmarks.json";
    return std::nullopt;
}

std::string bookmarksKey(const fs::path& gameDir, bool demo) {
    if (demo) return "demo";
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(gameDir, ec);
    return (ec ? fs::absolute(gameDir) : canonical).string();
}

namespace {

json readFile(const fs::path& file) {
    std::ifstream in(file);
    if (!in) return json::object();
    std::stringstream text;
    text << in.rdbuf();
    const json j = json::parse(text.str(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw Error(file.string(), Error::kNoOffset, "bookmarks", "not a JSON object");
    return j;
}

} // namespace

std::vector<Bookmark> loadBookmarks(const fs::path& file, const std::string& key) {
    const json all = readFile(file);
    std::vector<Bookmark> out;
    if (!all.contains("games") || !all["games"].contains(key)) return out;
    try {
        for (const json& b : all["games"][key]) {
            Bookmark m;
            m.name = b.at("name").get<std::string>();
            m.world = b.at("world").get<std::int64_t>();
            m.camera = view::parseCamera(b.at("camera").get<std::string>());
            m.camera.fovYDeg = b.value("fov", 60.0);
            out.push_back(std::move(m));
        }
    } catch (const Error&) {
        throw;
    } catch (const std::exception& e) {
        throw Error(file.string(), Error::kNoOffset, key, std::string("bad bookmark: ") + e.what());
    }
    return out;
}

void saveBookmarks(const fs::path& file, const std::string& key, const std::vector<Bookmark>& bookmarks) {
    json all = readFile(file);
    json list = json::array();
    for (const Bookmark& b : bookmarks) {
        if (b.builtIn) continue;
        list.push_back({{"name", b.name},
                        {"world", b.world},
                        {"camera", view::formatCamera(b.camera)},
                        {"fov", b.camera.fovYDeg}});
    }
    all["games"][key] = list;
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    fs::path temporary = file;
    temporary += ".tmp";
    {
        std::ofstream out(temporary, std::ios::trunc);
        out << all.dump(2) << "\n";
        if (!out) throw Error(file.string(), Error::kNoOffset, "bookmarks", "cannot be written");
    }
    fs::rename(temporary, file, ec);
    if (ec) throw Error(file.string(), Error::kNoOffset, "bookmarks", "cannot be written: " + ec.message());
}

view::Camera cameraLookingAt(const Vec3& point) {
    // Yaw 0 looks north (-z): stand south of the point, above it, looking down at it.
    constexpr double kPitch = -15;
    const double rad = kPitch * 3.14159265358979323846 / 180;
    view::Camera c;
    c.yawDeg = 0;
    c.pitchDeg = kPitch;
    c.position = point + Vec3{0, -std::sin(rad) * kBookmarkDistance, std::cos(rad) * kBookmarkDistance};
    return c;
}

std::vector<Bookmark> builtInBookmarks(const scene::Scene& scene, std::int64_t world) {
    std::vector<Bookmark> out;
    for (const scene::SceneNode& n : scene.nodes)
        if (n.kind == scene::NodeKind::Marker)
            out.push_back({"marker " + n.name, world, cameraLookingAt(n.world.translationPart()), true});
    for (const scene::ScriptObject& o : scene.redguard.scriptObjects) {
        if (o.script >= scene.redguard.scripts.size()) continue;
        const auto& locations = scene.redguard.scripts[o.script].locations;
        const std::string owner = o.node >= 0 && static_cast<std::size_t>(o.node) < scene.nodes.size()
                                      ? scene.nodes[static_cast<std::size_t>(o.node)].name
                                      : o.name;
        for (std::size_t k = 0; k < locations.size(); ++k) {
            const loaders::RgmRalc& l = locations[k];
            const Vec3 engine = o.enginePosition + Vec3{l.x / 256.0, l.y / 256.0, l.z / 256.0};
            std::string name = owner;
            name += " location ";
            name += std::to_string(k);
            out.push_back({std::move(name), world, cameraLookingAt(scene::engineToScene(engine)), true});
        }
    }
    return out;
}

} // namespace rgx::app
