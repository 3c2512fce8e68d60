// context/session_totals.hpp -- what a session has cost so far, turn by
// turn, as the providers reported it (acdc-features.md §4.1
// get_session_totals, the Context tab and the terminal HUD).
//
//   SessionTotals t;
//   t.add(result.usage);
//   double rate = *t.session_hit_rate();      // cache reads / prompt tokens
//   std::string json = t.to_json();           // {turns, prompt, completion, ...}
#pragma once

#include "provider/provider.hpp"

#include <optional>
#include <string>

namespace acdc::llm {

struct SessionTotals {
  long turns = 0;
  long prompt = 0;       // every prompt token: fresh, read from cache, written to it
  long completion = 0;
  long reasoning = 0;
  long cache_read = 0;
  long cache_write = 0;
  std::optional<double> cost_usd;  // the sum over the turns with a known cost; none known: null
  std::optional<double> cache_saved_usd;  // what the cache saved over those turns
  long unpriced_turns = 0;         // turns whose model's price is unknown (not in cost_usd)
  long warmups = 0;                // cache warm-ups: their tokens and cost are in the sums above
  std::optional<double> warmup_cost_usd;
  std::optional<Usage> last;

  void add(const Usage& u);
  void add_warmup(const Usage& u);
  std::optional<double> session_hit_rate() const { return rate(cache_read, prompt); }
  std::optional<double> last_hit_rate() const {
    return last ? rate(last->cache_read_tokens, last->prompt_tokens()) : std::nullopt;
  }
  // {turns, prompt, completion, reasoning, total, cache_read, cache_write, cost_usd,
  //  cache_saved_usd, unpriced_turns, warmups, warmup_cost_usd}
  std::string to_json() const;
  // {prompt, completion, cache_read, cache_write, hit_rate} of the last turn, or "null".
  std::string last_turn_json() const;

 private:
  static std::optional<double> rate(long part, long whole) {
    return whole > 0 ? std::optional<double>(static_cast<double>(part) / static_cast<double>(whole)) : std::nullopt;
  }
};

}  // namespace acdc::llm
