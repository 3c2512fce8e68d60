// provider/error_classifier.hpp -- one error vocabulary for every provider
// (acdc-features.md §4.9, llm-wire.md §1-§3): HTTP errors, errors inside a
// stream, truncated streams and transport failures become a ProviderError
// whose kind, retryability and message say what happened and what the user
// can do. Retry-After handling follows the Stainless SDKs: retry-after-ms
// wins over retry-after (seconds or an HTTP date, honoured when 0 < v <= 60),
// and x-should-retry overrides the status.
//
//   ProviderError e = classify_http(429, headers, body, {.api_key_env = "OPENAI_API_KEY"});
//   if (e.retryable) wait(e.retry_after_s.value_or(backoff));
#pragma once

#include "provider/provider.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace acdc::llm {

// Response headers with lower-case names.
using HeaderMap = std::map<std::string, std::string>;

// What the messages name so the user knows what to fix.
struct ErrorContext {
  std::string api_key_env;
  std::string base_url;
  std::string model;
};

ProviderError classify_http(int status, const HeaderMap& headers, std::string_view body,
                            const ErrorContext& context);
// An error event inside a stream that started with HTTP 200.
ProviderError classify_stream_error(std::string_view type, std::string_view message,
                                    bool had_output);
// The body ended without its terminator.
ProviderError classify_truncated(bool had_output);
std::optional<double> retry_after_seconds(const HeaderMap& headers);

}  // namespace acdc::llm
