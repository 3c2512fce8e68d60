// service/worker_thread.hpp -- one plugin-owned thread running tasks in
// order. Chat turns and commit messages block on Repo.* answers and on the
// provider, so they run here rather than on the host's I/O threads or its
// small worker pool, whose threads the Repo.* calls themselves need.
//
//   WorkerThread worker;
//   worker.post([] { long_blocking_work(); });
//   // the destructor finishes the queued tasks and joins
#pragma once

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace acdc::llm {

class WorkerThread {
 public:
  WorkerThread() : thread_([this] { loop(); }) {}
  ~WorkerThread() {
    {
      std::lock_guard lock(mu_);
      stopping_ = true;
    }
    cv_.notify_one();
    thread_.join();
  }
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;

  void post(std::function<void()> task) {
    {
      std::lock_guard lock(mu_);
      tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
  }

 private:
  void loop() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock lock(mu_);
        cv_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
        if (tasks_.empty()) return;
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      // Each task answers its own call or reports its own failure; one that
      // throws anyway is written to stderr (this thread has no host to log
      // through) rather than ending the process (std::terminate).
      try {
        task();
      } catch (const std::exception& e) {
        std::fprintf(stderr, "acdc llm: a background task failed: %s\n", e.what());
      } catch (...) {
        std::fprintf(stderr, "acdc llm: a background task failed\n");
      }
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace acdc::llm
