#pragma once
// The demo's actor tables (RAHD, RAAN, RAGR) for the two animated characters.
//
// - WALKER: frames split over two type-2 3DC files (RAAN entries 0 and 1, WALKA001.3DC frames
//   0..7 and WALKA002.3DC frames 8..15). Its walk group is 16 ShowFrame commands whose
//   handle_index is the RAAN entry holding that frame (0 for frames 0..7, 1 for 8..15) and
//   vertex_index 0 (nothing held), then GoToPrevious 0 (the loop).
// - GUARD: GUARD001.3DC (RAAN entry 0, model type 'c') and the held item SWORD001.3D (RAAN
//   entry 1, model type 's': a static model). Every ShowFrame of its groups has handle_index 0
//   and vertex_index kGuardHandVertex: the tracked vertex the sword is placed at (the
//   reference's "Item Attachment System"). The item an actor holds is the RAAN entry with type
//   's'; the reference leaves that choice to scripts (handitem), which the demo does not have.
//
// MPOB placements of these actors have an empty model_name, so resolveMpobModel() finds their
// model through RAHD/RAAN (WALKA001, GUARD001), as for the real game's characters.

#include "loaders/rgm.h"

#include <string_view>

namespace rgx::demo {

inline constexpr std::string_view kWalkerScript = "WALKER";
inline constexpr std::string_view kGuardScript = "GUARD";
inline constexpr int kWalkerFramesPerFile = 8;
inline constexpr int kGuardFrames = 8;

// Fills rgm.rahd, rgm.raan and rgm.ragr with the two actors (instance counts as given: the
// number of MPOB records using each script). Offsets (raan_offset, ragr_offset) are the byte
// offsets the writer will produce.
void addDemoActors(loaders::Rgm& rgm, int walkerInstances, int guardInstances);

} // namespace rgx::demo
