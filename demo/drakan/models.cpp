// The Drakan demo's model database (Common/Models.mod): a crate, a pillar, a tree with a lower level
// of detail, that level of detail, and a boulder, in cells (one cell: 2048 world units, the unit
// OpenDrakan draws models in), y up; built counter-clockwise seen from the front with v down from the
// texture's top, stored as the game stores them (Builder::polygon). Every value is a
// binary fraction or a fixed constant: the bytes are the same on every machine.
#include "demo/drakan/parts.h"
#include "loaders/drakan/class_record.h"
#include "loaders/drakan/model.h"

#include <algorithm>
#include <array>

namespace rgx::demo::drakan {

namespace dk = loaders::drakan;

namespace {

constexpr std::uint16_t kDoubleSided = 0x0002; // the text: "double sided (probably)"
constexpr float kC = 0.70710677f;              // cos 45 degrees, as a float constant
// The eight directions of an octagon, counter-clockwise from +x towards +z.
constexpr std::array<std::array<float, 2>, 8> kOctagon{
    {{1, 0}, {kC, kC}, {0, 1}, {-kC, kC}, {-1, 0}, {-kC, -kC}, {0, -1}, {kC, -kC}}};

struct Builder {
    dk::Vertices vertices;
    std::vector<dk::Polygon> polygons;
    std::vector<dk::RecordRef> textures;

