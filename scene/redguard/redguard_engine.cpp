#include "scene/redguard/redguard_engine.h"

namespace rgx::scene {

namespace {

class RedguardEngine final : public Engine {
public:
    const char* name() const override { return "redguard"; }
    const char* title() const override { return "The Elder Scrolls Adventures: Redguard (1998)"; }
    const char* needs() const override { return "WORLD.INI (or SYSTEM.INI naming it) and maps/"; }
    std::int64_t firstWorldId() const override { return 0; }
    bool recognises(const GameFs& fs) const override {
        return fs.exists("WORLD.INI") || fs.exists("SYSTEM.INI");
    }
    std::unique_ptr<EngineGame> open(const GameFs& fs) const override {
        return std::make_unique<RedguardGame>(fs);
    }
    LookRules lookRules() const override {
        return {"the world's COL (WORLD.INI world_palette); textures without one use their own CMAP",
                "the COL's shading ramps, lit by SYSTEM.INI's ambient and the world's sun; FOG.INI's ramp",
                "the world's GXA panorama, its cloud layer (world_skyfx) and sun disc (world_sunimg)",
                "Glide: the same textures filtered and blended in true colour, water displaced on the GPU"};
    }
};

} // namespace

const Engine& redguardEngine() {
    static const RedguardEngine engine;
    return engine;
}

RedguardGame::RedguardGame(const GameFs& fs) : fs_(fs), catalog_(loadWorldCatalog(fs)) {
    for (const std::int64_t id : catalog_.ids())
        worlds_.push_back({id, catalog_.world(id).map.value_or(""), "world"});
}

Scene RedguardGame::build(std::int64_t id, const Progress& progress) const {
    return buildWorldScene(fs_, catalog_, id, progress);
}

} // namespace rgx::scene
