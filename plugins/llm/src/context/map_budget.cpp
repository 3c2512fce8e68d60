#include "context/map_budget.hpp"

#include <algorithm>
#include <cmath>

namespace acdc::llm {
namespace {

std::size_t tokens_of(const Placement& p, const std::string& key) {
  auto it = p.items.find(key);
  return it == p.items.end() ? 0 : it->second.tokens;
}

}  // namespace

MapBudgetSettings map_budget_settings(const rapidjson::Value& app) {
  MapBudgetSettings s;
  if (!app.IsObject()) return s;
  auto section = app.FindMember("symbol_map");
  if (section == app.MemberEnd() || !section->value.IsObject()) return s;
  const auto& o = section->value;
  if (auto f = o.FindMember("budget_fraction"); f != o.MemberEnd() && f->value.IsNumber()) {
    const double v = f->value.GetDouble();
    if (v > 0 && v <= 1) s.fraction = v;
  }
  if (auto t = o.FindMember("budget_tokens"); t != o.MemberEnd() && t->value.IsNumber() && t->value.GetDouble() >= 0)
    s.tokens = static_cast<long>(t->value.GetDouble());
  return s;
}

long map_budget_tokens(const MapBudgetSettings& settings, long context_window) {
  if (settings.tokens > 0) return settings.tokens;
  return std::max(1L, static_cast<long>(std::floor(static_cast<double>(context_window) * settings.fraction)));
}

std::string recent_history_text(const std::vector<ChatMessage>& history) {
  constexpr std::size_t kMessages = 4, kChars = 2000;
  std::string out;
  for (std::size_t i = history.size() > kMessages ? history.size() - kMessages : 0; i < history.size(); ++i)
    out += history[i].content.substr(0, kChars) + "\n";
  return out;
}

std::size_t map_tokens(const Placement& preview) {
  std::size_t n = 0;
  for (const auto& tier : preview.tiers)
    for (const auto& item : tier)
      if (item.type == "symbols") n += item.tokens;
  return n;
}

std::size_t fit_map(TurnContent& content, const Placement& preview, std::size_t room) {
  std::size_t now = map_tokens(preview), dropped = 0;
  auto drop = [&](const std::string& key) {
    const std::size_t t = tokens_of(preview, key);
    now -= std::min(now, t);
    dropped += t;
  };
  auto& focus = content.focus_blocks;
  while (now > room && !focus.empty()) {
    drop(kFocusPrefix + focus.back().first);
    focus.pop_back();
  }
  auto& core = content.symbol_blocks;
  std::vector<std::size_t> largest(core.size());
  for (std::size_t i = 0; i < core.size(); ++i) largest[i] = i;
  std::stable_sort(largest.begin(), largest.end(), [&](std::size_t a, std::size_t b) {
    return tokens_of(preview, kSymbolPrefix + core[a].first) > tokens_of(preview, kSymbolPrefix + core[b].first);
  });
  std::vector<char> gone(core.size(), 0);
  for (std::size_t i : largest) {
    if (now <= room) break;
    drop(kSymbolPrefix + core[i].first);
    gone[i] = 1;
  }
  std::size_t i = 0;
  std::erase_if(core, [&](const auto&) { return gone[i++] != 0; });
  if (now > room && !content.map_outline.empty()) {
    drop(kOutlineKey);
    content.map_outline.clear();
  }
  return dropped;
}

}  // namespace acdc::llm
