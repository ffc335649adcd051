// MemoryTrack: the resident set over a run of frames, and growth counted over its last 60%.

#include "app/commands/memory_use.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <vector>

namespace rgx::app {
namespace {

TEST(MemoryUse, ReadsTheResidentSet) {
    const std::optional<std::int64_t> kib = residentKiB();
    ASSERT_TRUE(kib.has_value()) << "/proc/self/statm is Linux's; the soak figures need it";
    EXPECT_GT(*kib, 0);
}

// 20 frames, each touching 1 MiB it keeps: growth is counted from frame 8 (40% in) and is about
// 1 MiB a frame, so about 1,024,000 KiB per 1,000 frames; the first 8 frames' memory is not in it.
TEST(MemoryUse, GrowthIsCountedOverTheLastSixtyPercent) {
    MemoryTrack track(20);
    EXPECT_EQ(track.growthFromFrame(), 8);
    std::vector<std::unique_ptr<char[]>> kept;
    track.sample(0);
    for (int i = 0; i < 20; ++i) {
        kept.push_back(std::make_unique<char[]>(1 << 20));
        std::memset(kept.back().get(), i + 1, 1 << 20); // resident, not just reserved
        track.sample(i + 1);
    }
    ASSERT_TRUE(track.growthPer1000Frames().has_value());
    EXPECT_NEAR(*track.growthPer1000Frames(), 1024.0 * 1000.0, 1024.0 * 100.0);
    EXPECT_GE(*track.endKiB() - *track.startKiB(), 20 * 1024 - 1024);
    EXPECT_NE(track.describe().find("per 1000 frames over frames 8-20"), std::string::npos)
        << track.describe();
}

TEST(MemoryUse, NoGrowthFigureBeforeTwoSamples) {
    MemoryTrack track(10);
    EXPECT_FALSE(track.growthPer1000Frames().has_value());
    track.sample(0);
    EXPECT_FALSE(track.growthPer1000Frames().has_value());
    EXPECT_EQ(track.describe().find("growth"), std::string::npos) << track.describe();
}

} // namespace
} // namespace rgx::app
