// rgx map (issue 32): a hand-built scene with objects at known coordinates (three squares, a flat,
// a light, a marker), drawn from above in both looks at a square and a non-square size. Every
// marker's pixel in the PNG and in MAP.json is within a pixel of where MAP.json's transform puts
// the known position, and each object covers its own area in its colour, to a pixel at every edge.

#include "app/map/map_render.h"
#include "loaders/file_io.h"
#include "renderer/looks.h"
#include "renderer/vk/png.h"
#include "renderer/world/prepared_world.h"
#include "scene/engine.h"
#include "tests/support/demo_dir.h"
#include "tests/support/hand_scene.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

namespace rgx::app {
namespace {

struct Placed {
    double x, y, z;
    std::uint8_t index; // palette index of its top face
};
// Three statics (600-unit squares facing up), far enough apart that no marker covers another.
constexpr std::array<Placed, 3> kStatics{
    {{1000, 0, 2000, 200}, {5200, 50, 1200, 201}, {3000, 20, 6000, 202}}};
constexpr std::array<double, 3> kLight{4800, 300, 4800}, kMarker{1800, 0, 4600};
// A flat (an MPSF billboard) 400 wide, 600 tall: on a map it lies on the ground, its image's top
// to the north, so it covers x 5000..5400 and z 5200..5800.
constexpr std::array<double, 3> kFlat{5200, 0, 5800};
constexpr std::uint8_t kFlatIndex = 203;

scene::Scene mapScene() {
    scene::Scene s;
    for (std::size_t i = 0; i < s.palette.size(); ++i)
        s.palette[i] = {static_cast<std::uint8_t>(i / 2), static_cast<std::uint8_t>(i / 2),
                        static_cast<std::uint8_t>(i / 2)};
    s.palette[200] = {220, 30, 30};
    s.palette[201] = {30, 200, 40};
    s.palette[202] = {40, 60, 230};
    s.palette[kFlatIndex] = {230, 200, 20};
    s.colPalette = true;
    s.redguard.world = test::fullAmbient();
    for (std::size_t k = 0; k < kStatics.size(); ++k) {
        scene::Material m;
        m.colorIndex = kStatics[k].index;
        m.color = s.palette[m.colorIndex];
        s.materials.push_back(m);
        scene::Mesh mesh;
        mesh.name = "SQUARE" + std::to_string(k);
        for (const auto& [x, z] :
             std::array<std::array<float, 2>, 4>{{{-300, -300}, {-300, 300}, {300, 300}, {300, -300}}}) {
            mesh.vertices.push_back({{x, 0, z}, {0, 1, 0}, {0, 0}});
            mesh.bounds.add(rgx::Vec3{x, 0, z});
        }
        // Both windings: whichever way a look culls, the top shows.
        mesh.indices = {0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2};
        mesh.submeshes.push_back({static_cast<std::uint32_t>(k), 0, 12});
        s.meshes.push_back(mesh);
        scene::SceneNode node;
        node.kind = scene::NodeKind::Static;
        node.name = "S00" + std::to_string(k) + "_SQUARE";
        node.model = mesh.name;
        node.mesh = static_cast<int>(k);
        node.source = static_cast<std::uint32_t>(k);
        node.world = Mat4::translation({kStatics[k].x, kStatics[k].y, kStatics[k].z});
        s.nodes.push_back(node);
    }
    {
        scene::Material m;
        m.colorIndex = kFlatIndex;
        m.color = s.palette[kFlatIndex];
        s.materials.push_back(m);
        scene::Mesh mesh; // an upright quad in the node's x/y plane, its bottom edge on the position
        mesh.name = "flat 1/0";
        for (const auto& [x, y] :
             std::array<std::array<float, 2>, 4>{{{-200, 0}, {200, 0}, {200, 600}, {-200, 600}}}) {
            mesh.vertices.push_back({{x, y, 0}, {0, 0, 1}, {0, 0}});
            mesh.bounds.add(rgx::Vec3{x, y, 0});
        }
        mesh.indices = {0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2};
        mesh.submeshes.push_back({static_cast<std::uint32_t>(s.materials.size() - 1), 0, 12});
        s.meshes.push_back(mesh);
        scene::SceneNode flat;
        flat.kind = scene::NodeKind::Flat;
        flat.name = "F000_1/0";
        flat.mesh = static_cast<int>(s.meshes.size() - 1);
        flat.world = Mat4::translation({kFlat[0], kFlat[1], kFlat[2]});
        s.nodes.push_back(flat);
    }
    scene::SceneNode light;
    light.kind = scene::NodeKind::Light;
    light.name = "L000";
    light.light = scene::LightInfo{};
    light.light->active = false; // lights nothing: the squares keep their palette colours
    light.world = Mat4::translation({kLight[0], kLight[1], kLight[2]});
    s.nodes.push_back(light);
    scene::SceneNode marker;
    marker.kind = scene::NodeKind::Marker;
    marker.name = "M000";
    marker.source = 4;
    marker.world = Mat4::translation({kMarker[0], kMarker[1], kMarker[2]});
    s.nodes.push_back(marker);
    return s;
}

std::optional<renderer::VulkanContext> lavapipe() {
    try {
        renderer::ContextOptions options;
        options.instance.validation = true;
        return renderer::createContext(options);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// Within `tolerance` on each channel (the Glide look's colour passes through floats).
void expectColour(const renderer::Rgba8Image& image, int x, int y, const Rgb& want, int tolerance,
                  const std::string& what) {
    ASSERT_TRUE(x >= 0 && y >= 0 && x < static_cast<int>(image.width) && y < static_cast<int>(image.height))
        << what;
    const std::uint8_t* p = &image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4];
    for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(p[c], want[static_cast<std::size_t>(c)], tolerance)
            << what << " at pixel " << x << "," << y << " channel " << c;
}

void checkMap(renderer::Look look, const renderer::LookOptions& options, int width, int height) {
    const std::string label =
        std::string(renderer::lookName(look)) + " " + std::to_string(width) + "x" + std::to_string(height);
    const scene::Scene s = mapScene();
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    const auto drawer = renderer::makeLookRenderer(look, world, options);
    const scene::Bounds bounds = view::mapBounds(s);
    const view::MapFrame frame = view::fitMap(bounds, width, height);
    const int tolerance = look == renderer::Look::Glide ? 2 : 0;

    // The ground alone: each square's centre pixel is its colour.
    const std::filesystem::path dir = rgx::testing::scratchDir("rgx_map_test");
    std::filesystem::create_directories(dir);
    MapImage ground = drawMapGround(*drawer, frame);
    writeMapPng(dir / "ground.png", ground);
    const renderer::Rgba8Image groundPng =
        renderer::decodePng(loaders::readFile(dir / "ground.png"), "ground.png");
    // Each square covers exactly its 600 units: a pixel whose centre lies half a pixel or more
    // inside an edge is the square's colour, one as far outside is not.
    const auto pixelOf = [&](double x, double z) {
        const auto uv = frame.toPixel(x, z);
        return std::array<int, 2>{static_cast<int>(std::floor(uv[0])), static_cast<int>(std::floor(uv[1]))};
    };
    const auto colourAt = [&](std::array<int, 2> p) {
        const std::uint8_t* c =
            &groundPng.pixels[(static_cast<std::size_t>(p[1]) * groundPng.width + p[0]) * 4];
        return Rgb{c[0], c[1], c[2]};
    };
    const auto near = [&](const Rgb& a, const loaders::ColorRgb& b) {
        return std::abs(a[0] - b.r) <= tolerance && std::abs(a[1] - b.g) <= tolerance &&
               std::abs(a[2] - b.b) <= tolerance;
    };
    const double u = frame.unitsPerPixel;
    const auto checkArea = [&](double x0, double z0, double x1, double z1, std::uint8_t index,
                               const std::string& what) {
        const loaders::ColorRgb c = s.palette[index];
        const double cx = (x0 + x1) / 2, cz = (z0 + z1) / 2;
        // (inside point, outside point) across each edge, one pixel either side of it.
        const std::array<std::array<double, 4>, 4> edges{{{x0 + u, cz, x0 - u, cz},
                                                          {x1 - u, cz, x1 + u, cz},
                                                          {cx, z0 + u, cx, z0 - u},
                                                          {cx, z1 - u, cx, z1 + u}}};
        EXPECT_TRUE(near(colourAt(pixelOf(cx, cz)), c)) << what << " centre";
        for (const auto& e : edges) {
            EXPECT_TRUE(near(colourAt(pixelOf(e[0], e[1])), c))
                << what << " inside its edge at " << e[0] << "," << e[1];
            EXPECT_FALSE(near(colourAt(pixelOf(e[2], e[3])), c))
                << what << " outside its edge at " << e[2] << "," << e[3];
        }
    };
    for (const Placed& p : kStatics)
        checkArea(p.x - 300, p.z - 300, p.x + 300, p.z + 300, p.index,
                  label + " square " + std::to_string(p.index));
    checkArea(kFlat[0] - 200, kFlat[2] - 600, kFlat[0] + 200, kFlat[2], kFlatIndex, label + " flat");

    // With the markers: MAP.json's transform alone gives each marker's pixel, and the PNG shows the
    // marker's colour there.
    MapImage marked = ground;
    const MapOverlay overlay = drawMapOverlay(marked, frame, view::mapMarkers(s), {});
    const nlohmann::json json = mapJson(frame, bounds, overlay);
    writeMapPng(dir / "map.png", marked);
    const renderer::Rgba8Image png = renderer::decodePng(loaders::readFile(dir / "map.png"), "map.png");
    ASSERT_EQ(json.at("markers").size(), 6u) << label << ": three statics, a flat, a light, a marker";
    // Where the test put them, in engine terms (y down), by name.
    std::map<std::string, std::array<double, 3>> placed{
        {"F000_1/0", kFlat}, {"L000", kLight}, {"M000", kMarker}};
    for (std::size_t k = 0; k < kStatics.size(); ++k)
        placed["S00" + std::to_string(k) + "_SQUARE"] = {kStatics[k].x, kStatics[k].y, kStatics[k].z};
    const double upp = json.at("transform").at("unitsPerPixel").get<double>();
    const double ox = json.at("transform").at("origin")[0].get<double>();
    const double oz = json.at("transform").at("origin")[1].get<double>();
    for (const nlohmann::json& m : json.at("markers")) {
        const std::string what = label + " " + m.at("name").get<std::string>();
        ASSERT_TRUE(placed.count(m.at("name").get<std::string>())) << what;
        const std::array<double, 3> at = placed[m.at("name").get<std::string>()];
        EXPECT_EQ(m.at("engine"), nlohmann::json::array({at[0], -at[1], at[2]})) << what;
        // The pixel the marker must be on, from the known position and MAP.json's transform alone.
        const double x = at[0], z = at[2];
        const double u = (x - ox) / upp, v = (z - oz) / upp;
        const int px = m.at("pixel")[0].get<int>(), py = m.at("pixel")[1].get<int>();
        EXPECT_LE(std::abs(px + 0.5 - u), 1.0) << what;
        EXPECT_LE(std::abs(py + 0.5 - v), 1.0) << what;
        // And back: the pixel's centre is within a pixel of the engine position.
        EXPECT_LE(std::abs(ox + (px + 0.5) * upp - x), upp) << what;
        EXPECT_LE(std::abs(oz + (py + 0.5) * upp - z), upp) << what;
        const std::string kind = m.at("kind").get<std::string>();
        view::MarkerKind k = view::MarkerKind::Static;
        for (int i = 0; i < static_cast<int>(view::MarkerKind::Count); ++i)
            if (kind == view::markerKindSingular(static_cast<view::MarkerKind>(i)))
                k = static_cast<view::MarkerKind>(i);
        expectColour(png, static_cast<int>(u), static_cast<int>(v), markerColor(k), 0, what + " marker");
        // The disc is centred on MAP.json's pixel, not merely covering it: its colour reaches
        // three pixels out each way and its black rim starts at the fourth, both sides alike (a
        // disc drawn a pixel off shows the rim on one side at three).
        const std::array<std::array<int, 2>, 4> ways{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
        for (const auto& w : ways) {
            expectColour(png, px + 3 * w[0], py + 3 * w[1], markerColor(k), 0, what + " disc edge");
            expectColour(png, px + 4 * w[0], py + 4 * w[1], Rgb{0, 0, 0}, 0, what + " disc rim");
        }
    }
    EXPECT_EQ(json.at("markers")[0].at("record").at("section"), "MPSO");
    EXPECT_EQ(json.at("markers")[3].at("record").at("section"), "MPSF");
    EXPECT_EQ(json.at("markers")[5].at("record").at("section"), "MPMK");
    EXPECT_EQ(json.at("markers")[5].at("record").at("index"), 4);
    // The transform itself: the frame's origin and scale, so that a pixel's engine position
    // is what MAP.json says it is.
    EXPECT_DOUBLE_EQ(upp, frame.unitsPerPixel);
    EXPECT_DOUBLE_EQ(ox, frame.originX);
    EXPECT_DOUBLE_EQ(oz, frame.originZ);
}

TEST(MapPicture, MarkersAndObjectsSitWhereTheTransformPutsThemSoftware) {
    for (const auto& [w, h] : std::array<std::array<int, 2>, 2>{{{256, 256}, {320, 200}}})
        checkMap(renderer::Look::Software, {}, w, h);
}

TEST(MapPicture, MarkersAndObjectsSitWhereTheTransformPutsThemGlide) {
    std::optional<renderer::VulkanContext> context = lavapipe();
    if (!context) GTEST_SKIP() << "no Vulkan device";
    renderer::LookOptions options;
    options.vulkan = &*context;
    for (const auto& [w, h] : std::array<std::array<int, 2>, 2>{{{256, 256}, {320, 200}}})
        checkMap(renderer::Look::Glide, options, w, h);
    const renderer::DebugCounts counts = renderer::debugCounts(context->messages());
    EXPECT_EQ(counts.errors + counts.warnings, 0u) << "validation reported";
}

// The frame fits the bounds with square pixels, centred, and the pixel <-> scene transform is
// one map and its inverse.
TEST(MapFrame, FitsTheBoundsCentredWithSquarePixels) {
    scene::Bounds b;
    b.add(rgx::Vec3{0, -10, 0});
    b.add(rgx::Vec3{1000, 90, 500});
    const view::MapFrame f = view::fitMap(b, 200, 200, std::nullopt, 0);
    EXPECT_DOUBLE_EQ(f.unitsPerPixel, 5.0);
    EXPECT_DOUBLE_EQ(f.originX, 0.0);
    EXPECT_DOUBLE_EQ(f.originZ, -250.0); // 1000 units tall, 500 of them used, centred
    const auto uv = f.toPixel(500, 250);
    EXPECT_DOUBLE_EQ(uv[0], 100.0);
    EXPECT_DOUBLE_EQ(uv[1], 100.0);
    const auto back = f.toScene(uv[0], uv[1]);
    EXPECT_DOUBLE_EQ(back[0], 500.0);
    EXPECT_DOUBLE_EQ(back[1], 250.0);
    EXPECT_GT(f.top, 90.0);
    EXPECT_LT(f.bottom, -10.0);
    const view::MapFrame floor = view::fitMap(b, 200, 100, std::array<double, 2>{0.0, 40.0});
    EXPECT_DOUBLE_EQ(floor.top, 40.0);
    EXPECT_DOUBLE_EQ(floor.bottom, 0.0);
    EXPECT_THROW(view::fitMap(b, 0, 10), std::invalid_argument);
}

TEST(MapMarkers, KindsParseByNameAndUnknownOnesAreRefused) {
    EXPECT_EQ(view::parseMarkerKinds("all", "--markers"), view::kAllMarkerKinds);
    EXPECT_EQ(view::parseMarkerKinds("none", "--markers"), 0u);
    EXPECT_EQ(view::parseMarkerKinds("actors,lights", "--markers"),
              view::markerBit(view::MarkerKind::Actor) | view::markerBit(view::MarkerKind::Light));
    EXPECT_THROW(view::parseMarkerKinds("actors,trees", "--markers"), Error);
}

// A floor range cuts away what lies above it: the square at y 50 is gone, the others stay.
TEST(MapPicture, FloorCutsAwayWhatIsAbove) {
    const scene::Scene s = mapScene();
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    const auto drawer = renderer::makeLookRenderer(renderer::Look::Software, world, {});
    const view::MapFrame frame =
        view::fitMap(view::mapBounds(s), 128, 128, std::array<double, 2>{-100.0, 30.0});
    const MapImage image = drawMapGround(*drawer, frame);
    const auto colourAt = [&](const Placed& p) {
        const auto uv = frame.toPixel(p.x, p.z);
        return image.at(static_cast<int>(uv[0]), static_cast<int>(uv[1]));
    };
    const loaders::ColorRgb red = s.palette[200], green = s.palette[201];
    EXPECT_EQ(colourAt(kStatics[0]), (Rgb{red.r, red.g, red.b}));
    EXPECT_NE(colourAt(kStatics[1]), (Rgb{green.r, green.g, green.b}))
        << "the square at y 50 is above the floor";
    MapImage marked = image;
    const MapOverlay overlay = drawMapOverlay(marked, frame, view::mapMarkers(s), {});
    EXPECT_EQ(overlay.markers.size(), 4u) << "the square at y 50 and the light at y 300 are cut away";
}

// A System Shock deck from above (issue 43: the demo's level 1, world 2001), as the game's automap:
// the map leaves the ceilings out, so where a tile is open the picture shows its floor (lit from
// above, not dark) and where a tile is solid the dark background; both found through MAP.json's
// transform alone, from the tile's known position (tile x, y at scene 256 x .. 256 (x + 1),
// z -256 y .. -256 (y + 1)).
TEST(MapPicture, ASystemShockDeckShowsItsFloorsWhereTheTransformPutsThem) {
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const scene::Scene s = scene::buildGameWorld(fs, 2001);
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    const auto drawer = renderer::makeLookRenderer(renderer::Look::Software, world, {});
    const scene::Bounds bounds = view::mapBounds(s);
    const view::MapFrame frame = view::fitMap(bounds, 512, 512);
    const MapImage ground = drawMapGround(*drawer, frame);
    const nlohmann::json json = mapJson(frame, bounds, MapOverlay{});
    const double upp = json.at("transform").at("unitsPerPixel").get<double>();
    const double ox = json.at("transform").at("origin")[0].get<double>();
    const double oz = json.at("transform").at("origin")[1].get<double>();
    // A tile's colour, or nothing outside the picture (the map frames the level's geometry).
    const auto colourAtTile = [&](int x, int y) -> std::optional<Rgb> {
        // A point inside the tile off its textures' seams (the floor plates' run every 32 texels).
        const double sx = (x + 0.3) * 256, sz = -(y + 0.3) * 256;
        const int px = static_cast<int>(std::floor((sx - ox) / upp));
        const int py = static_cast<int>(std::floor((sz - oz) / upp));
        if (px < 0 || py < 0 || px >= ground.width || py >= ground.height) return std::nullopt;
        const std::uint8_t* c = &ground.rgba[(static_cast<std::size_t>(py) * ground.width + px) * 4];
        return Rgb{c[0], c[1], c[2]};
    };
    // The background: the picture's corner, north-west of the level (the soft look fills with the
    // palette's nearest to black, never index 0).
    const Rgb background{ground.rgba[0], ground.rgba[1], ground.rgba[2]};
    EXPECT_LE(int(background[0]) + background[1] + background[2], 24);
    std::set<std::pair<int, int>> open;
    for (const scene::SceneNode& n : s.nodes) {
        int x = 0, y = 0;
        if (n.kind == scene::NodeKind::Tile && std::sscanf(n.name.c_str(), "tile %d,%d", &x, &y) == 2)
            open.insert({x, y});
    }
    ASSERT_FALSE(open.empty());
    std::size_t lit = 0, openSeen = 0, dark = 0;
    for (int y = 1; y < 63; ++y)
        for (int x = 1; x < 63; ++x) {
            const std::optional<Rgb> c = colourAtTile(x, y);
            if (!c) continue;
            const bool black = *c == background;
            if (open.count({x, y})) {
                ++openSeen;
                lit += !black; // a floor in deep shadow (shadow 15 of 16) may shade to the background's black
            } else if (!open.count({x - 1, y}) && !open.count({x + 1, y}) && !open.count({x, y - 1}) &&
                       !open.count({x, y + 1})) {
                // A solid tile with no open neighbour: no wall of theirs leans over it either.
                EXPECT_TRUE(black) << "solid tile " << x << "," << y;
                ++dark;
            }
        }
    EXPECT_GT(openSeen, 1000u);
    EXPECT_GT(lit, openSeen * 9 / 10) << lit << " of " << openSeen << " open tiles show a floor";
    EXPECT_GT(dark, 500u);
    EXPECT_DOUBLE_EQ(upp, frame.unitsPerPixel);
    EXPECT_DOUBLE_EQ(ox, frame.originX);
    EXPECT_DOUBLE_EQ(oz, frame.originZ);
    // The ceilings layer is off in every map (what drawMapGround draws with), on elsewhere.
    EXPECT_FALSE(mapLookSettings().layers.ceilings);
    EXPECT_TRUE(renderer::LookSettings{}.layers.ceilings);
}

// A Drakan level from above (issue 44: the demo's valley, world 3000): every object is marked and
// its MAP.json record names the level's object record (Scene::records: file, section, index), the
// name its class ("object ID CLASS"), the model its class's; an object whose class has a model is
// an actor, the waypoint (its class names none) a marker; the layers are ground, not markers. The
// marker stands where the record puts the object: its world units / 8 (a scene unit is 8 world
// units, docs/formats/drakan_scene.md), y up.
TEST(MapPicture, ADrakanLevelsObjectsAreMarkedByTheirRecords) {
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const scene::Scene s = scene::buildGameWorld(fs, 3000);
    const scene::Bounds bounds = view::mapBounds(s);
    const view::MapFrame frame = view::fitMap(bounds, 512, 512);
    MapOverlay overlay;
    overlay.markers = markersInFrame(frame, view::mapMarkers(s), view::kAllMarkerKinds);
    const nlohmann::json json = mapJson(frame, bounds, overlay);
    const nlohmann::json& markers = json.at("markers");
    ASSERT_EQ(markers.size(), 16u);
    std::map<std::string, int> kinds;
    for (std::size_t i = 0; i < markers.size(); ++i) {
        const nlohmann::json& m = markers[i];
        SCOPED_TRACE(m.dump());
        ++kinds[m.at("kind").get<std::string>()];
        EXPECT_EQ(m.at("record").at("section"), "object");
        EXPECT_EQ(m.at("record").at("index"), i);
        EXPECT_EQ(m.at("record").at("file"), "Drakan/Levels/Valley.lvl");
        const scene::SceneNode& node = s.nodes.at(m.at("node").get<std::size_t>());
        const scene::SourceRecord& record = s.records.at(static_cast<std::size_t>(node.record));
        const auto field = [&](const std::string& name) {
            for (const auto& [key, value] : record.fields)
                if (key == name) return value;
            ADD_FAILURE() << "no field " << name;
            return std::string();
        };
        // "object 8 Crate": the record's id and its class's name.
        const std::string className = field("class").substr(0, field("class").find(" (class "));
        EXPECT_EQ(m.at("name"), "object " + field("id") + " " + className);
        const std::string model = m.at("model").get<std::string>();
        EXPECT_EQ(m.at("kind"), model.empty() ? "marker" : "actor");
        if (!model.empty()) {
            EXPECT_EQ(field("model").rfind(model + " (model ", 0), 0u) << field("model");
        }
        double x = 0, y = 0, z = 0;
        ASSERT_EQ(std::sscanf(field("position").c_str(), "%lf, %lf, %lf", &x, &y, &z), 3)
            << field("position");
        const nlohmann::json& engine = m.at("engine");
        EXPECT_DOUBLE_EQ(engine[0].get<double>(), x / 8);
        EXPECT_DOUBLE_EQ(engine[1].get<double>(), -y / 8);
        EXPECT_DOUBLE_EQ(engine[2].get<double>(), z / 8);
        const auto uv = frame.toPixel(x / 8, z / 8);
        EXPECT_EQ(m.at("pixel")[0], static_cast<int>(std::floor(uv[0])));
        EXPECT_EQ(m.at("pixel")[1], static_cast<int>(std::floor(uv[1])));
    }
    EXPECT_EQ(kinds["actor"], 15);
    EXPECT_EQ(kinds["marker"], 1);
    EXPECT_EQ(s.countNodes(scene::NodeKind::Terrain), 2u) << "the layers: drawn, not marked";
}

} // namespace
} // namespace rgx::app
