#include "app/explore/explore_loader.h"

#include "scene/redguard/scene_builder.h"

#include <chrono>

namespace rgx::app {

std::string SceneRequest::describe() const {
    if (model.empty()) return "world " + std::to_string(world);
    std::string what = "model ";
    what += model;
    if (!segment.empty()) {
        what += " segment ";
        what += segment;
    }
    return what;
}

SceneLoader::~SceneLoader() {
    if (future_.valid()) future_.wait();
}

bool SceneLoader::start(const SceneRequest& request) {
    if (future_.valid()) return false;
    current_ = request;
    lines_ = std::make_shared<Lines>();
    auto lines = lines_;
    const scene::GameFs* fs = fs_;
    const scene::GameDirectory* games = games_;
    future_ = std::async(std::launch::async, [request, lines, fs, games] {
        LoadedScene result;
        result.request = request;
        auto progress = [lines](const std::string& line) {
            const std::lock_guard lock(lines->mutex);
            lines->lines.push_back(line);
        };
        try {
            if (!request.model.empty()) {
                result.scene = std::make_unique<scene::Scene>(
                    scene::buildModelFileScene(request.model, fs, request.segment, progress));
            } else if (fs && games) {
                result.scene = std::make_unique<scene::Scene>(games->build(request.world, progress));
            } else {
                result.error = "no game directory to load worlds from";
            }
        } catch (const std::exception& e) {
            result.scene.reset();
            result.error = e.what();
        }
        return result;
    });
    return true;
}

std::optional<LoadedScene> SceneLoader::poll() {
    if (!future_.valid()) return std::nullopt;
    if (future_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return std::nullopt;
    return future_.get();
}

std::optional<LoadedScene> SceneLoader::wait() {
    if (!future_.valid()) return std::nullopt;
    return future_.get();
}

std::vector<std::string> SceneLoader::progress() const {
    const std::lock_guard lock(lines_->mutex);
    return lines_->lines;
}

} // namespace rgx::app
