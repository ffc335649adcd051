// `rgx render --model FILE --frame K` on a model whose frame records hold whole frames (frame type
// 0 with several frames, as MENU.ROB's page models): the model is posed at frame K as a 3DC is
// (poseModelFrame, which the command runs), and a frame past its last is refused naming the count.

#include "app/commands.h"
#include "app/commands/game_options.h"
#include "base/error.h"
#include "loaders/file_io.h"
#include "loaders/redguard/model3d.h"
#include "scene/model_mesh.h"
#include "scene/transforms.h"
#include "tests/scene/scene_fixture.h"
#include "tests/support/capture_stdout.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace rgx::app {
namespace {

// A 10 x 10 unit page (one solid quad, spine on the engine's y axis, y down) turning about its
// spine: flat along +x (frame 0), standing along +z (frame 1), flat along -x (frame 2).
loaders::Model turningPage() {
    loaders::ModelSpec spec;
    spec.positions = {{0, 0, 0}, {2560, 0, 0}, {2560, -2560, 0}, {0, -2560, 0}};
    spec.faces = {{.vertices = {0, 1, 2, 3}, .uvs = {}, .solidColor = 7}};
    loaders::Model m = loaders::buildModel(spec);
    loaders::setAnimationFrames(m, 0,
                                {{{0, 0, 0}, {0, 0, 2560}, {0, -2560, 2560}, {0, -2560, 0}},
                                 {{0, 0, 0}, {-2560, 0, 0}, {-2560, -2560, 0}, {0, -2560, 0}}});
    return m;
}

struct PageFile {
    std::filesystem::path dir, path;
    explicit PageFile(const std::string& tag) : dir(scene::test::freshTempDir(tag)), path(dir / "PAGE.3D") {
        loaders::writeFile(path, loaders::writeModel(turningPage()));
    }
    ~PageFile() { std::filesystem::remove_all(dir); }
    PageFile(const PageFile&) = delete;
    PageFile& operator=(const PageFile&) = delete;
};

TEST(RenderFrame, PosesAWholeFrameModelAtTheFrame) {
    const PageFile page("render_frame_pose");
    GameChoice choice;
    choice.model = page.path.string();
    scene::Scene s = buildChosenScene(choice, nullptr, {});
    ASSERT_EQ(s.meshes.size(), 1u);
    ASSERT_TRUE(s.meshes[0].animation);
    EXPECT_EQ(loaders::decodableFrameCount(*s.meshes[0].animation), 3u);
    const scene::Mesh frame0 = s.meshes[0];

    EXPECT_EQ(poseModelFrame(s, 2), 1u);
    const scene::Mesh& posed = s.meshes[0];
    const std::vector<scene::MeshVertex> want = scene::modelMeshFrame(frame0, 2);
    ASSERT_EQ(posed.vertices.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        for (int a = 0; a < 3; ++a)
            EXPECT_EQ(posed.vertices[i].position[a], want[i].position[a]) << "corner " << i;
    }
    // Scene = (x, -y, z) / 256: the page lies along -x now, 10 units up from the spine.
    EXPECT_DOUBLE_EQ(posed.bounds.min.x, -10.0);
    EXPECT_DOUBLE_EQ(posed.bounds.max.x, 0.0);
    EXPECT_DOUBLE_EQ(posed.bounds.max.y, 10.0);
    EXPECT_DOUBLE_EQ(posed.bounds.min.z, 0.0);
    EXPECT_DOUBLE_EQ(posed.bounds.max.z, 0.0);
    // The page faces the other way: frame 2's own face normal, z flipped.
    EXPECT_FLOAT_EQ(frame0.vertices[0].normal[2], -posed.vertices[0].normal[2]);

    try {
        poseModelFrame(s, 3);
        ADD_FAILURE() << "frame 3 of 3 was accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("frame 3 does not exist: the model has 3 frames (0..2)"),
                  std::string::npos)
            << e.what();
    }
}

// The command itself, on the software renderer (no Vulkan needed), from a fixed camera in front
// of the page (scene z -30, looking +z): frames 0 (flat, facing it) and 1 (standing along +z,
// seen from its side) draw different pictures; frame 3 is refused.
TEST(RenderFrame, RenderTurnsThePage) {
    const PageFile page("render_frame_cmd");
    RenderOptions o;
    o.game.model = page.path.string();
    o.camera = view::Camera{};
    o.camera->position = {5, 5, -30};
    o.camera->yawDeg = 180;
    o.size = {48, 32};
    o.software.renderer = "soft";
    o.software.rendererGiven = true;
    o.software.options.threads = 1;
    loaders::Bytes pngs[2];
    for (int frame : {0, 1}) {
        o.frame = frame;
        o.output = (page.dir / ("frame" + std::to_string(frame) + ".png")).string();
        testing::captureStderr([&] { testing::captureStdout([&] { EXPECT_EQ(runRender(o), 0); }); });
        pngs[frame] = loaders::readFile(o.output);
        EXPECT_FALSE(pngs[frame].empty());
    }
    EXPECT_NE(pngs[0], pngs[1]) << "--frame 1 drew the same picture as frame 0";
    o.frame = 3;
    EXPECT_THROW(testing::captureStderr([&] { runRender(o); }), Error);
}

} // namespace
} // namespace rgx::app
