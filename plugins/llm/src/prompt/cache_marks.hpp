// prompt/cache_marks.hpp -- which parts of a request carry a cache_control
// marker (Anthropic, Bedrock's Claude): one owner for the rule, so the
// request the assembler writes and what the Context tab calls cached agree.
//
// - A tier (L0..L3) is marked when it holds at least the model's cacheable
//   minimum (§4.6 "Gotchas": an undersized cached block made Bedrock answer
//   with nothing).
// - The conversation's end (after the history, before the map's per-message
//   focus and the message itself) is marked when there is a history and the
//   stretch after the tiers is cacheable too: the next request, one exchange
//   longer, reads it back (the provider checks the 20 blocks before a
//   marker), so the history is sent fresh once, not every turn until it
//   graduates into a tier.
// - At most four markers: when all four tiers and the conversation want
//   one, L3's gives way; the conversation's sits a few blocks after it.
//
//   CacheMarks m = plan_cache_marks({l0, l1, l2, l3}, conversation_tokens, true, 1024);
//   if (m.tiers[3]) ...; if (m.conversation) ...
#pragma once

#include <array>
#include <cstddef>

namespace acdc::llm {

struct CacheMarks {
  std::array<bool, 4> tiers{};  // L0..L3
  bool conversation = false;
  int count() const;
};

// `tier_tokens`: each tier's tokens (L0 with the system prompt);
// `conversation_tokens`: what follows the tiers up to the history's end.
// `max_marks`: 4, the API's limit, or 3 in an Agent turn, whose steps each
// mark their own end (agent/agent_loop.hpp); L3's gives way first, then the
// conversation's.
CacheMarks plan_cache_marks(const std::array<std::size_t, 4>& tier_tokens, std::size_t conversation_tokens,
                            bool has_history, std::size_t min_cacheable_tokens, int max_marks = 4);

}  // namespace acdc::llm
