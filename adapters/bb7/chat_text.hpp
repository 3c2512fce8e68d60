// bb7/chat_text.hpp -- chats read as text: search (bb7.md §3.2 search_chats)
// and the flat rendering token estimates count (§11).
//
//   if (auto hit = search_chat(store, summary, "physics")) ...
//   std::string flat = flat_message_text(message);
#pragma once

#include "bb7/chat_store.hpp"

#include <optional>
#include <string>

namespace acdc::adapters::bb7 {

struct SearchHit {
  bool title = false;
  std::string excerpt;  // content matches only
};

// Case-insensitive; a title match wins; an empty query matches every title.
std::optional<SearchHit> search_chat(const ChatStore& store, const ChatSummary& chat, const std::string& query);

// Parts joined by newlines; events as
// [context_event action=… path="…" lines=a-b readonly=b external=b prev_version=… version=…].
std::string flat_message_text(const rapidjson::Value& message);

}  // namespace acdc::adapters::bb7
