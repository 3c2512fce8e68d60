// bb7/tokens.hpp -- token counts (bb7.md §11) and the replies built on them:
// estimate_tokens and get_file_statuses (§9). Counts are cl100k_base from the
// llm plugin (LLMService.count_tokens) when it is loaded.
//
//   std::vector<long long> n = count_tokens(engine, {"hello world"});   // {2}
#pragma once

#include "bb7/session.hpp"

#include <string>
#include <vector>

namespace acdc::adapters::bb7 {

class Engine;

// Without an engine (or when it fails): about four bytes a token.
std::vector<long long> count_tokens(Engine* engine, const std::vector<std::string>& texts);

std::string token_estimate_line(Session& s, Chat& chat, const Session::Active& a, const Request& req);
std::string file_statuses_line(Session& s, Chat& chat, const Session::Active& a, const Request& req);

}  // namespace acdc::adapters::bb7
