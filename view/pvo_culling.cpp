#include "view/pvo_culling.h"

#include <algorithm>

namespace rgx::view {

PvoCulling PvoCulling::forScene(const scene::Scene& scene) {
    const scene::WorldEnvironment& env = scene.redguard.environment;
    if (!scene.redguard.world || !env.pvo) return {};
    return fromParts(*env.pvo, env.pvoPath, scene, env.pvoIds.mpso, env.pvoIds.mpobStatic, env.pvoIds.ropes);
}

PvoCulling PvoCulling::fromParts(loaders::Pvo pvo, std::string path, const scene::Scene& scene,
                                 std::size_t mpsoCount, const std::vector<bool>& mpobStatic,
                                 std::size_t ropeCount) {
    PvoCulling c;
    // The id of each record: MPSO by index, then the secondary table (static MPOB, ropes).
    std::vector<std::int64_t> mpobId(mpobStatic.size(), -1), ropeId(ropeCount, -1);
    std::size_t next = mpsoCount;
    for (std::size_t i = 0; i < mpobStatic.size(); ++i)
        if (mpobStatic[i]) mpobId[i] = static_cast<std::int64_t>(next++);
    for (std::size_t i = 0; i < ropeCount; ++i)
        ropeId[i] = static_cast<std::int64_t>(next++);
    // MLST ids are u16: ids past 65535 cannot be named by the file.
    c.idNodes_.resize(std::min<std::size_t>(next, 65536));
    c.hasId_.assign(scene.nodes.size(), 0);

    auto idOf = [&](std::size_t n) -> std::int64_t {
        const scene::SceneNode& node = scene.nodes[n];
        const std::size_t s = node.source;
        switch (node.kind) {
        case scene::NodeKind::Static:
            return s < mpsoCount ? static_cast<std::int64_t>(s) : -1;
        case scene::NodeKind::Object:
        case scene::NodeKind::Trigger:
            return s < mpobId.size() ? mpobId[s] : -1;
        case scene::NodeKind::Rope:
            return s < ropeId.size() ? ropeId[s] : -1;
        default:
            return -1;
        }
    };
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
        std::int64_t id = idOf(n);
        // A rope's links and end go with their rope, a held item with its actor.
        const scene::SceneNode& node = scene.nodes[n];
        if ((node.kind == scene::NodeKind::RopeLink || node.kind == scene::NodeKind::RopeEnd ||
             node.kind == scene::NodeKind::HeldItem) &&
            node.parent >= 0 && static_cast<std::size_t>(node.parent) < n)
            id = idOf(static_cast<std::size_t>(node.parent));
        if (id < 0 || static_cast<std::size_t>(id) >= c.idNodes_.size()) continue;
        c.idNodes_[static_cast<std::size_t>(id)].push_back(static_cast<std::uint32_t>(n));
        c.hasId_[n] = 1;
    }
    c.leafRanges_.resize(pvo.leaves.size());
    for (std::size_t l = 0; l < pvo.leaves.size(); ++l) {
        auto& ranges = c.leafRanges_[l];
        for (const loaders::PvoLeafEntry& e : pvo.leaves[l].entries) {
            const auto end = static_cast<std::uint32_t>(
                std::min<std::size_t>(pvo.mlst.size(), std::size_t{e.mlstStart} + e.count));
            if (e.mlstStart < end) ranges.emplace_back(e.mlstStart, end);
        }
        std::sort(ranges.begin(), ranges.end());
        std::size_t kept = 0;
        for (const auto& r : ranges) {
            if (kept > 0 && r.first <= ranges[kept - 1].second)
                ranges[kept - 1].second = std::max(ranges[kept - 1].second, r.second);
            else
                ranges[kept++] = r;
        }
        ranges.resize(kept);
    }
    c.pvo_ = std::move(pvo);
    c.path_ = std::move(path);
    return c;
}

const std::vector<std::uint32_t>& PvoCulling::nodesOfId(std::uint16_t id) const {
    static const std::vector<std::uint32_t> kNone;
    return id < idNodes_.size() ? idNodes_[id] : kNone;
}

