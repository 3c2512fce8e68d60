// bb7/provider_get.hpp -- the two plain GETs BB-7 makes to its provider
// (bb7.md §7.1: /credits for get_balance, /models for get_models), 30 s
// timeout, http or https. Streaming completions never come here: they go
// through LLMService.converse.
//
//   HttpReply r = provider_get("https://openrouter.ai/api/v1/models", api_key);
#pragma once

#include <string>

namespace acdc::adapters::bb7 {

struct HttpReply {
  int status = 0;
  std::string body;
};

// Throws acdc::Error with a message a user can act on when the request fails.
HttpReply provider_get(const std::string& url, const std::string& api_key);

}  // namespace acdc::adapters::bb7
