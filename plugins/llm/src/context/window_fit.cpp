// context/window_fit.cpp -- see window_fit.hpp.
#include "context/window_fit.hpp"

#include "chat/terminal_hud.hpp"

#include <algorithm>
#include <numeric>

namespace acdc::llm {
namespace {

std::string tokens(std::size_t n) { return with_thousands(static_cast<long>(n)); }

}  // namespace

WindowFit fit_fixed_parts(const FixedParts& p) {
  WindowFit f;
  f.cap = p.context_window / 4;
  f.tools_kept = p.brief_tool_tokens.size();
  const auto cap = static_cast<std::size_t>(std::max(0L, f.cap));
  const auto budget = static_cast<std::size_t>(std::max(0L, p.map_budget));
  const std::size_t min_map = std::min(budget, static_cast<std::size_t>(static_cast<double>(cap) * kMinMapShare));
  std::size_t system = p.system_tokens, tools = p.tool_tokens;
  auto over = [&](std::size_t map) { return system + tools + map > cap; };

  if (over(min_map) && tools > 0) {
    const std::size_t brief = std::accumulate(p.brief_tool_tokens.begin(), p.brief_tool_tokens.end(), std::size_t{0});
    if (brief < tools) {
      f.shrunk.push_back("the tool list: each tool described in one sentence, " + tokens(brief) + " tokens instead of " +
                         tokens(tools));
      f.brief_tools = true;
      tools = brief;
    }
  }
  if (over(min_map) && p.compact_system_tokens > 0 && p.compact_system_tokens < system) {
    f.shrunk.push_back("the system prompt: its compact version (prompts/system_compact.md), " +
                       tokens(p.compact_system_tokens) + " tokens instead of " + tokens(system));
    f.compact_system = true;
    system = p.compact_system_tokens;
  }
  if (over(min_map) && f.brief_tools) {
    const std::size_t all = f.tools_kept;
    while (f.tools_kept > 0 && over(min_map)) tools -= p.brief_tool_tokens[--f.tools_kept];
    f.shrunk.push_back("the tool list: " + std::to_string(all - f.tools_kept) + " of its " + std::to_string(all) +
                       " tools left out, the last first");
  }
  const std::size_t room = cap > system + tools ? cap - system - tools : 0;
  f.map_budget = static_cast<long>(std::min(budget, room));
  if (f.map_budget < p.map_budget)
    f.shrunk.insert(f.shrunk.begin(), "the symbol map: " + tokens(static_cast<std::size_t>(f.map_budget)) +
                                          " tokens instead of " + tokens(budget));
  f.fixed_tokens = system + tools + static_cast<std::size_t>(f.map_budget);
  return f;
}

}  // namespace acdc::llm
