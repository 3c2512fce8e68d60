// converse/converse_runner.cpp -- see converse_runner.hpp.
#include "converse/converse_runner.hpp"

#include <acdc/sdk/error.hpp>

#include <cstdio>

namespace acdc::llm {

ConverseRunner::~ConverseRunner() {
  std::list<Job> jobs;
  {
    std::lock_guard lock(mu_);
    jobs.swap(jobs_);
  }
  for (auto& job : jobs) job.cancel->store(true);
  for (auto& job : jobs) job.thread.join();
}

void ConverseRunner::start(const std::string& request_id, std::function<Reply(const CancelFlag&)> work) {
  std::lock_guard lock(mu_);
  reap_locked();
  for (const auto& job : jobs_)
    if (job.request_id == request_id && !job.answering->load())
      throw acdc::Error(ACDC_E_FAILED_PRECONDITION,
                        "a converse call with request id '" + request_id + "' is still running: use a new id per call");
  Job& job = jobs_.emplace_back();
  job.request_id = request_id;
  job.thread = std::thread([work = std::move(work), cancel = job.cancel, answering = job.answering,
                            exited = job.exited, request_id] {
    // `work` answers its own call, failures included; one that throws anyway
    // is reported rather than ending the process (std::terminate).
    Reply reply;
    try {
      reply = work(*cancel);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "llm: converse %s failed: %s\n", request_id.c_str(), e.what());
    }
    answering->store(true);
    if (reply) reply();
    exited->store(true);
  });
}

bool ConverseRunner::cancel(const std::string& request_id) {
  std::lock_guard lock(mu_);
  for (auto& job : jobs_)
    if (job.request_id == request_id && !job.answering->load()) {
      job.cancel->store(true);
      return true;
    }
  return false;
}

void ConverseRunner::reap_locked() {
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    if (!it->exited->load()) {
      ++it;
      continue;
    }
    it->thread.join();
    it = jobs_.erase(it);
  }
}

}  // namespace acdc::llm
