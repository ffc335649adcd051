#pragma once
// The explorer's bookmarks (issue 32): named cameras, saved per game directory in the user's
// config directory ($XDG_CONFIG_HOME/rgx/bookmarks.json, else ~/.config/rgx/bookmarks.json), each
// for one world; and the built-in ones every world brings, read-only: its MPMK markers and its
// scripts' RALC locations. No ImGui here.

#include "scene/scene_graph.h"
#include "view/camera.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

struct Bookmark {
    std::string name;
    std::int64_t world = -1; // WORLD.INI id (-1: the model viewer)
    view::Camera camera;
    bool builtIn = false; // a marker or a RALC location: not saved, not renamed or deleted
    bool operator==(const Bookmark&) const = default;
};

// $XDG_CONFIG_HOME/rgx/bookmarks.json, or ~/.config/rgx/bookmarks.json; nullopt when neither
// variable is set.
std::optional<std::filesystem::path> bookmarksFile();

// The key a game's bookmarks are saved under: its canonical path, or "demo" for the cached demo.
std::string bookmarksKey(const std::filesystem::path& gameDir, bool demo);

// The user's bookmarks of one game (every world's), in the order saved. A missing file or game:
// none. Throws rgx::Error naming the file when it is not bookmarks JSON.
std::vector<Bookmark> loadBookmarks(const std::filesystem::path& file, const std::string& key);

// Writes one game's bookmarks (the built-in ones are left out), keeping every other game's entry;
// the folder is made when missing, and the file replaced whole (a temporary file renamed).
// Throws rgx::Error naming the file when it cannot be written.
void saveBookmarks(const std::filesystem::path& file, const std::string& key,
                   const std::vector<Bookmark>& bookmarks);

// A camera kBookmarkDistance south of a point, a little above it, looking at it.
inline constexpr double kBookmarkDistance = 300;
view::Camera cameraLookingAt(const Vec3& point);

// The world's own places, read-only: every MPMK marker ("marker M003") and every RALC location of
// every scripted object ("B_004_GUARD location 2": the object's placement plus the record's
// offset / 256, as the scripts' walkers take it), each seen by cameraLookingAt.
std::vector<Bookmark> builtInBookmarks(const scene::Scene& scene, std::int64_t world);

} // namespace rgx::app
