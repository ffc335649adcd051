// `rgx info --json` for 3D, 3DC and ROB files, on writer output with values worked out by hand.

#include "app/info/info_registry.h"
#include "loaders/redguard/model3d.h"
#include "loaders/redguard/rob.h"

#include <gtest/gtest.h>

#include <set>

using namespace rgx::loaders;
using nlohmann::json;

namespace {

// Bounds of frame 0: x, y, z in [0, 512] raw = [0, 2] model units.
Model infoModel(ModelVersion v) {
    ModelSpec spec;
    spec.version = v;
    spec.positions = {{0, 0, 0}, {512, 0, 0}, {512, 512, 0}, {0, 512, 0}, {0, 0, 512}, {9, 9, 9}};
    ModelFaceSpec quad{{0, 1, 2, 3}, {}, std::nullopt, 145, 3, 0};
    ModelFaceSpec solid{{0, 4, 1}, {}, 17, 0, 0, 0};
    ModelFaceSpec again{{1, 2, 4}, {}, std::nullopt, 145, 3, 0};
    ModelFaceSpec other{{2, 3, 4}, {}, std::nullopt, 20, 1, 0};
    spec.faces = {quad, solid, again, other};
    return buildModel(spec);
}

std::set<std::string> keysOf(const json& j) {
    std::set<std::string> k;
    for (auto it = j.begin(); it != j.end(); ++it)
        k.insert(it.key());
    return k;
}

// The keys of a model object; describeFile adds "warnings" to every top-level object.
const std::set<std::string> kModelKeys = {"format",         "version",    "vertices",      "faces",
                                          "frames",         "frame_type", "face_vertices", "solid_faces",
                                          "textured_faces", "bvh_nodes",  "bounds",        "textures"};

std::set<std::string> withWarnings(std::set<std::string> keys) {
    keys.insert("warnings");
    return keys;
}

} // namespace

TEST(InfoModel, Static3d) {
    Bytes b = writeModel(infoModel(ModelVersion::V40));
    json j = rgx::app::describeFile(b, "dir/THING.3D");
    EXPECT_EQ(keysOf(j), withWarnings(kModelKeys));
    EXPECT_EQ(j["warnings"], json::array()); // writer output departs from nothing
    EXPECT_EQ(j["format"], "3d");
    EXPECT_EQ(j["version"], "v4.0");
    EXPECT_EQ(j["vertices"], 6);
    EXPECT_EQ(j["faces"], 4);
    EXPECT_EQ(j["frames"], 1);
    EXPECT_EQ(j["frame_type"], 0);
    EXPECT_EQ(j["face_vertices"], 13); // 4 + 3 + 3 + 3
    EXPECT_EQ(j["solid_faces"], 1);
    EXPECT_EQ(j["textured_faces"], 3);
    EXPECT_EQ(j["bvh_nodes"], 0);
    EXPECT_EQ(j["bounds"], json::parse("[0.0,0.0,0.0,2.0,2.0,2.0]"));
    EXPECT_EQ(j["textures"], json::parse("[[20,1],[145,3]]"));
}

TEST(InfoModel, V5WithBvh) {
    Model m = infoModel(ModelVersion::V50);
    m.bvh.push_back(BvhNode{{1, 2, 3}, 10, {0, 0, 0}, {{0, 4}}});
    json j = rgx::app::describeFile(writeModel(m), "x.3d");
    EXPECT_EQ(j["version"], "v5.0");
    EXPECT_EQ(j["bvh_nodes"], 1);
}

TEST(InfoModel, Animated3dcHasFrameBounds) {
    Model m = infoModel(ModelVersion::V40);
    m.normalIndices.clear();
    std::vector<Vec3i> moved = m.vertices;
    for (Vec3i& p : moved)
        p.x += 256;
    setAnimationFrames(m, 2, {moved});
    // Content decides: the .3d extension does not make an animated model a "3d".
    json j = rgx::app::describeFile(writeModel(m), "x.3d");
    std::set<std::string> keys = withWarnings(kModelKeys);
    keys.insert("frame_bounds");
    EXPECT_EQ(keysOf(j), keys);
    EXPECT_EQ(j["warnings"], json::array());
    EXPECT_EQ(j["format"], "3dc");
    EXPECT_EQ(j["frames"], 2);
    EXPECT_EQ(j["frame_type"], 2);
    EXPECT_EQ(j["frame_bounds"], json::parse("[[0.0,0.0,0.0,2.0,2.0,2.0],[1.0,0.0,0.0,3.0,2.0,2.0]]"));
}

// A frame type 0 model with whole frames (MENU.ROB's page models): every frame has its box, none
// is null, and there is no warning.
TEST(InfoModel, WholeFramesHaveFrameBounds) {
    Model m = infoModel(ModelVersion::V40);
    std::vector<Vec3i> turned = m.vertices, lifted = m.vertices;
    for (Vec3i& p : turned)
        p.x = -p.x;
    for (Vec3i& p : lifted)
        p.z += 512;
    setAnimationFrames(m, 0, {turned, lifted});
    json j = rgx::app::describeFile(writeModel(m), "PAGE.3D");
    EXPECT_EQ(j["warnings"], json::array());
    EXPECT_EQ(j["format"], "3dc"); // more than one frame
    EXPECT_EQ(j["frames"], 3);
    EXPECT_EQ(j["frame_type"], 0);
    EXPECT_EQ(
        j["frame_bounds"],
        json::parse("[[0.0,0.0,0.0,2.0,2.0,2.0],[-2.0,0.0,0.0,0.0,2.0,2.0],[0.0,0.0,2.0,2.0,2.0,4.0]]"));
}

