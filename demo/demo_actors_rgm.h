#pragma once
// The demo's actor tables (RAHD, RAAN, RAGR) for the two animated characters.
//
// - WALKER: its frames split over two type-2 3DC files, WALKA001.3DC (RAAN entry 0, handles
//   0-7) and WALKA002.3DC (entry 1, handles 8-15): the handle table of docs/animation.md. Group
//   kWalkGroup (first, played in the world): ShowFrame 0..15 then GoToPrevious 0, a walk loop
//   across both files. Group kStopGroup: ShowFrame, PlaySound, GoToFuture (not taken by default),
//   BreakPoint, EndAnimation.
// - GUARD: GUARD001.3DC (entry 0, handles 0-7) and its held item, two static models of type 's'
//   (docs/animation.md): SWORD001.3D drawn (entry 1) and SWORDH01.3D sheathed (entry 2). Group kPatrolGroup
//   (first): a stride with the sword sheathed (tracked vertex kGuardScabbardVertex = -10) and a stride with
//   it drawn (kGuardHandVertex = 1), looped. Group kSwingGroup: Rumble/SFX, PlaySound, BreakPoint,
//   Transition, GoToFuture and EndAnimation between ShowFrames.
// Together the groups use every opcode the shipped maps use (0-5, 11, 15).
//
// MPOB placements of these actors have an empty model_name, so resolveMpobModel() finds their
// model through RAHD/RAAN (WALKA001, GUARD001), as for the real game's characters.

#include "loaders/redguard/rgm.h"

#include <string_view>

namespace rgx::demo {

inline constexpr std::string_view kWalkerScript = "WALKER";
inline constexpr std::string_view kGuardScript = "GUARD";
inline constexpr int kWalkerFramesPerFile = 8;
inline constexpr int kGuardFrames = 8;
inline constexpr int kWalkGroup = 0, kStopGroup = 1;    // the walker's group_index values
inline constexpr int kPatrolGroup = 0, kSwingGroup = 1; // the guard's

// Fills rgm.rahd, rgm.raan and rgm.ragr with the two actors (instance counts as given: the
// number of MPOB records using each script). Offsets (raan_offset, ragr_offset) are the byte
// offsets the writer will produce.
void addDemoActors(loaders::Rgm& rgm, int walkerInstances, int guardInstances);

} // namespace rgx::demo
