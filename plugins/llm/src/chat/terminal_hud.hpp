// chat/terminal_hud.hpp -- the reports printed on the host's terminal after
// each response (seed 002, "Terminal HUD"): the cache blocks in a box, the
// token usage, and the tier changes.
//
//   HudFigures f;
//   f.model = "claude-sonnet-4-5";
//   f.blocks = {{"L0", 1622, true}, {"active", 19643, false}};
//   f.system = 1622; f.files = 0; f.history = 21532; f.last = usage; f.session_total = 182756;
//   for (const auto& report : render_hud(f)) host.log(ACDC_LOG_INFO, report);
//
#pragma once

#include "provider/provider.hpp"

#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

struct HudBlock {
  std::string name;
  long tokens = 0;
  bool cached = false;  // sent with a cache_control marker
};

// One item moving between cache tiers ("L3", "L2", ..., "active").
struct TierChange {
  std::string from, to, item;  // item: "symbol:src/a.py", "file:src/b.py"
};

struct HudFigures {
  std::string model;
  std::vector<HudBlock> blocks;
  long system = 0, symbol_map = 0, files = 0, history = 0;
  Usage last;              // what the provider reported for this request
  long session_total = 0;  // input and output tokens of every request this session
  std::optional<double> session_hit_rate;  // cache reads / prompt tokens, this session
  std::optional<double> session_cost_usd;  // when the provider reports cost
  std::vector<TierChange> tier_changes;
  long window = 0;            // the context window budgeted for (0: not shown)
  std::string window_source;  // where it came from (ModelLimits::window_source)
};

// The non-empty reports, each a multi-line string, in the order printed.
std::vector<std::string> render_hud(const HudFigures& figures);

// 1234567 -> "1,234,567".
std::string with_thousands(long n);

}  // namespace acdc::llm
