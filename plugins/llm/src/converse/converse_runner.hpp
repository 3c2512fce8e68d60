// converse/converse_runner.hpp -- the running LLMService.converse calls: one
// thread each, so that sessions of several adapter clients stream side by
// side (a chat turn has the plugin's one chat worker), each with a cancel
// flag found by its request id.
//
//   ConverseRunner runner;
//   runner.start("req-1", [](const CancelFlag& cancel) -> ConverseRunner::Reply {
//     auto result = provider->stream(r, cb, cancel);
//     return [=] { call.ok_raw(json(result)); };  // sent once the id is free again
//   });
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

  // Answers the call. It runs after the call stops counting as running, so
  // a caller that heard the answer and cancels, or reuses the id, is never
  // told the call still runs.
  using Reply = std::function<void()>;

  // Runs `work` on a new thread, then the Reply it returns; neither should
  // throw. Throws acdc::Error(ACDC_E_FAILED_PRECONDITION) when a call with
  // this id still runs: ids must be unique per stream.
  void start(const std::string& request_id, std::function<Reply(const CancelFlag&)> work);
  bool cancel(const std::string& request_id);

 private:
  struct Job {
    std::string request_id;
    std::shared_ptr<CancelFlag> cancel = std::make_shared<CancelFlag>(false);
    std::shared_ptr<std::atomic<bool>> answering = std::make_shared<std::atomic<bool>>(false);  // no longer running
    std::shared_ptr<std::atomic<bool>> exited = std::make_shared<std::atomic<bool>>(false);     // answered too
    std::thread thread;
  };
  // Joins the threads of jobs that have answered. Under mu_.
  void reap_locked();

  std::mutex mu_;
  std::list<Job> jobs_;
};

}  // namespace acdc::llm
