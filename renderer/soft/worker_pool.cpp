#include "renderer/soft/worker_pool.h"

#include <algorithm>

namespace rgx::renderer::soft {

WorkerPool::~WorkerPool() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
        generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    for (std::thread& t : workers_)
        t.join();
}

void WorkerPool::run(int threads, const std::function<void(int)>& work) {
    threads = std::max(threads, 1);
    if (threads == 1) {
        work(0);
        return;
    }
    while (static_cast<int>(workers_.size()) < threads - 1) {
        const int index = static_cast<int>(workers_.size()) + 1;
        // The generation it starts from is read here, before this run's: a worker that reads it
        // itself may start after the run began and wait for the next one.
        workers_.emplace_back([this, index, seen = generation_.load()] { worker(index, seen); });
    }
    {
        std::lock_guard lock(mutex_);
        work_ = &work;
        active_ = threads;
        remaining_ = threads - 1;
        generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    work(0);
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return remaining_ == 0; });
    work_ = nullptr;
}

void WorkerPool::worker(int index, std::uint64_t seen) {
    for (;;) {
        // Poll a moment, then sleep until the next run (or the end).
        const auto until = std::chrono::steady_clock::now() + kSpin;
        while (generation_.load(std::memory_order_acquire) == seen &&
               std::chrono::steady_clock::now() < until)
            std::this_thread::yield();
        const std::function<void(int)>* work = nullptr;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stop_ || generation_.load(std::memory_order_relaxed) != seen; });
            if (stop_) return;
            seen = generation_.load(std::memory_order_relaxed);
            if (index >= active_) continue; // not needed this run
            work = work_;
        }
        (*work)(index);
        {
            std::lock_guard lock(mutex_);
            if (--remaining_ == 0) done_.notify_one();
        }
    }
}

} // namespace rgx::renderer::soft
