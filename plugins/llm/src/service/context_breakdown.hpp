// service/context_breakdown.hpp -- the Context tab's answer
// (LLMService.get_context_breakdown, acdc-features.md §4.1): the next
// turn's content as the tiers would place it, written as JSON. Pure: the
// facade gathers the inputs (config, selection, map, placement) and this
// writes them.
//
//   BreakdownInput in{.model = "gpt-4o", .mode = ChatMode::code, ...};
//   std::string json = breakdown_json(in, [&](acdc::JsonWriter& w) { return urls.write_breakdown(w); });
#pragma once

#include "clients/symbol_map_client.hpp"
#include "context/chat_mode.hpp"
#include "context/context_engine.hpp"
#include "context/model_limits.hpp"
#include "context/session_totals.hpp"

#include <acdc/sdk/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace acdc::llm {

struct BreakdownInput {
  std::string model;
  ChatMode mode = ChatMode::code;
  bool cross_ref = false;
  ModelLimits limits;
  const TurnContent& content;
  const SymbolMap& map;
  const Placement& placement;
  const SessionTotals& totals;
  std::vector<TierMove> moves;  // the engine's last promotions and demotions
  long legend_tokens = 0;       // the map's header and legend, counted apart from the system prompt
};

// Writes url_details, urls (and urls_unavailable) into the open breakdown
// object; returns the URL tokens.
using UrlBreakdownWriter = std::function<long(acdc::JsonWriter&)>;

std::string breakdown_json(const BreakdownInput& in, const UrlBreakdownWriter& write_urls);

}  // namespace acdc::llm
