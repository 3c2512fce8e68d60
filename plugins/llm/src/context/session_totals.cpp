#include "context/session_totals.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/util/json_writer.hpp>

namespace acdc::llm {

void SessionTotals::add(const Usage& u) {
  ++turns;
  prompt += u.prompt_tokens();
  completion += u.output_tokens;
  reasoning += u.reasoning_tokens;
  cache_read += u.cache_read_tokens;
  cache_write += u.cache_write_tokens;
  if (u.cost_usd) cost_usd = cost_usd.value_or(0) + *u.cost_usd;
  else ++unpriced_turns;
  if (u.cache_saved_usd) cache_saved_usd = cache_saved_usd.value_or(0) + *u.cache_saved_usd;
  last = u;
}

void SessionTotals::add_warmup(const Usage& u) {
  ++warmups;
  prompt += u.prompt_tokens();
  completion += u.output_tokens;
  cache_read += u.cache_read_tokens;
  cache_write += u.cache_write_tokens;
  if (u.cost_usd) {
    cost_usd = cost_usd.value_or(0) + *u.cost_usd;
    warmup_cost_usd = warmup_cost_usd.value_or(0) + *u.cost_usd;
  }
}

std::string SessionTotals::to_json() const {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  util::write_member(w, "turns", turns);
  util::write_member(w, "prompt", prompt);
  util::write_member(w, "completion", completion);
  util::write_member(w, "reasoning", reasoning);
  util::write_member(w, "total", prompt + completion);
  util::write_member(w, "cache_read", cache_read);
  util::write_member(w, "cache_write", cache_write);
  util::write_member(w, "cost_usd", cost_usd);
  util::write_member(w, "cache_saved_usd", cache_saved_usd);
  util::write_member(w, "unpriced_turns", unpriced_turns);
  util::write_member(w, "warmups", warmups);
  util::write_member(w, "warmup_cost_usd", warmup_cost_usd);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::string SessionTotals::last_turn_json() const {
  if (!last) return "null";
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  util::write_member(w, "prompt", last->prompt_tokens());
  util::write_member(w, "completion", last->output_tokens);
  util::write_member(w, "cache_read", last->cache_read_tokens);
  util::write_member(w, "cache_write", last->cache_write_tokens);
  util::write_member(w, "hit_rate", last_hit_rate());
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::llm
