#pragma once
// The software renderer's threads, kept between frames (docs/software.md "Threads"). Starting a
// thread for every stage of every frame costs its start-up, and on a virtual machine a core that
// has gone idle can take a millisecond or more to come back: a stage would then run on the
// caller's thread alone. Workers instead wait a moment (kSpin) for the next stage before they
// sleep, so back-to-back stages and frames find them awake.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace rgx::renderer::soft {

class WorkerPool {
public:
    // How long an idle worker polls for the next stage before it sleeps.
    static constexpr std::chrono::microseconds kSpin{500};

    WorkerPool() = default;
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;
    ~WorkerPool();

    // Runs work(t) for t = 0 .. threads - 1, t = 0 on the calling thread, and returns when every
    // call has returned. Starts workers as needed (they stay until the pool is destroyed). Not
    // reentrant: one run at a time.
    void run(int threads, const std::function<void(int)>& work);

private:
    void worker(int index, std::uint64_t seen);

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    const std::function<void(int)>* work_ = nullptr; // this run's, under mutex_
    int active_ = 0;                                 // workers 1 .. active_ - 1 take part
    int remaining_ = 0;                              // of those, still working
    bool stop_ = false;
    std::atomic<std::uint64_t> generation_{0}; // one per run: what the workers wait for
};

} // namespace rgx::renderer::soft
