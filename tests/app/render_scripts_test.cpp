// `rgx render --time S` draws what the world's SOUP scripts show at S (docs/scripts.md), through
// the command itself, in both looks: the demo's door at 1 s (closed) and 10 s (open) gives
// different pictures; `--scripts off` gives the door as placed at both times, so the two
// pictures differ less (only water, sky and the actors' own animation move).

#include "app/commands.h"
#include "loaders/file_io.h"
#include "renderer/vk/png.h"
#include "scene/redguard/scene_builder.h"
#include "tests/scene/scene_fixture.h"
#include "tests/support/capture_stdout.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

namespace rgx::app {
namespace {

// A camera 450 units south of the demo island's scripted door, looking at it.
view::Camera doorCamera() {
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    for (const scene::ScriptObject& o : s.redguard.scriptObjects) {
        if (o.name != "DOOR") continue;
        const Vec3 at = s.nodes[static_cast<std::size_t>(o.node)].world.translationPart();
        view::Camera c;
        c.position = {at.x + 60, at.y + 110, at.z + 450};
        c.pitchDeg = -6;
        return c;
    }
    ADD_FAILURE() << "no DOOR in the demo island";
    return {};
}

std::size_t differing(const std::filesystem::path& a, const std::filesystem::path& b) {
    const renderer::Rgba8Image x = renderer::decodePng(loaders::readFile(a), a.string());
    const renderer::Rgba8Image y = renderer::decodePng(loaders::readFile(b), b.string());
    std::size_t n = 0;
    for (std::size_t i = 0; i + 3 < x.pixels.size() && i + 3 < y.pixels.size(); i += 4)
        n += std::equal(x.pixels.begin() + static_cast<long>(i), x.pixels.begin() + static_cast<long>(i) + 3,
                        y.pixels.begin() + static_cast<long>(i))
                 ? 0
                 : 1;
    return n;
}

class RenderScripts : public ::testing::TestWithParam<const char*> {};

TEST_P(RenderScripts, TheDoorOpensBetweenTwoTimesAndStaysShutWithTheScriptsOff) {
    const std::filesystem::path dir = scene::test::freshTempDir(std::string("render_scripts_") + GetParam());
    const view::Camera camera = doorCamera();
    auto render = [&](double t, bool scripts) {
        RenderOptions r;
        r.game.game = rgx::testing::smallDemoDir().string();
        r.game.world = 0;
        r.camera = camera;
        r.size = {160, 100};
        r.time = t;
        r.scripts = scripts;
        r.software.renderer = GetParam();
        r.software.rendererGiven = true;
        const std::filesystem::path out =
            dir / (std::to_string(static_cast<int>(t)) + (scripts ? "_on" : "_off") + ".png");
        r.output = out.string();
        rgx::testing::captureStdout([&] { EXPECT_EQ(runRender(r), 0); });
        return out;
    };
    const std::size_t on = differing(render(1, true), render(10, true));
    const std::size_t off = differing(render(1, false), render(10, false));
    EXPECT_GT(on, off + 200) << GetParam() << ": the door's turn shows as " << on << " pixels against " << off
                             << " with the scripts off";
    std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(BothLooks, RenderScripts, ::testing::Values("glide", "soft"));

} // namespace
} // namespace rgx::app
