#pragma once
// Daggerfall's blocks placed in a scene, as Daggerfall Unity lays them out (its RMBLayout and
// RDBLayout; facts, with what rgx chose where it is silent, in docs/formats/daggerfall_scene.md).
// Every node gets its record (Scene::records) for the Inspector.
//
// RMB (a town block, 4096 units square): subrecord i stands at T(x, 0, 4096 - z) turned by its
// y rotation; its exterior's 3D objects, flats and people at T(x, -y, z) inside that, each object
// turned by its own y rotation; the block's own 3D objects and flats at T(x, -y, z + 4096); the
// ground is 16 x 16 tiles of 256 units, tile (x, n) of the block's north-up grid drawn from the
// small map's byte at column x, row 15 - n. rgx draws each building's interior kInteriorDrop
// units under the block, in place (Daggerfall loads it on its own when a door is used).
// RDB (a dungeon block, 2048 units square): objects at T(x, -y, z), 3D objects turned by
// Quaternion.Euler(-x, -y, -z) of their angles; flats of TEXTURE.199 (the editor's markers) are
// markers, not drawn.

#include "loaders/daggerfall/rdb.h"
#include "loaders/daggerfall/rmb.h"
#include "scene/daggerfall/df_media.h"
#include "scene/scene_graph.h"

#include <string>

namespace rgx::scene::daggerfall {

inline constexpr double kRmbSide = 4096;       // units: a town block's side
inline constexpr double kRdbSide = 2048;       // units: a dungeon block's side
inline constexpr double kGroundTile = 256;     // units: one of the 16 x 16 ground tiles
inline constexpr double kInteriorDrop = 4096;  // units: how far under its block an interior is drawn
inline constexpr int kEditorFlatArchive = 199; // TEXTURE.199: markers, never drawn by the game

// Places `block` (read from `file`, "ARENA2/BLOCKS.BSA:TVRNAL01.RMB") at `blockUnity` (a
// placement in Daggerfall Unity's frame: its south-west corner), the ground drawn from TEXTURE.
// <groundArchive>. Returns the nodes added.
std::size_t addRmbBlock(Scene& scene, DaggerfallMedia& media, const loaders::daggerfall::RmbBlock& block,
                        const std::string& file, const Mat4& blockUnity, int groundArchive);

// The same for a dungeon block.
std::size_t addRdbBlock(Scene& scene, DaggerfallMedia& media, const loaders::daggerfall::RdbBlock& block,
                        const std::string& file, const Mat4& blockUnity);

// The texture coordinates of a ground tile's corners (south-west, south-east, north-east,
// north-west), image row 0 at the north edge, then turned a quarter (rotate) and mirrored in
// both directions (flip) as its byte says.
std::array<std::array<double, 2>, 4> groundTileUvs(bool rotate, bool flip);

} // namespace rgx::scene::daggerfall
