// service/model_limits.hpp -- per-model numbers of acdc-features.md §4.5:
// the output ceiling (max_tokens is always sent, clamped to it) and the
// smallest block a provider caches.
//
//   int max_tokens = std::min(config.max_output_tokens, output_ceiling("claude-sonnet-4-5"));  // 64000
#pragma once

#include <cstddef>
#include <string>

namespace acdc::llm {

// The input budget the context view and the history limits are measured against (§4.4: every model).
inline constexpr long kMaxInputTokens = 1000000;

int output_ceiling(const std::string& model);
std::size_t min_cacheable_tokens(const std::string& model);

}  // namespace acdc::llm
