#pragma once
// Loads a world or a model scene on a worker thread so the window keeps drawing (and shows the
// progress lines) while the CPU side is built. The GPU upload happens on the main thread, which
// owns the queue. The loaded scene becomes the explorer's LoadedWorld there (makeLoadedWorld,
// app/explore/loaded_world.h), which replaces the world shown whole.

#include "scene/engine.h"
#include "scene/game_fs.h"
#include "scene/scene_graph.h"

#include <cstdint>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

struct SceneRequest {
    std::int64_t world = -1; // a world of the catalog, or
    std::string model;       // a .3D / .3DC / .ROB file
    std::string segment;     // with a ROB: only this segment ("": the whole archive, its catalogue)
    std::string describe() const;
};

struct LoadedScene {
    SceneRequest request;
    std::unique_ptr<scene::Scene> scene; // null when loading failed
    std::string error;
};

class SceneLoader {
public:
    // fs and games (may be null for models outside a game) must outlive the loader.
    SceneLoader(const scene::GameFs* fs, const scene::GameDirectory* games) : fs_(fs), games_(games) {}
    ~SceneLoader();

    // Starts loading; false when a load is already running.
    bool start(const SceneRequest& request);
    bool busy() const { return future_.valid(); }
    // The finished load, once (nullopt while running or idle).
    std::optional<LoadedScene> poll();
    // Waits for the running load to finish (or returns at once when idle).
    std::optional<LoadedScene> wait();
    // Progress lines of the running (or last) load.
    std::vector<std::string> progress() const;
    const SceneRequest& current() const { return current_; }

private:
    struct Lines {
        mutable std::mutex mutex;
        std::vector<std::string> lines;
    };
    const scene::GameFs* fs_;
    const scene::GameDirectory* games_;
    SceneRequest current_;
    std::shared_ptr<Lines> lines_ = std::make_shared<Lines>();
    std::future<LoadedScene> future_;
};

} // namespace rgx::app
