// provider/retry_policy.hpp -- when to retry a failed attempt to establish a
// stream, and how long to wait: the server's Retry-After when it gave one,
// otherwise exponential backoff min(0.5 s * 2^n, 8 s) with jitter x0.75..1
// (the Stainless SDK schedule, llm-wire.md §1).
//
//   RetryPolicy policy(config.num_retries);
//   if (policy.should_retry(error, attempt, decoder.has_output()))
//     sleep(policy.delay_seconds(attempt, error));
#pragma once

#include "provider/provider.hpp"

#include <mutex>
#include <random>

namespace acdc::llm {

class RetryPolicy {
 public:
  explicit RetryPolicy(int num_retries) : max_attempts_(num_retries > 0 ? num_retries + 1 : 1) {}

  int max_attempts() const { return max_attempts_; }
  // `attempt` is the 1-based attempt that just failed. Once output reached
  // the caller a retry would repeat it, so it never happens.
  bool should_retry(const ProviderError& error, int attempt, bool had_output) const;
  double delay_seconds(int attempt, const ProviderError& error);

 private:
  int max_attempts_;
  std::mutex mu_;
  std::mt19937 random_{std::random_device{}()};
};

}  // namespace acdc::llm
