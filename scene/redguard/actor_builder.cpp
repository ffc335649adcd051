#include "scene/redguard/actor_builder.h"

#include "scene/model_mesh.h"
#include "scene/scene_limits.h"

#include <algorithm>

namespace rgx::scene {

int actorAnimation(const loaders::Rgm& rgm, const std::string& script, int textureOverride,
                   const ActorMeshSource& source, Scene& scene, ActorBuild& state) {
    std::map<std::string, int>& built = state.built;
    if (auto it = built.find(script); it != built.end()) return it->second;
    int index = -1;
    const loaders::RgmActor* actor = loaders::rgmActorNamed(rgm, script);
    const loaders::RgmAnimList* groups = actor ? loaders::rgmAnimListAt(rgm, actor->ragrOffset) : nullptr;
    const std::vector<const loaders::RgmRaanEntry*> raan =
        actor ? loaders::rgmActorRaan(rgm, *actor) : std::vector<const loaders::RgmRaanEntry*>{};
    const std::size_t commands = groups ? groups->commands.size() + groups->groups.size() : 0;
    // The entries this actor may use: its own cap, then what the scene has left.
    const std::size_t wanted = std::min(raan.size(), kMaxActorFiles);
    const std::size_t take = std::min(wanted, state.filesLeft);
    const bool animated = groups && !groups->groups.empty() && !raan.empty();
    if (animated && commands > state.commandsLeft) {
        // Each actor keeps its own copy of its group list: many scripts naming one large list
        // would multiply it.
        ++state.actorsCut;
    } else if (animated && take == 0) {
        ++state.actorsWithoutFiles;
        state.filesCut += wanted;
    } else if (animated) {
        state.commandsLeft -= commands;
        state.filesLeft -= take;
        state.filesCut += wanted - take;
        ActorAnimation anim;
        anim.script = script;
        anim.groups = *groups;
        anim.frameLimit = actor->animSpeed[0];
        anim.frameStep = actor->animSpeed[1];
        // Bytes past a group's commands (normally none): nothing reads them, and copied once per
        // script they could multiply a file's size.
        for (loaders::RgmAnimGroup& g : anim.groups.groups)
            g.trailing.clear();
        if (raan.size() > kMaxActorFiles)
            scene.warnings.push_back("actor " + script + ": " + std::to_string(raan.size()) +
                                     " RAAN entries; the first " + std::to_string(kMaxActorFiles) +
                                     " are used");
        for (const loaders::RgmRaanEntry* e : raan) {
            if (anim.files.size() == take) break;
            ActorFile file;
            file.path = e->path;
            file.frameCount = e->frameCount;
            file.modelType = e->modelType;
            const std::string stem = loaders::rgmModelStem(e->path);
            const std::string usedBy = "RAAN of actor " + script;
            if (e->modelType == 's') {
                // The held item: static models, not part of the frames (docs/animation.md).
                if (source.exists(stem)) {
                    if (anim.itemMesh < 0) {
                        anim.itemMesh = source.mesh(stem, -1, usedBy);
                    } else if (anim.sheathedMesh < 0) {
                        anim.sheathedMesh = source.mesh(stem, -1, usedBy);
                    }
                }
            } else if (source.exists(stem)) {
                file.mesh = source.mesh(stem, textureOverride, usedBy);
                Mesh& mesh = scene.meshes[static_cast<std::size_t>(file.mesh)];
                if (mesh.animation && mesh.frameVertices.empty())
                    if (std::string dropped = addModelMeshFrames(mesh); !dropped.empty())
                        scene.warnings.push_back(std::move(dropped));
            } else if (state.missingFiles.insert(e->path).second) {
                scene.warnings.push_back("actor " + script + ": RAAN file " + e->path +
                                         " not found; its frames are not shown (said once per file)");
            }
            anim.files.push_back(std::move(file));
        }
        scene.redguard.animations.push_back(std::move(anim));
        index = static_cast<int>(scene.redguard.animations.size()) - 1;
    }
    built.emplace(script, index);
    return index;
}

void finishActors(Scene& scene, const ActorBuild& state) {
    if (state.filesCut > 0)
        scene.warnings.push_back(std::to_string(state.filesCut) +
                                 " RAAN entries left out: a scene uses at most " +
                                 std::to_string(kMaxSceneActorFiles) + " in all");
    if (state.actorsWithoutFiles > 0)
        scene.warnings.push_back(std::to_string(state.actorsWithoutFiles) +
                                 " actors left unanimated: the scene's RAAN entries were spent");
    if (state.actorsCut > 0)
        scene.warnings.push_back(std::to_string(state.actorsCut) +
                                 " actors left unanimated: their group lists pass the scene's " +
                                 std::to_string(kMaxSceneAnimationCommands) + " animation commands");
}

void addSceneActor(Scene& scene, int node, int animation) {
    SceneActor actor;
    actor.node = node;
    actor.animation = animation;
    const ActorAnimation& anim = scene.redguard.animations[static_cast<std::size_t>(animation)];
    scene.nodes[static_cast<std::size_t>(node)].actor = static_cast<int>(scene.redguard.actors.size());
    scene.redguard.actors.push_back(actor);
    if (anim.itemMesh >= 0)
        addItemNode(scene, static_cast<int>(scene.redguard.actors.size()) - 1, anim.itemMesh);
}

int addItemNode(Scene& scene, int actor, int mesh) {
    SceneActor& a = scene.redguard.actors[static_cast<std::size_t>(actor)];
    const SceneNode& owner = scene.nodes[static_cast<std::size_t>(a.node)];
    SceneNode item;
    item.name = owner.name + "_ITEM";
    item.kind = NodeKind::HeldItem;
    item.model = scene.meshes[static_cast<std::size_t>(mesh)].name;
    item.mesh = mesh;
    item.parent = a.node;
    item.world = owner.world;
    item.source = owner.source;
    item.actor = actor;
    scene.nodes.push_back(std::move(item));
    a.itemNode = static_cast<int>(scene.nodes.size()) - 1;
    return a.itemNode;
}

} // namespace rgx::scene
