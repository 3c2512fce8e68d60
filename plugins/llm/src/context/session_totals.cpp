#include "context/session_totals.hpp"

#include <acdc/sdk/json.hpp>

namespace acdc::llm {
namespace {

void key_long(acdc::JsonWriter& w, const char* key, long v) {
  w.Key(key);
  w.Int64(v);
}

void key_optional(acdc::JsonWriter& w, const char* key, std::optional<double> v) {
  w.Key(key);
  if (v) w.Double(*v);
  else w.Null();
}

}  // namespace

void SessionTotals::add(const Usage& u) {
  ++turns;
  prompt += u.prompt_tokens();
  completion += u.output_tokens;
  reasoning += u.reasoning_tokens;
  cache_read += u.cache_read_tokens;
  cache_write += u.cache_write_tokens;
  if (u.cost_usd) cost_usd = cost_usd.value_or(0) + *u.cost_usd;
  last = u;
}

std::string SessionTotals::to_json() const {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  key_long(w, "turns", turns);
  key_long(w, "prompt", prompt);
  key_long(w, "completion", completion);
  key_long(w, "reasoning", reasoning);
  key_long(w, "total", prompt + completion);
  key_long(w, "cache_read", cache_read);
  key_long(w, "cache_write", cache_write);
  key_optional(w, "cost_usd", cost_usd);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::string SessionTotals::last_turn_json() const {
  if (!last) return "null";
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  key_long(w, "prompt", last->prompt_tokens());
  key_long(w, "completion", last->output_tokens);
  key_long(w, "cache_read", last->cache_read_tokens);
  key_long(w, "cache_write", last->cache_write_tokens);
  key_optional(w, "hit_rate", last_hit_rate());
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::llm
