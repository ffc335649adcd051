#pragma once
// Redguard's extras on a scene (Scene::redguard): the WORLD.INI entry, the environment read with
// it, the RAHD/RAAN actors and the SOUP scripts. They live apart so that Scene itself stays
// engine-neutral. Other engines' scenes leave this part empty. sim/ (animation, scripts) and the
// Redguard builder (scene/redguard/scene_builder.h) are what read it.

#include "base/math.h"
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/rtx.h"
#include "loaders/redguard/sfx.h"
#include "loaders/redguard/soup_def.h"
#include "loaders/redguard/soup_script.h"
#include "loaders/redguard/world_ini.h"
#include "scene/redguard/world_environment.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rgx::scene {

// An actor's animation data, shared by the placements running the same RAHD script: the RAAN
// entries in order (the handle table: entry e holds frameCount handles) with the mesh built from
// each file, and the RAGR group list.
struct ActorFile {
    std::string path;   // as RAAN stores it
    int frameCount = 0; // RAAN frame_count
    std::uint8_t modelType = 0;
    int mesh = -1; // into Scene::meshes; -1 when the file is missing or is the held item
};
struct ActorAnimation {
    std::string script;
    std::vector<ActorFile> files;
    loaders::RgmAnimList groups;
    // RAHD anim_speed bytes 0x15 and 0x16: the frame limit and its step (sim::AnimClip).
    std::uint8_t frameLimit = 0, frameStep = 0;
    // The held item (docs/animation.md): the first RAAN entry of model type 's' is its model when
    // drawn (the hand model), a second one its model when sheathed (the hilt model; -1: the
    // hand model in both states).
    int itemMesh = -1;
    int sheathedMesh = -1;
};
// A placed actor: its node (kind Object), its animation, and the node of its held item (kind HeldItem, a
// child of the actor's node at the actor's origin; sim places it at the tracked vertex).
struct SceneActor {
    int node = -1;
    int animation = -1; // into Scene::redguard.animations
    int itemNode = -1;
};

// A placed object that runs a script: an MPOB whose script name has a RAHD actor (the SOUP VM,
// sim/soup_vm.h, runs one instance per ScriptObject). Its node is the MPOB's (an object, an actor
// or a transform-only trigger).
struct ScriptObject {
    int node = -1;
    std::size_t script = 0; // into Scene::redguard.scripts (the RAHD index)
    std::uint32_t mpob = 0;
    std::string name;                     // the MPOB's script name
    Vec3 enginePosition;                  // raw RGM position (engine units)
    std::array<std::int32_t, 3> angles{}; // 2048 units
};

// A held item's models from ITEM.INI (hand_object_file, hilt_object_file), for the items the
// world's scripts hand their actors (HandItem(x)); -1 where the file names none.
struct HeldItemModels {
    int hand = -1; // into Scene::meshes: drawn, in the hand
    int hilt = -1; // sheathed
};

struct RedguardPart {
    std::optional<loaders::WorldEntry> world;
    std::vector<ActorAnimation> animations;
    std::vector<SceneActor> actors;
    // The world's scripts (docs/scripts.md): every RAHD actor's (loaders::soupActorScripts), the
    // objects running them, and the game's soup386/SOUP386.DEF when it has one (none: a run uses
    // the game's own table, loaders::gameSoupDef).
    std::vector<loaders::SoupActorScript> scripts;
    std::vector<ScriptObject> scriptObjects;
    std::optional<loaders::SoupDef> soupDef;
    // The game's sound/MAIN.SFX and ENGLISH.RTX: the sound and dialogue natives' lengths and lines,
    // and the clips the explorer will play. Shared: a copy of the scene does not copy them. Not
    // read by the scene builder yet (null: the natives' stand-ins): a whole ENGLISH.RTX is 177 MB,
    // too much for every world's load; a reader of its index and headers alone comes first.
    std::shared_ptr<const loaders::SfxFile> sfx;
    std::shared_ptr<const loaders::RtxFile> rtx;
    std::map<std::int32_t, HeldItemModels> items; // by ITEM.INI id, the items scripts hand out
    std::string mapPath;                          // the RGM the scripts came from, for messages
    WorldEnvironment environment; // SYSTEM.INI, fog, PVO, sky: read with the scene, never later
};

} // namespace rgx::scene
