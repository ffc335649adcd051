#pragma once
// The scene's actors: for an MPOB whose RAHD actor has RAGR groups, its animation (handle table
// files with their meshes, every frame resident, the group list, the held item) and the node of
// the item it holds. The rules are docs/animation.md's.

#include "loaders/rgm.h"
#include "scene/scene_graph.h"

#include <functional>
#include <map>
#include <string>

namespace rgx::scene {

// How the builder gets meshes: mesh(model name, texture override, used-by text) -> mesh index
// (a placeholder when missing), exists(model name).
struct ActorMeshSource {
    std::function<int(const std::string&, int, const std::string&)> mesh;
    std::function<bool(const std::string&)> exists;
};

// Scene::animations index of the RAHD actor running `script` (built on first use, kept in
// `built`), or -1 when the script has no RAHD actor, no RAAN entries or no RAGR groups. Missing
// RAAN files add one warning each; their frames are not shown.
int actorAnimation(const loaders::Rgm& rgm, const std::string& script, int textureOverride,
                   const ActorMeshSource& source, Scene& scene, std::map<std::string, int>& built);

// Makes node `node` an actor playing animation `animation`: a SceneActor, plus a child node
// "<name>_ITEM" (kind HeldItem) for its held item when the animation has one.
void addSceneActor(Scene& scene, int node, int animation);

} // namespace rgx::scene
