#pragma once
// PVO culling on the CPU: the world's visibility octree and the table from its MLST ids to scene
// nodes, built once at world load; per frame, the camera position gives the nodes the octree
// lets through. Ids below the RGM's MPSO count are MPSO records (scene `static` nodes); the
// ids from there on index the secondary table, which the reference says the runtime collects
// from placed objects with the visibility flag set: the MPOB records with is_static set, in
// MPOB order, then the MPRP ropes in order (docs/demo_worlds.md, the demo baker's numbering).
// Nodes that no id names (terrain, actors, flats, lights, ...) are never PVO-culled, as the
// engine runs the check only in its placed-object loop. The octree is in the engine frame
// (y down, as the RGM positions the baker reads), so a scene position (x, y, z) is queried at
// (x, -y, z) (docs/coordinates.md).

#include "loaders/redguard/pvo.h"
#include "scene/scene_graph.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rgx::view {

class PvoCulling {
public:
    PvoCulling() = default; // no PVO: nothing is ever culled

    // The culling of a scene's world: its environment's PVO (scene::WorldEnvironment, read with
    // the scene: maps/<RGM stem>.PVO) numbered by the RGM's counts. Without a PVO, a culling that
    // culls nothing (the environment's notes say why).
    static PvoCulling forScene(const scene::Scene& scene);
    // From parts (tests, benchmarks): mpobStatic holds each MPOB record's is_static flag.
    static PvoCulling fromParts(loaders::Pvo pvo, std::string path, const scene::Scene& scene,
                                std::size_t mpsoCount, const std::vector<bool>& mpobStatic,
                                std::size_t ropeCount);

    bool hasPvo() const { return pvo_.has_value(); }
    const std::string& path() const { return path_; }
    const loaders::Pvo* pvo() const { return pvo_ ? &*pvo_ : nullptr; }
    std::size_t idCount() const { return idNodes_.size(); }
    // The scene nodes of an MLST id (several for a rope: the rope and its links and end).
    const std::vector<std::uint32_t>& nodesOfId(std::uint16_t id) const;
    // Whether a scene node is subject to PVO culling (some id names it).
    bool culled(std::size_t node) const { return node < hasId_.size() && hasId_[node]; }

    // A scene position in PVO (engine) coordinates.
    static std::array<double, 3> toPvo(const Vec3& p) { return {p.x, -p.y, p.z}; }

    // The octree node whose leaf answers for a scene position; -1 when there is no PVO or the
    // position is outside the root cell (then nothing is PVO-culled).
    std::int32_t findNode(const Vec3& position) const;

    // Per scene node: 1 to draw. Nodes without an id are 1; with a PVO and the position inside
    // it, a node with an id is 1 when the leaf lists one of its ids. Returns false (all 1) when
    // PVO culling does not apply. `visible` is resized to the node count; no other allocation.
    bool visibleNodes(const Vec3& position, std::vector<std::uint8_t>& visible) const;

    // The cell (scene frame, min and max corners) of the node findNode answers with, for the
    // explorer's cell view; nullopt when findNode is -1. Walks as loaders::pvoFindNode does.
    std::optional<scene::Bounds> cell(const Vec3& position) const;

    // The ids the leaf at `position` lists, sorted and distinct (what loaders::pvoVisibleIds
    // answers inside the root cell); empty when findNode is -1 or the node has no leaf.
    std::vector<std::uint16_t> visibleIds(const Vec3& position) const;

private:
    std::optional<loaders::Pvo> pvo_;
    std::string path_;
    std::vector<std::vector<std::uint32_t>> idNodes_; // by MLST id
    std::vector<std::uint8_t> hasId_;                 // by scene node
    // Per leaf: its MLST ranges clipped to the MLST, sorted and merged, so a query reads each MLST
    // slot once however the file's ranges overlap ([begin, end) pairs).
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> leafRanges_;
};

} // namespace rgx::view
