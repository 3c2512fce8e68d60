// context/chat_mode.hpp -- code mode and doc mode (acdc-features.md §4.12):
// which index maps the repository for the model (the symbol map or the doc
// outlines), which system prompt and snippets it gets, and which tracker
// keeps its tiers.
//
//   std::optional<ChatMode> m = parse_mode("doc");   // nullopt for anything else
//   mode_name(other_mode(*m))                        // "code"
#pragma once

#include <optional>
#include <string_view>

namespace acdc::llm {

enum class ChatMode { code, doc };

inline const char* mode_name(ChatMode m) { return m == ChatMode::doc ? "doc" : "code"; }
inline ChatMode other_mode(ChatMode m) { return m == ChatMode::doc ? ChatMode::code : ChatMode::doc; }
inline std::optional<ChatMode> parse_mode(std::string_view s) {
  if (s == "code") return ChatMode::code;
  if (s == "doc") return ChatMode::doc;
  return std::nullopt;
}

}  // namespace acdc::llm
