// The software renderer's worker pool: every index runs once a run, on as many threads as asked,
// whatever was asked before (workers start as needed and are reused).

#include "renderer/soft/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>
#include <vector>

namespace {

using rgx::renderer::soft::WorkerPool;

TEST(WorkerPool, RunsEveryIndexOnceForAnyThreadCount) {
    WorkerPool pool;
    // Growing, shrinking and repeated counts: a worker started during a run must take part in it,
    // and one not needed must not run.
    for (int threads : {1, 2, 3, 7, 2, 1, 7, 4, 4, 4}) {
        std::vector<std::atomic<int>> calls(8);
        std::vector<std::thread::id> ids(8);
        pool.run(threads, [&](int t) {
            ++calls[static_cast<std::size_t>(t)];
            ids[static_cast<std::size_t>(t)] = std::this_thread::get_id();
        });
        for (int t = 0; t < 8; ++t)
            EXPECT_EQ(calls[static_cast<std::size_t>(t)].load(), t < threads ? 1 : 0)
                << "index " << t << " of " << threads;
        EXPECT_EQ(ids[0], std::this_thread::get_id()) << "index 0 runs on the caller";
        std::set<std::thread::id> distinct(ids.begin(), ids.begin() + threads);
        EXPECT_EQ(distinct.size(), static_cast<std::size_t>(threads)) << threads << " threads";
    }
}

TEST(WorkerPool, ReturnsOnlyWhenEveryCallHasReturned) {
    WorkerPool pool;
    for (int run = 0; run < 200; ++run) {
        std::atomic<int> finished{0};
        pool.run(3, [&](int t) {
            if (t != 0) std::this_thread::sleep_for(std::chrono::microseconds(50 * t));
            ++finished;
        });
        ASSERT_EQ(finished.load(), 3) << "run " << run;
    }
}

} // namespace
