// converse/converse_runner.hpp -- the running LLMService.converse calls: one
// thread each, so that sessions of several adapter clients stream side by
// side (a chat turn has the plugin's one chat worker), each with a cancel
// flag found by its request id.
//
//   ConverseRunner runner;
//   runner.start("req-1", [](const CancelFlag& cancel) { provider->stream(r, cb, cancel); });
//   runner.cancel("req-1");      // false when no such call runs
//   // the destructor cancels what still runs and joins every thread
#pragma once

#include "provider/provider.hpp"

#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace acdc::llm {

class ConverseRunner {
 public:
  ConverseRunner() = default;
  ~ConverseRunner();
  ConverseRunner(const ConverseRunner&) = delete;
  ConverseRunner& operator=(const ConverseRunner&) = delete;

  // Runs `work` on a new thread; `work` answers its own call and should not
  // throw.  Throws acdc::Error(ACDC_E_FAILED_PRECONDITION)
  // when a call with this id still runs: ids must be unique per stream.
  void start(const std::string& request_id, std::function<void(const CancelFlag&)> work);
  bool cancel(const std::string& request_id);

 private:
  struct Job {
    std::string request_id;
    std::shared_ptr<CancelFlag> cancel = std::make_shared<CancelFlag>(false);
    std::shared_ptr<std::atomic<bool>> done = std::make_shared<std::atomic<bool>>(false);
    std::thread thread;
  };
  // Joins the threads of finished jobs. Under mu_.
  void reap_locked();

  std::mutex mu_;
  std::list<Job> jobs_;
};

}  // namespace acdc::llm
