#pragma once
// What changes between frames, as plain data: one world state per frame, filled by sim/ (the
// actors' animation and the ropes today; the game's SOUP scripts next) and drawn by every look
// and by the glTF export from this one place. A renderer never works any of it out itself.
//
// Every list is indexed by scene node (Scene::nodes); a list shorter than the scene leaves the
// nodes past its end at rest (restState). A null WorldState means the same for every node.

#include "base/math.h"
#include "scene/scene_graph.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::sim {

// How to draw one scene node this frame. The default draws node.mesh's frame 0 where it stands.
// An actor's held item is a node of its own (kind HeldItem, SceneActor::itemNode): which item it
// is (mesh), whether it is held (hidden) and where (local, at the tracked vertex) are that node's.
struct NodeState {
    bool hidden = false; // not drawn this frame (a held item before the actor tracks a vertex)
    // Replaces node.world (the transform override): where the node stands this frame, then local.
    std::optional<Mat4> world;
    int mesh = -1;           // the mesh to draw instead of node.mesh; -1: node.mesh
    std::uint32_t frame = 0; // resident 3DC frame of that mesh (scene::meshFrameVertices)
    std::uint32_t nextFrame = 0;
    float blend = 0; // weight of nextFrame (0 without interpolation)
    Mat4 local;      // applied before the node's world: world = node.world * local
    // Set when mesh, frame, blend or local are this state's: every reader (both looks, the export)
    // draws them only then (posed), so a renderer skips the per-instance pose of a node at rest.
    bool animated = false;
    bool moved = false; // off the bounding sphere made at rest (opcodes 6-9, a rope): never frustum-culled
};

// One light this frame (the nodes whose SceneNode::light is set; other nodes' entries are unused).
// The overrides replace the MPSL record's values (renderer/lighting/world_lighting.h's rules).
struct LightState {
    bool on = true;
    std::optional<std::array<float, 3>> color; // 0..1 RGB, before the intensity
    std::optional<float> intensity;            // 0..1 (the record's param0 / 255)
    std::optional<float> radius;               // engine units
};

// One flat (a node of kind Flat) this frame: the texture shown and its frame.
struct FlatState {
    int texture = -1;                   // a Scene::textures index replacing the material's; -1: its own
    std::optional<std::uint32_t> frame; // a fixed frame of that texture; none: animated by time
};

// A light a script gives an object (SOUP Light*, sim/script_world.h): lit as a point MPSL light
// is, where the object stands this frame. Not a scene node: scripts make and drop them.
struct ObjectLight {
    std::uint32_t node = 0;                     // the object carrying it
    Vec3 position;                              // scene frame
    std::array<float, 3> color{1, 0.85f, 0.6f}; // 0..1 RGB, before the intensity
    float intensity = 1;                        // 0..1
    float radius = 0;                           // engine units
};

// A sound a script plays (SOUP Sound, FlatSound, AmbientSound): what the explorer makes an audio
// source of. Nothing in sim/ or the renderers plays it (docs/scripts.md "Sound and dialogue").
struct SoundSource {
    std::uint32_t id = 0;   // the same sound from start to stop
    int node = -1;          // the object it plays at
    Vec3 position;          // scene frame, where the object stands this frame
    int effect = 0;         // MAIN.SFX effect number
    float volume = 1;       // 0..1 (the script's 0-127)
    float range = 0;        // the script's third parameter, as given
    bool positional = true; // false: heard the same everywhere (FlatSound)
    bool loop = false;
    std::uint64_t startTick = 0;
};
struct SoundEvent {
    enum class Kind : std::uint8_t { Start, Stop } kind = Kind::Start;
    std::uint64_t tick = 0;
    SoundSource sound;
};
// The line being said (SOUP RTX and the other dialogue natives), from ENGLISH.RTX.
struct Subtitle {
    std::string tag;      // its 4-character RTX key
    std::string text;     // Latin-1, as stored
    int node = -1;        // the speaker's node; -1: the player
    bool voice = false;   // the line has a voice clip (ENGLISH.RTX's, by tag)
    bool ambient = false; // AmbientRtx: said in passing
    std::uint64_t startTick = 0, endTick = 0;
};

struct WorldState {
    std::vector<NodeState> nodes;
    std::vector<LightState> lights;
    std::vector<FlatState> flats;
    std::vector<ObjectLight> objectLights;
    std::vector<SoundSource> sounds;     // playing after this tick
    std::vector<SoundEvent> soundEvents; // started or stopped at this tick
    std::optional<Subtitle> subtitle;
};

// Every node at rest and shown, except the held items (shown only where an actor holds one);
// every light on with its record's values; every flat with its own texture, animated by time.
WorldState restState(const scene::Scene& scene);

// Node i's state, or null (at rest) without a state or past the list.
inline const NodeState* nodeState(const WorldState* state, std::size_t node) {
    return state && node < state->nodes.size() ? &state->nodes[node] : nullptr;
}
inline const LightState* lightState(const WorldState* state, std::size_t node) {
    return state && node < state->lights.size() ? &state->lights[node] : nullptr;
}
inline const FlatState* flatState(const WorldState* state, std::size_t node) {
    return state && node < state->flats.size() ? &state->flats[node] : nullptr;
}

// Whether a placed mesh is drawn this frame: a state may hide it; without one a held item is not
// drawn (it exists only where its actor's pose puts it).
inline bool shownThisFrame(const NodeState* state, bool heldItem) {
    return state ? !state->hidden : !heldItem;
}
// Whether its bounding sphere at rest still holds it: not once moved or placed elsewhere.
inline bool frustumTested(const NodeState* state) {
    return !(state && (state->moved || state->world));
}
// Whether it is drawn other than at rest: its mesh, frame, blend and local (and its transform
// override) are read only then, by every reader alike.
inline bool posed(const NodeState* state) {
    return state && (state->animated || state->world);
}
// What the node's world matrix is multiplied by this frame (the renderers' per-instance local):
// state.local, or with a transform override inverse(node.world) * override * local, so that
// node.world times it is the override's placement.
Mat4 drawLocal(const NodeState& state, const Mat4& nodeWorld);
// The node's world matrix this frame: the override or node.world, times local (node.world itself
// when not posed).
Mat4 drawWorld(const NodeState* state, const Mat4& nodeWorld);

} // namespace rgx::sim
