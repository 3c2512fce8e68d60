// context/window_fit.hpp -- the prompt's fixed parts on a small window
// (issue 41). The system prompt, the symbol map and (in Agent mode) the
// tool list are sent with every request whatever the user asks; on a local
// model's 8k window at full size they would leave no room for the files,
// the history and the answer. So together they take at most a quarter of
// the window, and shrink in this order until they do:
//
//   1. the map, down to kMinMapShare of the quarter;
//   2. the tool list, each tool described in one sentence;
//   3. the system prompt, its compact version (prompts/system_compact.md);
//   4. the tools, dropped from the end of the list (the last plugin's first);
//   5. the map, to what is left.
//
//   WindowFit f = fit_fixed_parts({.context_window = 8192, .system_tokens = 1300,
//                                  .compact_system_tokens = 420, .map_budget = 1024,
//                                  .tool_tokens = 2900, .brief_tool_tokens = {60, 55, ...}});
//   // f.compact_system, f.brief_tools, f.tools_kept, f.map_budget; f.shrunk says each, for the user
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace acdc::llm {

// The map keeps at least this share of the quarter before anything else
// shrinks. A fifth: on an 8k window the 12 tools of a default build still
// fit beside the compact prompt (bench/llm/window_fit.mjs), and the map's
// ~400 tokens still name the repository's main files.
inline constexpr double kMinMapShare = 0.2;

struct FixedParts {
  long context_window = 0;
  std::size_t system_tokens = 0;          // the mode's system prompt, with the reminder
  std::size_t compact_system_tokens = 0;  // the compact one, with the reminder; 0: none to use
  long map_budget = 0;                    // app.yaml symbol_map:'s budget for this window
  std::size_t tool_tokens = 0;            // the tool list as it is (0 in Ask mode)
  std::vector<std::size_t> brief_tool_tokens;  // each tool described in one sentence, in list order
};

struct WindowFit {
  long cap = 0;  // a quarter of the window
  bool compact_system = false;
  bool brief_tools = false;
  std::size_t tools_kept = 0;  // the first this many of the list
  long map_budget = 0;
  std::size_t fixed_tokens = 0;  // what the parts take now, the map at its budget
  // What was shrunk and to what, one line each ("the system prompt: its
  // compact version, 410 tokens instead of 1,318"); empty when nothing was.
  std::vector<std::string> shrunk;
};

WindowFit fit_fixed_parts(const FixedParts& parts);

}  // namespace acdc::llm