TEST(InfoModel, V2ContentThenExtension) {
    Model m = infoModel(ModelVersion::V27);
    Bytes b = writeModel(m);
    EXPECT_EQ(rgx::app::describeFile(b, "x.3dc")["format"], "3d"); // 0x2C flag 0: a .3D
    m.header.offsetVertexNormals = 1;
    json j = rgx::app::describeFile(writeModel(m), "x.3d");
    EXPECT_EQ(j["format"], "3dc"); // flag 1: a .3DC whatever the name
    EXPECT_EQ(j["version"], "v2.7");
    EXPECT_EQ(j["frame_bounds"], json::parse("[[0.0,0.0,0.0,2.0,2.0,2.0]]"));
    m.header.offsetVertexNormals = 7; // unknown flag: the extension decides
    EXPECT_EQ(rgx::app::describeFile(writeModel(m), "X.3DC")["format"], "3dc");
    EXPECT_EQ(rgx::app::describeFile(writeModel(m), "X.3D")["format"], "3d");
    EXPECT_FALSE(rgx::app::describeFile(writeModel(m), "X.3D").contains("frame_bounds"));
    // v2 textures: id 145 image 3 and 20/1 as built (raw >> 7, raw & 0x7F).
    EXPECT_EQ(j["textures"], json::parse("[[20,1],[145,3]]"));
}

TEST(InfoModel, RobSegments) {
    Rob rob;
    rob.segments.push_back(robExternalSegment("CYRSA001"));
    RobSegment s = robModelSegment("BOX", infoModel(ModelVersion::V40));
    s.flags = 0x8C00;
    s.attributes = 0x02;
    const std::size_t dataSize = s.data.size();
    rob.segments.push_back(s);
    json j = rgx::app::describeFile(writeRob(rob), "ISLAND.ROB");
    EXPECT_EQ(keysOf(j), (std::set<std::string>{"format", "segments", "warnings"}));
    EXPECT_EQ(j["warnings"], json::array());
    EXPECT_EQ(j["format"], "rob");
    ASSERT_EQ(j["segments"].size(), 2u);
    const json& ext = j["segments"][0];
    EXPECT_EQ(keysOf(ext),
              (std::set<std::string>{"name", "type", "render_mode", "attributes", "data_size", "model"}));
    EXPECT_EQ(ext["name"], "CYRSA001");
    EXPECT_EQ(ext["type"], 512);
    EXPECT_EQ(ext["render_mode"], 255);
    EXPECT_EQ(ext["attributes"], 0);
    EXPECT_EQ(ext["data_size"], 0);
    EXPECT_TRUE(ext["model"].is_null());
    const json& box = j["segments"][1];
    EXPECT_EQ(box["name"], "BOX");
    EXPECT_EQ(box["type"], 0);
    EXPECT_EQ(box["render_mode"], 0x8C);
    EXPECT_EQ(box["attributes"], 2);
    EXPECT_EQ(box["data_size"], dataSize);
    EXPECT_EQ(box["model"]["format"], "3d");
    EXPECT_EQ(box["model"]["face_vertices"], 13);
    EXPECT_EQ(box["model"]["textures"], json::parse("[[20,1],[145,3]]"));
    EXPECT_EQ(keysOf(box["model"]), kModelKeys); // "warnings" is the file's, not the segment's
}

// One embedded model that cannot be read: the archive is still described, that segment's model
// is null, and the warning names the absolute offset inside the ROB.
TEST(InfoModel, RobWithABrokenSegment) {
    Rob rob;
    rob.segments.push_back(robModelSegment("GOOD", infoModel(ModelVersion::V40)));
    rob.segments.push_back(robModelSegment("BAD", infoModel(ModelVersion::V40)));
    Bytes b = writeRob(rob);
    // Segment 1's model starts after the 20-byte header, segment 0 (80 + data) and its own 80-byte
    // header; its version tag is made unknown.
    const std::size_t badModel = 20 + 80 + rob.segments[0].data.size() + 80;
    ASSERT_EQ(b[badModel], 'v');
    b[badModel + 1] = '9';
    json j = rgx::app::describeFile(b, "ISLAND.ROB");
    ASSERT_EQ(j["segments"].size(), 2u);
    EXPECT_EQ(j["segments"][0]["model"]["format"], "3d");
    EXPECT_TRUE(j["segments"][1]["model"].is_null());
    EXPECT_EQ(j["segments"][1]["data_size"], rob.segments[1].data.size());
    ASSERT_EQ(j["warnings"].size(), 1u) << j["warnings"].dump();
    EXPECT_EQ(j["warnings"][0]["offset"], badModel);
    EXPECT_EQ(j["warnings"][0]["field"], "version");
    const std::string message = j["warnings"][0]["message"];
    EXPECT_NE(message.find("segment 1 (BAD)"), std::string::npos) << message;
    EXPECT_NE(message.find("the segment has no model"), std::string::npos) << message;
}

TEST(InfoModel, BadModelNamesOffset) {
    Bytes b = writeModel(infoModel(ModelVersion::V40));
    b[0x30] = 0xFF;
    b[0x31] = 0xFF;
    try {
        rgx::app::describeFile(b, "bad.3d");
        FAIL() << "no error";
    } catch (const rgx::Error& e) {
        EXPECT_NE(std::string(e.what()).find("bad.3d: offset 0x30: offset_vertex_coords"), std::string::npos)
            << e.what();
    }
}
