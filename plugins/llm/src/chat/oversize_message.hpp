// chat/oversize_message.hpp -- why a request is refused when what the user
// chose (selected files, history, URLs, the message) does not fit the
// model's window even without the symbol map (issue 26: the map gives way,
// the user's choice cannot), naming its largest parts so the user knows
// what to drop.
//
//   std::string why = oversize_message(preview, {.total = 250'000, .message_tokens = 40, ...});
//   // "This request is about 250,000 tokens without the symbol map, more than gpt-4o can take
//   //  (128,000-token context window, 4,096 of them kept for the answer). The largest parts:
//   //  big.py (200,000), the conversation so far (12 messages) (30,000), ...: deselect ..."
#pragma once

#include "context/context_engine.hpp"

#include <cstddef>
#include <string>

namespace acdc::llm {

struct OversizeFacts {
  std::size_t total = 0;           // the request's tokens without the map
  std::size_t message_tokens = 0;  // the user's message with its reminder
  std::size_t url_tokens = 0;      // fetched URL content
  std::string model;
  long context_window = 0;
  int max_tokens = 0;              // kept out of the window for the answer
};

// `preview`: the turn's placement, whose file and history items are counted.
std::string oversize_message(const Placement& preview, const OversizeFacts& facts);

}  // namespace acdc::llm
