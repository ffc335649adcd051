// Frame figures and their summaries (renderer/profile/frame_profile.h): what the profiler panel and
// `rgx bench` print.

#include "renderer/profile/frame_profile.h"

#include <gtest/gtest.h>

namespace rgx::renderer {
namespace {

TEST(Summarize, TakesMedianAndNearestRankP95) {
    const Summary none = summarize({});
    EXPECT_EQ(none.samples, 0u);
    EXPECT_EQ(none.max, 0.0);
    const Summary odd = summarize({5, 1, 3});
    EXPECT_EQ(odd.min, 1);
    EXPECT_EQ(odd.median, 3);
    EXPECT_EQ(odd.p95, 5);
    EXPECT_EQ(odd.max, 5);
    EXPECT_EQ(summarize({4, 1, 3, 2}).median, 2.5);
    std::vector<double> hundred;
    for (int i = 100; i >= 1; --i)
        hundred.push_back(i);
    const Summary s = summarize(hundred);
    EXPECT_EQ(s.p95, 95); // 95 of the 100 values are at or below it
    EXPECT_EQ(s.median, 50.5);
    EXPECT_EQ(s.samples, 100u);
}

TEST(ProfileHistory, ListsFiguresInFrameOrderWhateverOrderTheyCameIn) {
    ProfileHistory history;
    FrameTimings first;
    first.set("cpu.frame", 1);
    first.set("my.figure", 2);
    history.add(first);
    FrameTimings later; // the GPU's figures arrive a frame later in the explorer
    later.set("gpu.frame", 3);
    later.set("cpu.record", 4);
    later.set("gpu.compute", 5);
    later.set("another", 6);
    history.add(later);
    EXPECT_EQ(history.names(), (std::vector<std::string>{"gpu.compute", "gpu.frame", "cpu.record",
                                                         "cpu.frame", "my.figure", "another"}));
    EXPECT_EQ(history.values("cpu.frame"), (std::vector<double>{1}));
    EXPECT_EQ(history.values("gpu.compute"), (std::vector<double>{5}));
    EXPECT_LT(figureRank("gpu.opaque"), figureRank("gpu.sky"));
    EXPECT_LT(figureRank("gpu.additive"), figureRank("gpu.frame"));
}

TEST(ProfileHistory, KeepsTheLastFramesOfEachFigure) {
    ProfileHistory history(3);
    for (int i = 1; i <= 5; ++i) {
        FrameTimings t;
        t.set("gpu.opaque", i);
        if (i % 2) t.set("soft.raster", 10 * i);
        t.set("gpu.opaque", i * 2); // replaces, does not add
        history.add(t);
    }
    EXPECT_EQ(history.frames(), 5u);
    EXPECT_EQ(history.names(), (std::vector<std::string>{"gpu.opaque", "soft.raster"}));
    EXPECT_EQ(history.values("gpu.opaque"), (std::vector<double>{6, 8, 10}));
    EXPECT_EQ(history.values("soft.raster"), (std::vector<double>{10, 30, 50}));
    EXPECT_EQ(history.summary("gpu.opaque").median, 8);
    EXPECT_TRUE(history.values("cpu.record").empty());
    history.clear();
    EXPECT_EQ(history.frames(), 0u);
    EXPECT_TRUE(history.names().empty());
}

TEST(FrameTimings, FindsWhatWasSet) {
    FrameTimings t;
    EXPECT_EQ(t.find("cpu.record"), nullptr);
    FrameStats stats;
    stats.recordMs = 1.25;
    addCpuTimes(t, stats);
    ASSERT_NE(t.find("cpu.record"), nullptr);
    EXPECT_EQ(*t.find("cpu.record"), 1.25);
    EXPECT_EQ(t.ms.front().first, "cpu.pvo");
}

} // namespace
} // namespace rgx::renderer