    std::uint16_t vertex(float x, float y, float z) {
        vertices.push_back({x, y, z});
        return static_cast<std::uint16_t>(vertices.size() - 1);
    }
    std::uint16_t texture(std::uint16_t id) { // a texture of Textures.db, dependency 1
        for (std::size_t i = 0; i < textures.size(); ++i)
            if (textures[i].id == id) return static_cast<std::uint16_t>(i);
        textures.push_back({id, 1});
        return static_cast<std::uint16_t>(textures.size() - 1);
    }
    // Corners counter-clockwise seen from the front, with their (u, v).
    // Stored as the game stores them: clockwise seen from the front (the corners reversed), v up
    // from the texture's first stored row, its bottom (1 - v).
    void polygon(std::uint16_t texture, std::uint16_t flags,
                 std::initializer_list<dk::PolygonCorner> corners) {
        std::vector<dk::PolygonCorner> stored(corners.begin(), corners.end());
        std::reverse(stored.begin(), stored.end());
        for (dk::PolygonCorner& c : stored)
            c.v = 1.0f - c.v;
        polygons.push_back({flags, texture, std::move(stored)});
    }
    // A quad a-b-c-d (bottom-left, bottom-right, top-right, top-left seen from the front), the
    // texture repeated `ru` x `rv` times.
    void quad(std::uint16_t texture, std::uint16_t flags, std::array<std::uint16_t, 4> c, float ru = 1,
              float rv = 1) {
        polygon(texture, flags, {{c[0], 0, rv}, {c[1], ru, rv}, {c[2], ru, 0}, {c[3], 0, 0}});
    }
};

// A box of side `side` standing on y = 0, centred on x and z.
void box(Builder& b, float side, float height, std::uint16_t texture) {
    const float h = side / 2;
    std::array<std::uint16_t, 8> c{};
    for (int i = 0; i < 8; ++i)
        c[static_cast<std::size_t>(i)] = b.vertex(i & 1 ? h : -h, i & 2 ? height : 0, i & 4 ? h : -h);
    const auto q = [&](int a, int bb, int cc, int d) {
        b.quad(texture, 0,
               {c[static_cast<std::size_t>(a)], c[static_cast<std::size_t>(bb)],
                c[static_cast<std::size_t>(cc)], c[static_cast<std::size_t>(d)]});
    };
    q(4, 5, 7, 6); // +z
    q(1, 0, 2, 3); // -z
    q(5, 1, 3, 7); // +x
    q(0, 4, 6, 2); // -x
    q(6, 7, 3, 2); // top
    q(0, 1, 5, 4); // bottom
}

// An octagonal prism of radius r from y0 to y1, with its top closed.
void prism(Builder& b, float r, float y0, float y1, std::uint16_t texture, float rv) {
    std::array<std::uint16_t, 8> bottom{}, top{};
    for (std::size_t i = 0; i < 8; ++i) {
        bottom[i] = b.vertex(r * kOctagon[i][0], y0, r * kOctagon[i][1]);
        top[i] = b.vertex(r * kOctagon[i][0], y1, r * kOctagon[i][1]);
    }
    for (std::size_t i = 0; i < 8; ++i) {
        const std::size_t n = (i + 1) % 8;
        b.quad(texture, 0, {bottom[n], bottom[i], top[i], top[n]}, 0.5f, rv);
    }
    const std::uint16_t centre = b.vertex(0, y1, 0);
    for (std::size_t i = 0; i < 8; ++i) {
        const std::size_t n = (i + 1) % 8;
        b.polygon(texture, 0,
                  {{centre, 0.5f, 0.5f},
                   {top[n], 0.5f + kOctagon[n][0] / 2, 0.5f + kOctagon[n][1] / 2},
                   {top[i], 0.5f + kOctagon[i][0] / 2, 0.5f + kOctagon[i][1] / 2}});
    }
}

// `planes` (2 or 4) vertical double-sided quads crossing at the y axis, `width` wide from y0 to y1.
void crossedLeaves(Builder& b, int planes, float width, float y0, float y1) {
    const std::uint16_t leaves = b.texture(kLeaves);
    for (int p = 0; p < planes; ++p) {
        const auto& d = kOctagon[static_cast<std::size_t>(p * 4 / planes)]; // evenly over 180 degrees
        const float dx = d[0] * width / 2, dz = d[1] * width / 2;
        b.quad(leaves, kDoubleSided,
               {b.vertex(-dx, y0, -dz), b.vertex(dx, y0, dz), b.vertex(dx, y1, dz), b.vertex(-dx, y1, -dz)},
               2, 2);
    }
}

Builder crate() {
    Builder b;
    box(b, 0.375f, 0.375f, b.texture(kPlanks));
    return b;
}

Builder pillar() {
    Builder b;
    box(b, 0.5f, 0.125f, b.texture(kStone)); // the plinth
    prism(b, 0.15625f, 0.125f, 1.5f, b.texture(kStone), 4);
    return b;
}

Builder tree() {
    Builder b;
    prism(b, 0.0625f, 0, 0.75f, b.texture(kBark), 3);
    crossedLeaves(b, 4, 1.0f, 0.375f, 1.625f);
    return b;
}

Builder treeFar() {
    Builder b;
    crossedLeaves(b, 2, 1.0f, 0, 1.625f);
    return b;
}

Builder boulder() {
    Builder b;
    const std::uint16_t rock = b.texture(kRock);
    const std::uint16_t top = b.vertex(0.0625f, 0.5f, 0), bottom = b.vertex(0, 0, 0);
    std::array<std::uint16_t, 4> ring{b.vertex(0.375f, 0.1875f, 0), b.vertex(0, 0.25f, 0.3125f),
                                      b.vertex(-0.34375f, 0.15625f, 0), b.vertex(0, 0.21875f, -0.375f)};
    for (std::size_t i = 0; i < 4; ++i) {
        const std::size_t n = (i + 1) % 4;
        b.polygon(rock, 0,
                  {{top, 0.5f, 0}, {ring[n], i % 2 ? 0.0f : 1.0f, 1}, {ring[i], i % 2 ? 1.0f : 0.0f, 1}});
        b.polygon(rock, 0, {{bottom, 0.5f, 0}, {ring[i], 0, 1}, {ring[n], 1, 1}});
    }
    return b;
}

dk::BoundingInfo boundsOf(const Builder& b) {
    dk::Vec3f lo = b.vertices.front(), hi = b.vertices.front();
    for (const dk::Vec3f& v : b.vertices)
        for (std::size_t i = 0; i < 3; ++i)
            lo[i] = std::min(lo[i], v[i]), hi[i] = std::max(hi[i], v[i]);
    dk::BoundingInfo info;
    float r2 = 0;
    for (std::size_t i = 0; i < 3; ++i) {
        info.sphere.center[i] = info.box.center[i] = (lo[i] + hi[i]) / 2;
        r2 += (hi[i] - lo[i]) * (hi[i] - lo[i]) / 4;
    }
    float r = r2 > 1 ? r2 : 1;
    for (int i = 0; i < 24; ++i)
        r = (r + r2 / r) / 2; // Newton's square root: the same on every machine
    info.sphere.radius = r;
    for (std::size_t i = 0; i < 3; ++i)
        info.box.transform[i * 4] = (hi[i] - lo[i]) / 2; // half-extents on the diagonal
    return info;
}

} // namespace

dk::SrscFile demoModelDatabase() {
    dk::SrscFile file;
    file.records.push_back({dk::kModelGroupRecord, 1, 0, dk::writeGroupName("Props")});
    file.records.push_back({dk::kModelGroupRecord, 2, 0, dk::writeGroupName("Nature")});
    file.records.push_back({dk::kModelGroupCountRecord, 0, 0, dk::writeModelGroupCount({2, 2, kBoulder})});
    struct Entry {
        DemoModel id;
        const char* name;
        std::uint16_t group;
        Builder model;
    };
    const Entry models[] = {{kCrate, "Crate", 1, crate()},
                            {kPillar, "Pillar", 1, pillar()},
                            {kTree, "Tree", 2, tree()},
                            {kTreeFar, "Tree (far)", 2, treeFar()},
                            {kBoulder, "Boulder", 2, boulder()}};
    for (const Entry& m : models) {
        const auto add = [&](std::uint16_t type, loaders::Bytes body) {
            file.records.push_back({type, m.id, m.group, std::move(body)});
        };
        add(dk::kModelNameRecord, dk::writeModelName({m.name, 0x8002})); // smooth, and the bit always set
        add(dk::kVerticesRecord, dk::writeVertices(m.model.vertices));
        add(dk::kTextureListRecord, dk::writeTextureList(m.model.textures));
        add(dk::kPolygonsRecord, dk::writePolygons(m.model.polygons));
        if (m.id == kTree) {
            add(dk::kLodRecord, dk::writeModelLod({kTreeFar, 6.0f})); // past 6 cells, the far tree
        } else {
            // Bounds: the crate's as a box, the others' as a sphere (both kinds the text names).
            dk::ModelBounds bounds;
            bounds.info = boundsOf(m.model);
            bounds.hierarchy.push_back({0, 0});
            bounds.boxes = m.id == kCrate;
            if (bounds.boxes)
                bounds.boxShapes.push_back({bounds.info.box, {0, 1, 2, 3, 4, 5}});
            else
                bounds.spheres.push_back(bounds.info.sphere);
            add(dk::kBoundsRecord, dk::writeModelBounds(bounds));
        }
    }
    return file;
}

} // namespace rgx::demo::drakan
