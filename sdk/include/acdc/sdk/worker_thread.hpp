// acdc/sdk/worker_thread.hpp -- one plugin-owned thread running tasks in
// order. Work that waits on other plugins' answers (acdc::call_and_wait), on
// the network or on a long computation belongs here, not on the host's I/O
// threads nor its small worker pool, whose threads those very calls to
// other plugins need: blocking them can deadlock the host.
//
//   acdc::WorkerThread worker("llm");
//   worker.post([] { long_blocking_work(); });
//   // the destructor finishes the queued tasks and joins: declare the worker
//   // after the members its tasks use, so it is destroyed first
#pragma once

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace acdc {

class WorkerThread {
 public:
  // `owner` names the plugin in the message of a task that throws.
  explicit WorkerThread(std::string owner) : owner_(std::move(owner)), thread_([this] { loop(); }) {}
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
        std::fprintf(stderr, "acdc %s: a background task failed: %s\n", owner_.c_str(), e.what());
      } catch (...) {
        std::fprintf(stderr, "acdc %s: a background task failed\n", owner_.c_str());
      }
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::string owner_;
  std::thread thread_;  // last: started once every other member exists
};

}  // namespace acdc
