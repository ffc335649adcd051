#pragma once
// A scene as glTF 2.0 (`rgx export`, docs/export.md): every node with its transform, each scene
// mesh written once and referenced by every node that shows it, the terrain in chunks, materials
// with palette-resolved PNG textures (nearest sampling, palette index 0 as alpha), MPSL lights
// through KHR_lights_punctual, `rgx render`'s default camera, a 3DC's frames as morph targets,
// each actor's RAGR groups as animations (export/gltf_actors.h) and the world's ids and record
// names in `extras`. Written with tinygltf (Debian's
// libtinygltf-dev), as .glb or .gltf by the output's extension. No Vulkan.
//
// Units and axes: the scene frame is already glTF's (+y up, right-handed, x east, z south); one
// engine unit is kMetresPerUnit metres, applied to vertex positions and translations (rotations
// and scales are unit-free). To go back: divide positions by kMetresPerUnit (docs/coordinates.md).

#include "renderer/world/prepared_world.h"
#include "scene/scene_graph.h"
#include "sim/world_state.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rgx::exporter {

// An engine unit is about a centimetre (docs/coordinates.md).
inline constexpr double kMetresPerUnit = 0.01;

// Terrain meshes are cut into square chunks of this many cells a side.
inline constexpr int kTerrainChunkCells = 32;

struct ExportOptions {
    bool textures = true; // --no-textures: materials keep their colours, no images
    bool frames = true;   // --frames all|none: a 3DC's frames as morph targets
    // --groups: the actors' RAGR groups to write as animations (group_index values); nullopt
    // every group, empty none.
    std::optional<std::vector<int>> groups;
    // Ticks played for the group animations over the whole export (kMaxExportTicks by default);
    // groups past it are left out and said in the notes.
    std::int64_t maxAnimationTicks = -1;
    std::int64_t worldId = -1;                        // for extras (-1: a model)
    std::function<void(const std::string&)> progress; // long exports say what they do
};

// What was written, as an importer will count it.
struct ExportStats {
    std::size_t nodes = 0;      // every glTF node
    std::size_t meshes = 0;     // glTF meshes
    std::size_t primitives = 0; // one per (mesh, material)
    std::size_t triangles = 0;  // of the meshes, each counted once
    std::size_t materials = 0;
    std::size_t images = 0;
    std::size_t lights = 0;
    std::size_t morphTargets = 0; // over every mesh
    std::size_t animations = 0;
    std::uintmax_t bytes = 0;       // the file's size
    std::vector<std::string> notes; // what could not be exported as asked (an actor's runaway loop)
};

// Writes the world's scene to `out` (.glb binary, .gltf with embedded buffers), its camera the
// prepared world's default view, as the world state has it (null: at rest): a hidden node is
// written without its mesh (extras "hidden": true); a transform override places its node and a
// pose (NodeState::local) is baked into nodes no group animation moves (an actor's body keeps its
// rest matrix, which its animations are relative to; a held item's pose goes into its TRS); the
// mesh shown and its 3DC frame (the mesh's morph weights) are the state's; a flat shows the
// texture and frame its FlatState names (a material and mesh of their own); a light that is off
// is left out and a light's overrides replace the record's values. Throws rgx::Error naming the
// file when it cannot be written or its extension is neither.
ExportStats exportGltf(const renderer::PreparedWorld& world, const sim::WorldState* state,
                       const std::filesystem::path& out, const ExportOptions& options);

} // namespace rgx::exporter
