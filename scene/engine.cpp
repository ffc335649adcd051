#include "scene/engine.h"

#include "base/error.h"
#include "scene/drakan/dk_engine.h"

namespace rgx::scene {

namespace {
// True when engines()[i]'s id range holds id.
bool inRange(std::size_t i, std::int64_t id) {
    const std::vector<const Engine*>& all = engines();
    return id >= all[i]->firstWorldId() && (i + 1 == all.size() || id < all[i + 1]->firstWorldId());
}
} // namespace

const Engine* findEngine(const std::string& name) {
    for (const Engine* e : engines())
        if (name == e->name()) return e;
    return nullptr;
}

GameDirectory::GameDirectory(const GameFs& fs) {
    for (const Engine* e : engines())
        if (e->recognises(fs)) games_.push_back(e->open(fs));
    if (games_.empty()) games_.push_back(engines().front()->open(fs));
}

std::vector<GameWorld> GameDirectory::worlds() const {
    std::vector<GameWorld> out;
    for (const auto& g : games_)
        for (const EngineWorld& w : g->worlds())
            out.push_back({&g->engine(), w});
    return out;
}

std::vector<std::int64_t> GameDirectory::ids() const {
    std::vector<std::int64_t> out;
    for (const auto& g : games_)
        for (const EngineWorld& w : g->worlds())
            out.push_back(w.id);
    return out;
}

const EngineGame& GameDirectory::gameOf(std::int64_t id) const {
    const std::vector<const Engine*>& all = engines();
    for (const auto& g : games_)
        for (std::size_t i = 0; i < all.size(); ++i)
            if (all[i] == &g->engine() && inRange(i, id)) return *g;
    return *games_.front();
}

const Engine& engineForWorld(const GameFs& fs, std::int64_t id) {
    const std::vector<const Engine*>& all = engines();
    const Engine* recognising = nullptr;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (!all[i]->recognises(fs)) continue;
        if (!recognising) recognising = all[i];
        if (inRange(i, id)) return *all[i];
    }
    return recognising ? *recognising : *all.front();
}

Scene buildModelFileScene(const std::filesystem::path& file, const GameFs* game, const std::string& segment,
                          const Progress& progress) {
    if (drakan::isRiotModelFile(file)) return drakan::buildRiotModelScene(file, segment, progress);
    return buildModelScene(file, game, segment, progress);
}

Scene buildGameWorld(const GameFs& fs, std::int64_t id, const Progress& progress) {
    return engineForWorld(fs, id).open(fs)->build(id, progress);
}

} // namespace rgx::scene
