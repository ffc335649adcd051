// The demo world's models: fxart/ISLAND.ROB and fxart/DUNGEON.ROB (v5.0 embedded statics, as the
// reference says ROB segments are), the characters' .3DC files, the sword .3D and the flag .3DC
// (v4.0). Shapes live in demo_models_island.cpp, demo_models_dungeon.cpp and demo_actors.cpp;
// docs/demo_models.md describes the conventions (units, y down, facing, origins).

#include "demo/demo.h"
#include "demo/demo_models_parts.h"
#include "loaders/redguard/rob.h"

namespace rgx::demo {

namespace {

loaders::Bytes robOf(const std::vector<DemoStatic>& statics, bool withFlag) {
    loaders::Rob rob;
    for (const DemoStatic& s : statics) {
        loaders::RobSegment seg = loaders::robModelSegment(std::string(s.info->name),
                                                           s.mesh.toModel(loaders::ModelVersion::V50, true));
        seg.flags = s.flags;
        seg.attributes = s.attributes;
        rob.segments.push_back(std::move(seg));
    }
    if (withFlag) rob.segments.push_back(loaders::robExternalSegment(std::string(kFlag.name)));
    return loaders::writeRob(rob);
}

} // namespace

// Models do not depend on the scale or seed: both scales share one set of shapes.
void addDemoModels(DemoTree& tree, const DemoOptions&) {
    tree["fxart/" + std::string(kIslandRob)] = robOf(islandStatics(), true);
    tree["fxart/" + std::string(kInteriorRob)] = robOf(dungeonStatics(), false);
    for (DemoModelFile& f : actorFiles())
        tree["fxart/" + f.file] = loaders::writeModel(f.model);
}

} // namespace rgx::demo
