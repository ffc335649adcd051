// The Drakan demo's class database (Common/Classes.odb) and its level (Levels/Valley.lvl): a valley
// floor of 16 x 16 cells with a path, rocky rims, two holes, an invisible triangle and both cell
// dividers; a stone bridge layer between; pillars, crates, trees, boulders and a waypoint placed
// by class. Heights are whole world units (the level's grid stores them halved).
#include "demo/drakan/parts.h"

#include <bit>
#include <cstdlib>
#include <utility>

namespace rgx::demo::drakan {

namespace dk = loaders::drakan;

namespace {

constexpr std::uint16_t kTexturesDb = 1, kClassesDb = 3; // the level's database indices

std::uint32_t floatBits(float f) {
    return std::bit_cast<std::uint32_t>(f);
}
// A reference-typed field's dword: the id in the low half, the database in the high (as a ref).
std::uint32_t refBits(std::uint16_t id, std::uint16_t database) {
    return id | std::uint32_t{database} << 16;
}
// Appends a string to a data area as dwords (NUL padded), returning its (offset, length) dword.
std::uint32_t appendString(std::vector<std::uint32_t>& data, const std::string& s) {
    const auto offset = static_cast<std::uint32_t>(data.size());
    const std::size_t dwords = (s.size() + 3) / 4;
    for (std::size_t i = 0; i < dwords; ++i) {
        std::uint32_t d = 0;
        for (std::size_t b = 0; b < 4 && i * 4 + b < s.size(); ++b)
            d |= std::uint32_t{static_cast<std::uint8_t>(s[i * 4 + b])} << (8 * b);
        data.push_back(d);
    }
    return offset | static_cast<std::uint32_t>(dwords) << 16;
}

using Type = dk::FieldType;
std::uint32_t type(Type t, bool array = false) {
    return static_cast<std::uint32_t>(t) | (array ? dk::kFieldArrayFlag : 0u);
}

dk::ClassRecord crateClass() {
    dk::ClassRecord c{"Crate", 1, {kCrate, 1}, 1, 3, {50, 1, floatBits(12.5f), 0}, {}};
    c.data[3] = appendString(c.data, "crate of supplies");
    c.fields = {{type(Type::Integer), "Health"},
                {type(Type::Boolean), "Breakable"},
                {type(Type::Float), "Mass"},
                {type(Type::String), "Label"}};
    return c;
}

dk::ClassRecord pillarClass() {
    return {"Pillar",
            1,
            {kPillar, 1},
            2,
            4,
            {0x00FFD080u, floatBits(1.5f)},
            {{type(Type::Colour), "Light colour"}, {type(Type::Float), "Height"}}};
}

dk::ClassRecord treeClass() {
    dk::ClassRecord c{"Tree", 2, {kTree, 1}, 3, 5, {floatBits(0.25f), refBits(kLeaves, 2), 0}, {}};
    const auto offset = static_cast<std::uint32_t>(c.data.size());
    c.data.insert(c.data.end(), {1, 2, 3, 4});
    c.data[2] = offset | 4u << 16;
    c.fields = {{type(Type::Float), "Sway"},
                {type(Type::Texture), "Leaf texture"},
                {type(Type::Integer, true), "Seasons"}};
    return c;
}

dk::ClassRecord boulderClass() {
    return {"Boulder", 2, {kBoulder, 1}, 4, 6, {floatBits(400.0f)}, {{type(Type::Float), "Mass"}}};
}

dk::ClassRecord waypointClass() {
    return {"Waypoint", 1, {0, 0}, 5, 7, {1}, {{type(Type::Integer), "Order"}}};
}

// The valley floor's height at vertex (x, z), whole world units (even: the grid halves them): a
// bowl rising to a rim of about 1.5 cells, with small bumps.
int floorHeight(int x, int z) {
    const int dx = x - 8, dz = z - 8;
    return (dx * dx + dz * dz) * 24 + (x * 7 + z * 13) % 5 * 32;
}

constexpr int kBridgeX = 7, kBridgeZ = 5, kBridgeHeight = 1536;
// The bridge's arch over its six cells: vertex row z's offset, whole world units.
int bridgeOffset(int z) {
    return (3 - std::abs(z - 3)) * 128;
}

// A cell mapping its texture once, upright seen from the south: a (0, 0) at the texture's top-left,
// b (1, 0), c (0, 1), d (1, 1); stored Uc Ud Ub Ua Vc Vd Vb Va with v up from the texture's first
// stored row, its bottom (1 - v).
constexpr std::array<std::uint16_t, 8> kWholeTexture{0, 0xFFFF, 0xFFFF, 0, 0, 0, 0xFFFF, 0xFFFF};

dk::Layer floorLayer() {
    dk::Layer l;
    l.id = 1;
    l.width = l.height = 16;
    l.type = dk::LayerType::Floor;
    l.name = "Valley floor";
    l.lightDirection = 0.75f;
    l.lightAscension = 0.875f;
    l.lightColour = 0x00FFF0D8;
    l.ambientColour = 0x00404858;
    l.visibleLayers = {0, 1};
    for (int z = 0; z <= 16; ++z)
        for (int x = 0; x <= 16; ++x)
            l.vertices.push_back({0, 1, static_cast<std::uint16_t>(0x8000 + floorHeight(x, z) / 2)});
    for (int z = 0; z < 16; ++z) {
        for (int x = 0; x < 16; ++x) {
            const int h =
                floorHeight(x, z) + floorHeight(x + 1, z) + floorHeight(x, z + 1) + floorHeight(x + 1, z + 1);
            std::uint16_t texture = kGrass;
            if (h / 4 > 2000)
                texture = kRock;
            else if (z == 7 || z == 8)
                texture = kDirt; // the path across the valley
            dk::LayerCell c;
            c.flags = (x + z) % 2 ? dk::kCellBackslash : 0;
            c.left = c.right = {texture, kTexturesDb};
            c.uv = kWholeTexture;
            if (z == 13 && (x == 2 || x == 3)) c.left = c.right = dk::kHoleTexture; // a cave's mouth
            if (z == 2 && x == 13) c.right = dk::kInvisibleTexture;                 // collides, not drawn
            l.cells.push_back(c);
        }
    }
    return l;
}

dk::Layer bridgeLayer() {
    dk::Layer l;
    l.id = 2;
    l.width = 2;
    l.height = 6;
    l.type = dk::LayerType::Between;
    l.originX = kBridgeX;
    l.originZ = kBridgeZ;
    l.worldHeight = kBridgeHeight;
    l.name = "Stone bridge";
    l.flags = 2;
    l.lightDirection = 0.75f;
    l.lightAscension = 0.875f;
    l.lightColour = 0x00FFE8C8;
    l.ambientColour = 0x00384050;
    l.lightDropoff = 1;
    l.visibleLayers = {0, 1};
    for (int z = 0; z <= 6; ++z)
        for (int x = 0; x <= 2; ++x)
            l.vertices.push_back({0, 1, static_cast<std::uint16_t>(0x8000 + bridgeOffset(z) / 2)});
    for (int i = 0; i < 12; ++i) {
        dk::LayerCell c;
        c.left = c.right = {kStone, kTexturesDb};
        c.uv = kWholeTexture;
        l.cells.push_back(c);
    }
    return l;
}

// An object of `cls` on the floor's vertex (x, z), or on the bridge's when `bridge`.
dk::LevelObject place(std::uint32_t id, DemoClass cls, int x, int z, int degrees, bool bridge = false) {
    dk::LevelObject o;
    o.id = id;
    o.classRef = {cls, kClassesDb};
    o.lightingLayer = bridge ? 2 : 1;
    const int y = bridge ? kBridgeHeight + bridgeOffset(z - kBridgeZ) : floorHeight(x, z);
    o.position = {static_cast<float>(x * 2048), static_cast<float>(y), static_cast<float>(z * 2048)};
    o.rotation = {0, static_cast<std::uint16_t>(degrees), 0};
    return o;
}

} // namespace

dk::SrscFile demoClassDatabase() {
    dk::SrscFile file;
    file.records.push_back(
        {dk::kRflReferenceRecord, 0, 0, dk::writeRflReference({{1, 0, 0, 0, 0, 0, 0, 0}, "Dragon.rfl"})});
    file.records.push_back({dk::kClassGroupRecord, 1, 0, dk::writeGroupName("Props")});
    file.records.push_back({dk::kClassGroupRecord, 2, 0, dk::writeGroupName("Nature")});
    const dk::ClassRecord classes[] = {crateClass(), pillarClass(), treeClass(), boulderClass(),
                                       waypointClass()};
    for (std::size_t i = 0; i < std::size(classes); ++i)
        file.records.push_back({dk::kClassRecord, static_cast<std::uint16_t>(i + 1), classes[i].group,
                                dk::writeClassRecord(classes[i])});
    return file;
}

dk::Level demoLevel() {
    dk::Level level;
    level.info.name = "rgx demo valley";
    level.info.maxWidth = level.info.maxHeight = 16;
    level.info.databases = {{kTexturesDb, 0, "..\\Common\\Textures"},
                            {2, 0, "..\\Common\\Models"},
                            {kClassesDb, 0, "..\\Common\\Classes"}};
    level.layers = {floorLayer(), bridgeLayer()};
    level.groups = {{"Terrain", {1, 2}}};
    std::uint32_t id = 1;
    for (const auto& [x, z] : {std::pair{7, 5}, {9, 5}, {7, 11}, {9, 11}})
        level.objects.push_back(place(id++, kPillarClass, x, z, 0));
    level.objects.push_back(place(id++, kCrateClass, 4, 9, 15));
    dk::LevelObject changed = place(id++, kCrateClass, 5, 9, 0);
    changed.data = {10}; // Health 10 where the class says 50
    changed.fieldIndices = {0};
    changed.fields = {{type(Type::Integer), "Health"}};
    level.objects.push_back(changed);
    level.objects.push_back(place(id++, kCrateClass, 4, 10, 40));
    level.objects.push_back(place(id++, kCrateClass, 8, 7, 30, true)); // on the bridge
    struct Spot {
        int x, z, degrees;
    };
    for (const Spot& t : {Spot{3, 3, 0}, Spot{12, 4, 70}, Spot{2, 7, 140}, Spot{11, 13, 210}})
        level.objects.push_back(place(id++, kTreeClass, t.x, t.z, t.degrees));
    dk::LevelObject big = place(id++, kTreeClass, 13, 12, 300);
    big.flags |= dk::kObjectScaled;
    big.scale = {1.5f, 1.75f, 1.5f};
    level.objects.push_back(big);
    level.objects.push_back(place(id++, kBoulderClass, 10, 3, 30));
    level.objects.push_back(place(id++, kBoulderClass, 5, 13, 200));
    dk::LevelObject waypoint = place(id++, kWaypointClass, 8, 14, 0);
    waypoint.links = {0, 1};
    level.objects.push_back(waypoint);
    return level;
}

} // namespace rgx::demo::drakan
