#include "demo/pvo_baker.h"

#include "base/error.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace rgx::demo {

namespace {

double boxDistanceSq(const PvoBox& a, const PvoBox& b) {
    double d = 0;
    for (int i = 0; i < 3; ++i) {
        double gap = std::max({0.0, a.min[i] - b.max[i], b.min[i] - a.max[i]});
        d += gap * gap;
    }
    return d;
}

bool touches(const PvoBox& a, const PvoBox& b) {
    return boxDistanceSq(a, b) == 0.0;
}

bool contains(const PvoBox& outer, const PvoBox& inner) {
    for (int i = 0; i < 3; ++i)
        if (inner.min[i] < outer.min[i] || inner.max[i] > outer.max[i]) return false;
    return true;
}

struct Prepared {
    const PvoScene& scene;
    std::vector<std::vector<int>> objectRooms; // rooms each object touches
};

Prepared prepare(const PvoScene& scene) {
    Prepared prepared{scene, std::vector<std::vector<int>>(scene.objects.size())};
    for (std::size_t o = 0; o < scene.objects.size(); ++o)
        for (std::size_t r = 0; r < scene.rooms.size(); ++r)
            if (touches(scene.rooms[r], scene.objects[o].box))
                prepared.objectRooms[o].push_back(static_cast<int>(r));
    return prepared;
}

// Rooms "seen" from a region (a point is a degenerate box): the union of what every room
// touching the region sees; `open` when part of the region may lie in no room.
struct RoomView {
    bool open = true;
    std::vector<bool> seen;
};

RoomView roomView(const PvoScene& scene, const PvoBox& region) {
    RoomView v;
    if (scene.rooms.empty()) return v;
    v.seen.assign(scene.rooms.size(), false);
    v.open = true;
    for (std::size_t r = 0; r < scene.rooms.size(); ++r) {
        if (!touches(scene.rooms[r], region)) continue;
        if (contains(scene.rooms[r], region)) v.open = false;
        for (std::size_t t = 0; t < scene.rooms.size(); ++t)
            if (scene.seesRoom[r][t]) v.seen[t] = true;
    }
    return v;
}

bool visibleFrom(const Prepared& p, const RoomView& view, const PvoBox& region, std::size_t object) {
    const PvoScene& s = p.scene;
    if (boxDistanceSq(region, s.objects[object].box) > s.viewDistance * s.viewDistance) return false;
    if (view.open) return true;
    const auto& rooms = p.objectRooms[object];
    if (rooms.empty()) return true;
    for (int r : rooms)
        if (view.seen[static_cast<std::size_t>(r)]) return true;
    return false;
}

struct Builder {
    const Prepared& prepared;
    const PvoBakeSettings& settings;
    loaders::PvoTree& tree;

    // Builds the subtree for the cell centre c, half-extent h (closed box) from the candidate
    // objects (a superset of what the cell sees: a child's set is inside its parent's).
    // Returns the node index, or -1 when the cell is outside the sampled box or sees nothing.
    std::int32_t build(const std::array<std::int64_t, 3>& c, std::int64_t h,
                       const std::vector<std::uint32_t>& candidates) {
        PvoBox cell;
        for (int i = 0; i < 3; ++i) {
            cell.min[i] = static_cast<double>(c[i] - h);
            cell.max[i] = static_cast<double>(c[i] + h);
        }
        if (!touches(cell, settings.sampled)) return -1;
        RoomView view = roomView(prepared.scene, cell);
        std::vector<std::uint32_t> visible;
        for (std::uint32_t o : candidates)
            if (visibleFrom(prepared, view, cell, o)) visible.push_back(o);
        if (visible.empty()) return -1;

        std::int32_t self = static_cast<std::int32_t>(tree.nodes.size());
        tree.nodes.emplace_back();
        if (h <= static_cast<std::int64_t>(settings.leafHalf)) {
            tree.nodes[static_cast<std::size_t>(self)].leaf = addLeaf(visible);
            return self;
        }
        std::array<std::int32_t, 8> children{};
        std::int64_t q = h / 2;
        for (int octant = 0; octant < 8; ++octant) {
            std::array<std::int64_t, 3> cc{c[0] + ((octant & 4) ? q : -q), c[1] + ((octant & 2) ? q : -q),
                                           c[2] + ((octant & 1) ? q : -q)};
            children[static_cast<std::size_t>(octant)] = build(cc, q, visible);
        }
        // Prune: when every child that exists is a leaf with the same list, the node itself
        // becomes that leaf (the list is the union over the cell, so nothing visible is lost;
        // octants without a child saw nothing). Child records are dropped from the end.
        std::int32_t firstLeaf = -1;
        bool same = true;
        for (std::int32_t ch : children) {
            if (ch < 0) continue;
            const loaders::PvoTreeNode& n = tree.nodes[static_cast<std::size_t>(ch)];
            bool isLeaf = n.leaf >= 0 && std::all_of(n.children.begin(), n.children.end(),
                                                     [](std::int32_t x) { return x < 0; });
            if (!isLeaf || (firstLeaf >= 0 && tree.leafIds[static_cast<std::size_t>(n.leaf)] !=
                                                  tree.leafIds[static_cast<std::size_t>(firstLeaf)])) {
                same = false;
                break;
            }
            if (firstLeaf < 0) firstLeaf = n.leaf;
        }
        if (same && firstLeaf >= 0) {
            std::vector<std::uint16_t> ids = tree.leafIds[static_cast<std::size_t>(firstLeaf)];
            tree.nodes.resize(static_cast<std::size_t>(self) + 1);
            tree.leafIds.resize(leafMark(self));
            tree.nodes[static_cast<std::size_t>(self)] = loaders::PvoTreeNode{};
            tree.nodes[static_cast<std::size_t>(self)].leaf = static_cast<std::int32_t>(tree.leafIds.size());
            tree.leafIds.push_back(std::move(ids));
            leafOwner.push_back(self);
            return self;
        }
        tree.nodes[static_cast<std::size_t>(self)].children = children;
        return self;
    }

