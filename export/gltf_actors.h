#pragma once
// Actors in glTF (export/gltf_export.h): each RAGR animation group of each actor played as
// `rgx anim-trace` plays it (sim::SceneAnimation with the group ending, not restarting) and
// written as one glTF animation, a key every playback tick with STEP interpolation:
//  - a node that can show several meshes (an actor whose frames span several 3DC files, a held
//    item and its sheathed model) has a child per mesh, only the shown one at scale 1;
//  - the shown 3DC frame is that mesh's morph weights, one-hot (frame 0: all zero);
//  - a held item follows the tracked vertex as translation and rotation keys of its node (scale
//    0 while the actor has tracked none).

#include "export/gltf_builder.h"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace rgx::exporter {

// Playback stops after this many ticks even when a group loops forever (60 s at 12 ticks a second).
inline constexpr int kMaxGroupTicks = 720;
// Ticks played over the whole export, every actor's every group: a map with thousands of actors
// and groups cannot make it run for hours (the island-scale demo plays about 75,000). Groups past
// it are left out, and the export's notes say how many.
inline constexpr std::int64_t kMaxExportTicks = std::int64_t{1} << 22;
// Group animations written at most (the island-scale demo writes 206): a group that ends at once
// costs one tick, so the tick budget alone would allow millions.
inline constexpr std::size_t kMaxExportAnimations = std::size_t{1} << 16;

// The glTF nodes of one scene node's meshes, when it can show more than one.
struct MeshChildren {
    std::vector<std::pair<int, int>> byMesh; // (scene mesh, glTF node)
};

// Adds one animation per selected group of each actor. nodeOf: scene node -> glTF node; children:
// scene node -> its mesh children (nodes that show one mesh are absent); groups: nullopt every
// group, else the group_index values to export.
// frames: the meshes have their morph targets (the weights are keyed only then).
// maxTicks: the ticks played in all (kMaxExportTicks for rgx export).
void addGroupAnimations(GltfBuilder& b, const scene::Scene& scene, const std::vector<int>& nodeOf,
                        const std::map<int, MeshChildren>& children,
                        const std::optional<std::vector<int>>& groups, bool frames, std::int64_t maxTicks,
                        ExportStats& stats);

// m as glTF TRS (translation in metres; rotation as a quaternion x, y, z, w; scale per axis).
struct Trs {
    std::vector<double> translation, rotation, scale;
};
Trs decompose(const Mat4& m);

} // namespace rgx::exporter
