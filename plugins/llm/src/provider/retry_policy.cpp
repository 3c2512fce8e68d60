// provider/retry_policy.cpp -- see retry_policy.hpp.
#include "provider/retry_policy.hpp"

#include <algorithm>
#include <cmath>

namespace acdc::llm {

bool RetryPolicy::should_retry(const ProviderError& error, int attempt, bool had_output) const {
  return error.retryable && !had_output && attempt < max_attempts_;
}

double RetryPolicy::delay_seconds(int attempt, const ProviderError& error) {
  if (error.retry_after_s) return *error.retry_after_s;
  std::lock_guard lock(mu_);
  double jitter = std::uniform_real_distribution<double>(0.75, 1.0)(random_);
  return std::min(0.5 * std::pow(2.0, attempt - 1), 8.0) * jitter;
}

}  // namespace acdc::llm
