#include "chat/terminal_hud.hpp"

#include <algorithm>
#include <cstdio>

namespace acdc::llm {
namespace {

// Display width of UTF-8 text: the box-drawing characters are one column each.
size_t columns(const std::string& s) {
  return static_cast<size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string repeat(const std::string& unit, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += unit;
  return out;
}

std::string pad_left(const std::string& s, size_t width) {
  return std::string(width > s.size() ? width - s.size() : 0, ' ') + s;
}

std::string cache_blocks(const HudFigures& f) {
  long total = 0;
  for (const auto& b : f.blocks) total += b.tokens;
  const Usage& u = f.last;
  long in = u.prompt_tokens();
  long hit = in > 0 ? u.cache_read_tokens * 100 / in : 0;
  std::vector<std::string> rows;
  for (const auto& b : f.blocks)
    rows.push_back(b.name + std::string(b.name.size() < 10 ? 10 - b.name.size() : 1, ' ') +
                   pad_left(with_thousands(b.tokens), 10) + " tokens" + (b.cached ? " [cached]" : ""));
  std::string footer = "Total: " + with_thousands(total) + " | Cache hit: " + std::to_string(hit) + "%";
  const std::string title = "─ Cache Blocks ";
  size_t width = std::max(columns(footer), columns(title) + 1);
  for (const auto& r : rows) width = std::max(width, columns(r));
  auto line = [&](const std::string& text) { return "│ " + text + std::string(width - columns(text), ' ') + " │\n"; };
  std::string out = "╭" + title + repeat("─", width + 2 - columns(title)) + "╮\n";
  for (const auto& r : rows) out += line(r);
  out += "├" + repeat("─", width + 2) + "┤\n";
  out += line(footer);
  out += "╰" + repeat("─", width + 2) + "╯";
  return out;
}

std::string token_usage(const HudFigures& f) {
  auto row = [](const std::string& label, const std::string& value) {
    return label + std::string(label.size() < 15 ? 15 - label.size() : 1, ' ') + value + "\n";
  };
  auto number = [](long n) { return pad_left(with_thousands(n), 6); };
  const Usage& u = f.last;
  long total = f.system + f.symbol_map + f.files + f.history;
  long in = u.prompt_tokens();
  std::string out = "Model: " + f.model + "\n";
  out += row("System:", number(f.system));
  out += row("Symbol Map:", number(f.symbol_map));
  out += row("Files:", number(f.files));
  out += row("History:", number(f.history));
  out += row("Total:", number(total));
  out += row("Last request:", with_thousands(in) + " in, " + with_thousands(u.output_tokens) + " out");
  out += row("Cache:", "read: " + with_thousands(u.cache_read_tokens) + ", write: " + with_thousands(u.cache_write_tokens));
  out += row("Session total:", with_thousands(f.session_total));
  if (f.session_hit_rate)
    out += row("Session cache:", std::to_string(static_cast<int>(*f.session_hit_rate * 100 + 0.5)) + "% of input read from cache");
  if (f.session_cost_usd) {
    char cost[32];
    std::snprintf(cost, sizeof cost, "$%.4f", *f.session_cost_usd);
    out += row("Session cost:", cost);
  }
  if (f.window > 0)
    out += row("Window:", with_thousands(f.window) + " tokens" + (f.window_source.empty() ? "" : " (" + f.window_source + ")"));
  out.pop_back();
  return out;
}

// A move towards L0 is a promotion; towards "active" a demotion.
std::string tier_changes(const HudFigures& f) {
  auto rank = [](const std::string& tier) { return tier.size() == 2 && tier[0] == 'L' ? tier[1] - '0' : 9; };
  std::string out;
  for (const auto& c : f.tier_changes)
    out += (out.empty() ? "" : "\n") + std::string(rank(c.to) < rank(c.from) ? "📈 " : "📉 ") + c.from + " → " + c.to +
           ": " + c.item;
  return out;
}

}  // namespace

std::string with_thousands(long n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out = n < 0 ? "-" : "";
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::vector<std::string> render_hud(const HudFigures& f) {
  std::vector<std::string> reports{cache_blocks(f), token_usage(f)};
  if (!f.tier_changes.empty()) reports.push_back(tier_changes(f));
  return reports;
}

}  // namespace acdc::llm
