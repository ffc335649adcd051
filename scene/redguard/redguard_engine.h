#pragma once
// Redguard behind the engine seam (scene/engine.h): WORLD.INI's worlds, built by
// scene_builder.h exactly as before the seam.

#include "scene/engine.h"
#include "scene/redguard/world_catalog.h"

namespace rgx::scene {

const Engine& redguardEngine();

// Redguard's game in a directory: its world catalogue, read once.
class RedguardGame final : public EngineGame {
public:
    explicit RedguardGame(const GameFs& fs);
    const Engine& engine() const override { return redguardEngine(); }
    const std::vector<EngineWorld>& worlds() const override { return worlds_; }
    Scene build(std::int64_t id, const Progress& progress) const override;
    const WorldCatalog& catalog() const { return catalog_; }

private:
    const GameFs& fs_;
    WorldCatalog catalog_;
    std::vector<EngineWorld> worlds_;
};

} // namespace rgx::scene