std::int32_t PvoCulling::findNode(const Vec3& position) const {
    if (!pvo_) return -1;
    const auto p = toPvo(position);
    if (!loaders::pvoContains(*pvo_, p[0], p[1], p[2])) return -1;
    return loaders::pvoFindNode(*pvo_, p[0], p[1], p[2]);
}

bool PvoCulling::visibleNodes(const Vec3& position, std::vector<std::uint8_t>& visible) const {
    visible.resize(hasId_.size());
    const std::int32_t node = findNode(position);
    if (node < 0) {
        std::fill(visible.begin(), visible.end(), std::uint8_t{1});
        return false;
    }
    // Everything with an id starts hidden; the leaf's ranges switch their nodes on. Each MLST slot
    // is read once (the merged ranges) and each id's nodes are switched on once: a file whose
    // ranges overlap, or repeat an id with many nodes (a long rope), costs no more per frame.
    for (std::size_t i = 0; i < hasId_.size(); ++i)
        visible[i] = hasId_[i] ? 0 : 1;
    const loaders::PvoNode& pn = pvo_->nodes[static_cast<std::size_t>(node)];
    if (pn.leaf < 0 || static_cast<std::size_t>(pn.leaf) >= leafRanges_.size()) return true;
    const std::vector<std::uint16_t>& mlst = pvo_->mlst;
    std::vector<std::uint8_t> seen(idNodes_.size(), 0);
    for (const auto& [begin, end] : leafRanges_[static_cast<std::size_t>(pn.leaf)])
        for (std::uint32_t k = begin; k < end; ++k) {
            const std::uint16_t id = mlst[k];
            if (id >= idNodes_.size() || seen[id]) continue;
            seen[id] = 1;
            for (std::uint32_t n : idNodes_[id])
                visible[n] = 1;
        }
    return true;
}

std::optional<scene::Bounds> PvoCulling::cell(const Vec3& position) const {
    const std::int32_t node = findNode(position);
    if (node < 0) return std::nullopt;
    const auto p = toPvo(position);
    const loaders::PvoHeader& h = pvo_->header;
    std::int64_t c[3] = {h.center[0], h.center[1], h.center[2]};
    std::int64_t half = h.cellSize;
    // The same walk as pvoFindNode, down to the node it found, keeping the cell.
    std::int32_t index = 0;
    for (std::uint32_t step = 0; step <= loaders::kPvoMaxDepth && index != node; ++step) {
        const loaders::PvoNode& n = pvo_->nodes[static_cast<std::size_t>(index)];
        const bool pos[3] = {p[0] > static_cast<double>(c[0]), p[1] > static_cast<double>(c[1]),
                             p[2] > static_cast<double>(c[2])};
        const unsigned octant = (pos[2] ? 1u : 0u) | (pos[1] ? 2u : 0u) | (pos[0] ? 4u : 0u);
        index = n.children[octant];
        if (index < 0) break;
        half /= 2;
        for (int a = 0; a < 3; ++a)
            c[a] += pos[a] ? half : -half;
    }
    scene::Bounds b;
    const auto h2 = static_cast<double>(half);
    // Engine y is down: the scene box spans -(cy + half) .. -(cy - half).
    b.add(Vec3{static_cast<double>(c[0]) - h2, -static_cast<double>(c[1]) - h2,
               static_cast<double>(c[2]) - h2});
    b.add(Vec3{static_cast<double>(c[0]) + h2, -static_cast<double>(c[1]) + h2,
               static_cast<double>(c[2]) + h2});
    return b;
}

std::vector<std::uint16_t> PvoCulling::visibleIds(const Vec3& position) const {
    const std::int32_t node = findNode(position);
    if (node < 0) return {};
    const std::int32_t leaf = pvo_->nodes[static_cast<std::size_t>(node)].leaf;
    if (leaf < 0) return {};
    return loaders::pvoLeafIds(*pvo_, static_cast<std::size_t>(leaf));
}

} // namespace rgx::view
