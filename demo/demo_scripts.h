#pragma once
// The demo's SOUP scripts (docs/scripts.md "The demo's scripts"): every actor of the island gets
// one, written as listing text and assembled with loaders::assembleSoup, so they are bytecode as
// the game stores it. Together they use every opcode and every native family rgx implements:
// - GUARD patrols four RALC points, draws his sword at the second, swings, sheathes it; thread 1
//   (the interrupt handler) counts an activation, turns him to the player and ends with Endint;
// - WALKER wanders between two RALC points and plays its stop group;
// - DOOR (DOOR01 at a house, object name HOUSEDOOR in RANM) swings open once flag OpenDoor is set;
// - KEEPER (no model) sets OpenDoor after about 7 s, using every remaining opcode on the way;
// - TORCH (at torch flats) burns with a flickering light and its flat, going out briefly every 20 s;
// - GULLLEAD and two GULLs over the dock wait for each other (SyncWithGroup), then the lead circles
//   and the others, its slaves (RAAT master/slave), fly with it;
// - STATUE (ROCK01 in the village) is loaded by script after 10 s;
// - HIDER (a crate by the dock) hides and shows every 4 s.

#include "demo/demo_catalog.h"
#include "loaders/redguard/item_ini.h"
#include "loaders/redguard/rgm.h"

#include <string_view>
#include <vector>

namespace rgx::demo {

inline constexpr std::string_view kDoorScript = "DOOR";
inline constexpr std::string_view kKeeperScript = "KEEPER";
inline constexpr std::string_view kTorchScript = "TORCH";
inline constexpr std::string_view kGullLeadScript = "GULLLEAD";
inline constexpr std::string_view kGullScript = "GULL";
inline constexpr std::string_view kStatueScript = "STATUE";
inline constexpr std::string_view kHiderScript = "HIDER";
// The door's object name (RANM), which the keeper names it by.
inline constexpr std::string_view kDoorObjectName = "HOUSEDOOR";

// Script times (seconds at 12 ticks a second), for tests and docs.
inline constexpr double kDoorOpensBy = 9.5;    // KEEPER sets OpenDoor at 6.75 s; the door turns in 2 s
inline constexpr double kStatueLoadedAt = 10;  // STATUE's LoadStatic
inline constexpr double kGuardSwordDrawn = 13; // the guard's sword in his hand (9.9 s to 13 s)

// The MPOB placements addDemoScripts adds (door, keeper, 2 torches, 3 gulls, statue, hider): the
// layout gives the others that many fewer, so the world keeps its counts (the real island's 510).
inline constexpr int kScriptedPlacements = 9;

// Where the layout put the scripted objects (engine units; y as the MPOB stores it).
struct ScriptedPlaces {
    struct Spot {
        double x = 0, y = 0, z = 0;
        int yaw = 0; // 2048 units
    };
    Spot door, keeper, statue, hider;
    std::vector<Spot> torches, gulls;
};

// The guard's sword as ITEM.INI item kGuardSwordItem (the reference's catalog: 7 is the guard
// sword, type 1): drawn SWORD001.3D, sheathed SWORDH01.3D, written as the game writes paths
// (3DART\, which the scene finds in fxart/). The sabre (1) is listed too, with the same models.
inline constexpr int kGuardSwordItem = 7;
loaders::ItemIni makeDemoItems();

// Adds the MPOBs of the scripted objects (after every other MPOB, so nothing else moves), their
// RAHD actors (after WALKER and GUARD), and every actor's script (RASC, RAST/RASB, RAVA, RAAT,
// RALC). Call after addDemoActors.
void addDemoScripts(loaders::Rgm& rgm, const ScriptedPlaces& places);

} // namespace rgx::demo
