// context/map_budget.hpp -- how much of a request the symbol map may take
// (issue 26), and cutting a turn's map to fit what the window has left.
//
// The default budget is an eighth of the model's context window: on a
// 200k-token model 25k tokens, a little more than the whole map of a
// ~100-file repository, so small repositories keep their whole map, while
// the selected files, the history and the answer keep seven eighths. The
// localization bench (bench/map-localization) measured the recall this
// buys. app.yaml changes it:
//
//   symbol_map:
//     budget_fraction: 0.125   # of the model's context window
//     budget_tokens: 0         # a fixed budget instead, when above 0
//
//   long budget = map_budget_tokens(map_budget_settings(app), limits.context_window);
//   std::size_t dropped = fit_map(content, preview, room);
#pragma once

#include "context/context_engine.hpp"

#include <rapidjson/document.h>

#include <string>
#include <vector>

namespace acdc::llm {

inline constexpr double kDefaultMapFraction = 0.125;

struct MapBudgetSettings {
  double fraction = kDefaultMapFraction;
  long tokens = 0;  // above 0: this budget, whatever the window
};

// app.yaml's `symbol_map:` (as JSON); values out of range keep the default
// (the settings plugin already named them).
MapBudgetSettings map_budget_settings(const rapidjson::Value& app);
long map_budget_tokens(const MapBudgetSettings& settings, long context_window);

// What of the recent conversation the map's focus reads: the last few
// messages, each cut short.
std::string recent_history_text(const std::vector<ChatMessage>& history);

// The tokens the map takes in `preview`: its blocks and outline.
std::size_t map_tokens(const Placement& preview);

// Drops map blocks from `content` until the map takes at most `room`
// tokens by `preview`'s counts: the per-turn focus first (its last blocks
// first), then the core's largest blocks, then the outline. Returns the
// tokens dropped.
std::size_t fit_map(TurnContent& content, const Placement& preview, std::size_t room);

}  // namespace acdc::llm