    std::int32_t addLeaf(const std::vector<std::uint32_t>& visible) {
        std::vector<std::uint16_t> ids;
        ids.reserve(visible.size());
        for (std::uint32_t o : visible)
            ids.push_back(prepared.scene.objects[o].id);
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        leafOwner.push_back(static_cast<std::int32_t>(tree.nodes.size() - 1));
        tree.leafIds.push_back(std::move(ids));
        return static_cast<std::int32_t>(tree.leafIds.size() - 1);
    }

    // Number of leaves created before node `node` (leaves are created in node order).
    std::size_t leafMark(std::int32_t node) {
        auto n = static_cast<std::size_t>(std::lower_bound(leafOwner.begin(), leafOwner.end(), node) -
                                          leafOwner.begin());
        leafOwner.resize(n);
        return n;
    }

    std::vector<std::int32_t> leafOwner; // node index of each leaf, ascending
};

} // namespace

std::vector<std::uint16_t> pvoVisibleFromPoint(const PvoScene& scene, const std::array<double, 3>& p) {
    const Prepared prepared = prepare(scene);
    PvoBox point{p, p};
    RoomView view = roomView(scene, point);
    std::vector<std::uint16_t> ids;
    for (std::size_t o = 0; o < scene.objects.size(); ++o)
        if (visibleFrom(prepared, view, point, o)) ids.push_back(scene.objects[o].id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

loaders::PvoTree bakePvo(const PvoScene& scene, const PvoBakeSettings& settings) {
    std::uint32_t levels = 0;
    for (std::uint32_t h = settings.cellSize; h > settings.leafHalf; h /= 2) {
        if (h % 2 != 0) break;
        ++levels;
    }
    if (settings.leafHalf == 0 || (settings.cellSize >> levels) != settings.leafHalf ||
        (static_cast<std::uint64_t>(settings.leafHalf) << levels) != settings.cellSize ||
        levels > settings.depth) {
        throw Error("<pvo baker>", Error::kNoOffset, "cellSize",
                    "cell size " + std::to_string(settings.cellSize) + " is not leaf half " +
                        std::to_string(settings.leafHalf) + " times a power of two within depth " +
                        std::to_string(settings.depth));
    }
    if (scene.seesRoom.size() != scene.rooms.size())
        throw Error("<pvo baker>", Error::kNoOffset, "seesRoom", "needs one row per room");

    const Prepared prepared = prepare(scene);

    loaders::PvoTree tree;
    tree.depth = settings.depth;
    tree.cellSize = settings.cellSize;
    tree.center = settings.center;
    Builder builder{prepared, settings, tree, {}};
    std::vector<std::uint32_t> all(scene.objects.size());
    for (std::size_t o = 0; o < all.size(); ++o)
        all[o] = static_cast<std::uint32_t>(o);
    std::int32_t root =
        builder.build({settings.center[0], settings.center[1], settings.center[2]}, settings.cellSize, all);
    if (root < 0) tree.nodes.emplace_back(); // nothing visible anywhere: a bare root
    return tree;
}

} // namespace rgx::demo
