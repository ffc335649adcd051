#pragma once
// The PVO baker: the reference's generation process (a grid of sample points over the world's
// bounding box, the visibility set of each, octree insertion, pruning) producing a PvoTree for
// loaders::buildPvo.
//
// Conservative by construction: the list stored for a leaf is the set of objects the visibility
// model calls visible from ANY point of the leaf's closed cell (not only from its sample point),
// so pvoVisibleIds(p) contains every object visible from p for every p inside the sampled box.
// Outside the sampled box the walk ends on a node without data and answers nothing.
//
// Visibility model (PvoScene):
//   - an object is visible from p when the distance from p to its box is <= viewDistance;
//   - with rooms (interiors), additionally some room containing p must see some room the
//     object's box touches (seesRoom, e.g. rooms see each other only through doorways and
//     corridors); objects touching no room, and points inside no room, are not restricted.
//   Boxes are closed: a point on a shared face is in both rooms.

#include "loaders/redguard/pvo.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rgx::demo {

struct PvoBox {
    std::array<double, 3> min{}, max{};
};

struct PvoObject {
    std::uint16_t id = 0; // MLST id
    PvoBox box;           // PVO coordinates (engine units, y down)
};

struct PvoScene {
    std::vector<PvoObject> objects;
    double viewDistance = 16384;
    std::vector<PvoBox> rooms;               // empty: open world
    std::vector<std::vector<bool>> seesRoom; // [from][to], rooms.size() square
};

struct PvoBakeSettings {
    std::array<std::int32_t, 3> center{}; // root centre (multiples of leafHalf keep cells aligned)
    std::uint32_t cellSize = 16384;       // root half-extent
    std::uint32_t leafHalf = 2048;        // half-extent of the finest cells (the grid spacing)
    std::uint32_t depth = 10;             // header depth (>= the levels used)
    PvoBox sampled;                       // the world bounding box the grid covers
};

// Ids visible from point p under the model (sorted, distinct): what the baker must keep.
std::vector<std::uint16_t> pvoVisibleFromPoint(const PvoScene& scene, const std::array<double, 3>& p);

// Bakes the octree. Throws rgx::Error when cellSize / leafHalf is not a power of two or needs
// more levels than depth.
loaders::PvoTree bakePvo(const PvoScene& scene, const PvoBakeSettings& settings);

} // namespace rgx::demo
