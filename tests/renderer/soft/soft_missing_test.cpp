// Missing textures and placeholder models in the software look (docs/software.md "Shading"): the
// Glide look's magenta, not the nearest colour of a palette that has none (a grey in a grey ramp,
// as the software look drew them before issue 32).

#include "renderer/soft/palette_tables.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/views/catalog_sheet.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "tests/support/far_rob.h"
#include "tests/support/frame_request.h"
#include "tests/support/hand_scene.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace rgx::renderer::soft {
namespace {

constexpr loaders::ColorRgb kMagenta{255, 0, 255};

// An exact magenta is kept; else an entry nothing uses that lies nearest another (a duplicate
// first) becomes magenta; with every entry used, none.
TEST(SoftMissing, ReserveMagentaTakesTheLeastMissedFreeEntry) {
    loaders::Palette256 p = test::greyRampPalette();
    p[61] = p[60]; // a duplicate: nothing is lost when one of them goes
    std::array<bool, 256> used{};
    used.fill(true);
    used[60] = used[61] = used[200] = false;
    loaders::Palette256 q = p;
    ASSERT_EQ(reserveMagenta(q, used), std::optional<std::uint8_t>(60));
    EXPECT_EQ(q[60], kMagenta);
    q[60] = p[60];
    EXPECT_EQ(q, p) << "only the reserved entry changes";

    used[61] = true; // 60 duplicates 61, which stays: 60 is still the least missed
    q = p;
    EXPECT_EQ(reserveMagenta(q, used), std::optional<std::uint8_t>(60));

    loaders::Palette256 withMagenta = test::greyRampPalette();
    withMagenta[77] = kMagenta;
    const loaders::Palette256 before = withMagenta;
    EXPECT_EQ(reserveMagenta(withMagenta, used), std::optional<std::uint8_t>(77));
    EXPECT_EQ(withMagenta, before);

    used.fill(true);
    q = p;
    EXPECT_EQ(reserveMagenta(q, used), std::nullopt);
    EXPECT_EQ(q, p);
}

// The far ROB has a placeholder (GONE) and a grey palette (no game directory): its thumbnail is
// drawn in the palette entry turned magenta, and the other segments keep their greys.
TEST(SoftMissing, APlaceholderIsMagentaInAGreyPalette) {
    const std::filesystem::path dir = rgx::testing::scratchDir("rgx_soft_missing_test");
    const scene::Scene s = scene::buildModelScene(test::writeFarRob(dir), nullptr);
    ASSERT_EQ(s.catalog.at(3).kind, scene::SegmentKind::Placeholder);
    const PreparedWorld world = prepareWorld(s);
    SoftRenderer renderer(world);
    const loaders::Palette256& palette = renderer.palette();
    std::size_t changed = 0;
    for (std::size_t i = 0; i < 256; ++i)
        if (palette[i] != s.palette[i]) {
            ++changed;
            EXPECT_EQ(palette[i], kMagenta);
        }
    EXPECT_EQ(changed, 1u) << "one entry given up for magenta";

    const CatalogLayout layout = catalogLayout(s, 64, 48, 60);
    const auto magentaPixels = [&](std::size_t cell) {
        const sim::WorldState shown = showOnlyNode(s, nullptr, s.catalog[cell].node);
        IndexedFrame frame;
        renderer.draw(frame, test::frameRequest(layout.cells[cell].camera, 0, 64, 48, {}, &shown));
        std::size_t n = 0;
        for (std::uint8_t i : frame.index)
            n += palette[i] == kMagenta ? 1 : 0;
        return n;
    };
    EXPECT_GT(magentaPixels(3), 64u * 48u / 20) << "the placeholder fills part of its thumbnail in magenta";
    EXPECT_EQ(magentaPixels(1), 0u) << "HOUSE is grey 150, lit";
}

// A scene with nothing missing keeps its palette entry for entry (the goldens' palettes).
TEST(SoftMissing, NothingMissingKeepsThePalette) {
    const std::filesystem::path dir = rgx::testing::scratchDir("rgx_soft_missing_test_one");
    const scene::Scene s = scene::buildModelScene(test::writeFarRob(dir), nullptr, "HOUSE");
    ASSERT_EQ(s.stats.placeholders, 0u);
    const PreparedWorld world = prepareWorld(s);
    const SoftRenderer renderer(world);
    EXPECT_EQ(renderer.palette(), s.palette);
}

} // namespace
} // namespace rgx::renderer::soft
