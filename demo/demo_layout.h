#pragma once
// Placements of the demo worlds: the island's RGM (statics, actors, flats, rope, lights,
// markers on the terrain) and the dungeon's (rooms and corridors), plus what the PVO baker needs
// to know about them.
//
// Positions are RgmPos24 engine units, y down (catalog). Models' bases sit at their position
// (base at y = 0 in model space), centred on x and z.
//
// MPOB kinds in the demo:
//   actors    empty model_name, script WALKER / GUARD: RAHD/RAAN give the model (demo_actors_rgm.h)
//   statics   model_name CRATE01 / FLAG001, is_static = 1
//   markers   empty model_name, no RAHD actor, script WATERSND / WINDSND (sound triggers),
//             LOCKDOOR (doors), ENT* (entrances): no geometry, transform-only (isDemoMarkerMpob)

#include "demo/demo.h"
#include "demo/demo_catalog.h"
#include "demo/demo_terrain.h"
#include "demo/pvo_baker.h"
#include "loaders/redguard/rgm.h"

#include <string_view>
#include <vector>

namespace rgx::demo {

struct WorldCounts {
    int statics = 0, placements = 0, flats = 0, ropes = 0, lights = 0, markers = 0;
};
// What makeIslandRgm places at a scale: the real island's 1,691 / 510 / 576 at Scale::Island.
WorldCounts islandCounts(Scale scale);

// The island map. night: the same placements (so the PVO ids agree) with night lights.
loaders::Rgm makeIslandRgm(const DemoTerrain& terrain, const DemoOptions& options, bool night);
// The dungeon map: a 3x3 grid of rooms joined by corridors.
loaders::Rgm makeDungeonRgm(const DemoOptions& options);

// A catalog model by ROB segment / file stem name (case-sensitive, the catalog's spelling), or
// nullptr.
const ModelInfo* findDemoModel(std::string_view name);

// No-geometry MPOB entries (sound triggers, doors, entrances): empty model_name and a script
// name that is neither an actor nor a model.
bool isDemoMarkerMpob(const loaders::RgmMpob& mpob);

// ---- PVO (demo_layout_pvo.cpp) ----
// MLST ids: 0 .. MPSO count - 1 are the MPSO records. The secondary table that follows holds,
// in this order, the MPOB records with is_static != 0 (in MPOB order), then the MPRP ropes (in
// order): id = MPSO count + position in that list. Actors move, so they are not baked.
std::vector<PvoObject> demoPvoObjects(const loaders::Rgm& rgm);
// How far the visibility model sees. Outdoors: SYSTEM.INI's back_plane (3800, the demo's), the
// engine's drawing limit (issue 30): an object whose box is farther than that from every point of
// a cell is not visible from it (within back_plane plus its own radius of its centre, the rule the
// issue gives, is never less than that). Beyond it the renderer draws only what fog has all but
// covered at the frustum's corners, or with a longer --view-distance (the explorer's "extended
// view"); the PVO, like the engine's, leaves those out (its toggle shows them). Indoors the rooms
// decide, so the dungeon keeps a distance that never culls on its own.
inline constexpr double kPvoBackPlane = 3800;
inline constexpr double kPvoViewDistance = 65536;
// The visibility model and octree placement of each world's PVO.
PvoScene islandPvoScene(const loaders::Rgm& rgm);
PvoBakeSettings islandPvoSettings(const DemoTerrain& terrain);
PvoScene dungeonPvoScene(const loaders::Rgm& rgm);
PvoBakeSettings dungeonPvoSettings();

// Shared record makers (demo_layout_common.cpp). dir16: heading in 16ths of a turn.
loaders::RgmPos24 rgmPos(double x, double y, double z);
loaders::RgmMpso makeMpso(std::uint32_t id, std::string_view model, double x, double y, double z, int dir16);
int mpsoDirection16(const loaders::RgmMpso& mpso); // the heading makeMpso stored (0..15)
// angles (x, y, z) in 1/2048 turns: the heading, and a tilt about x and z (a tipped crate).
loaders::RgmMpob makeMpob(std::uint32_t id, std::string_view script, std::string_view model, double x,
                          double y, double z, int yaw2048, bool isStatic, int tiltX2048 = 0,
                          int tiltZ2048 = 0);
// MPSL light_param values the reference names: "Zero for ambient lights; 28 for directional".
inline constexpr std::uint32_t kMpslAmbient = 0, kMpslDirectional = 28;
// An active light (identity channel map) of rgb; param0 the intensity (255 = 1), param1 the
// range in engine units, pointing down (the directional lights' direction vector).
loaders::RgmMpsl makeLight(double x, double y, double z, std::array<std::uint8_t, 3> rgb, int intensity,
                           int range, std::uint32_t lightParam);

} // namespace rgx::demo
