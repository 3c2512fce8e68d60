// prompt/warmup_prompt.hpp -- the cache warmer's request (service/cache_warmer.hpp):
// the request an answer was given for, its last message replaced by a
// one-line ping, so every earlier cached prefix is byte for byte what was
// sent and is read (and so kept) again.
//
//   std::string body = warmup_messages(sent_messages_json);
#pragma once

#include <string>

namespace acdc::llm {

inline constexpr const char* kWarmupPing = "ping (cache warm-up: respond with 'ok')";

// Throws std::runtime_error when `messages_json` is not a message array.
std::string warmup_messages(const std::string& messages_json);

}  // namespace acdc::llm
