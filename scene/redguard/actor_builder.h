#pragma once
// The scene's actors: for an MPOB whose RAHD actor has RAGR groups, its animation (handle table
// files with their meshes, every frame resident, the group list, the held item) and the node of
// the item it holds. The rules are docs/animation.md's.

#include "loaders/redguard/rgm.h"
#include "scene/scene_graph.h"
#include "scene/scene_limits.h"

#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <string>

namespace rgx::scene {

// How the builder gets meshes: mesh(model name, texture override, used-by text) -> mesh index
// (a placeholder when missing), exists(model name).
struct ActorMeshSource {
    std::function<int(const std::string&, int, const std::string&)> mesh;
    std::function<bool(const std::string&)> exists;
};

// What building a scene's actors keeps between them.
struct ActorBuild {
    std::map<std::string, int> built;   // script -> Scene::redguard.animations index (-1: none)
    std::set<std::string> missingFiles; // RAAN paths already warned about
    std::size_t filesLeft = kMaxSceneActorFiles;
    std::size_t filesCut = 0;           // RAAN entries past the scene's budget, said once (finishActors)
    std::size_t actorsWithoutFiles = 0; // actors left none of them
    std::size_t commandsLeft = kMaxSceneAnimationCommands;
    std::size_t actorsCut = 0; // actors whose group list passed it, said once
};

// Scene::redguard.animations index of the RAHD actor running `script` (built on first use, kept in
// `state`), or -1 when the script has no RAHD actor, no RAAN entries or no RAGR groups. A missing
// RAAN file adds one warning (once per path); its frames are not shown. At most kMaxActorFiles
// entries per actor and kMaxSceneActorFiles in all are used, and the group lists copied stay within
// kMaxSceneAnimationCommands.
int actorAnimation(const loaders::Rgm& rgm, const std::string& script, int textureOverride,
                   const ActorMeshSource& source, Scene& scene, ActorBuild& state);

// The warnings for what the scene's budgets left out, if any.
void finishActors(Scene& scene, const ActorBuild& state);

// Makes node `node` an actor playing animation `animation`: a SceneActor, plus a child node
// "<name>_ITEM" (kind HeldItem) for its held item when the animation has one.
void addSceneActor(Scene& scene, int node, int animation);
// Gives actor `actor` its held item's node (kind HeldItem, `mesh`, a child of the actor's node at
// its origin) and returns the node's index.
int addItemNode(Scene& scene, int actor, int mesh);

} // namespace rgx::scene
