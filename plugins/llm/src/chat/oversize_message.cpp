#include "chat/oversize_message.hpp"

#include "chat/terminal_hud.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace acdc::llm {

std::string oversize_message(const Placement& preview, const OversizeFacts& f) {
  std::vector<std::pair<std::size_t, std::string>> parts;
  std::size_t history = 0, history_messages = 0;
  for (const auto& [key, state] : preview.items) {
    if (key.starts_with("file:")) parts.emplace_back(state.tokens, key.substr(5));
    else if (key.starts_with("history:")) history += state.tokens, ++history_messages;
  }
  if (history) parts.emplace_back(history, "the conversation so far (" + std::to_string(history_messages) + " messages)");
  if (f.url_tokens) parts.emplace_back(f.url_tokens, "the fetched URLs");
  parts.emplace_back(f.message_tokens, "your message");
  std::stable_sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string largest;
  for (std::size_t i = 0; i < parts.size() && i < 3; ++i)
    largest += (i ? ", " : "") + parts[i].second + " (" + with_thousands(static_cast<long>(parts[i].first)) + ")";
  return "This request is about " + with_thousands(static_cast<long>(f.total)) + " tokens without the symbol map, more than " +
         f.model + " can take (" + with_thousands(f.context_window) + "-token context window, " +
         with_thousands(f.max_tokens) + " of them kept for the answer). The largest parts: " + largest +
         ": deselect large files, or start a new session; nothing was sent";
}

}  // namespace acdc::llm
