// bb7/title.hpp -- automatic chat titles (bb7.md §3.2 generate_title, §7.1):
// one completion with the title model, then the chat is renamed and the
// event {"type":"title_updated","chat_id","title"} is sent (no request_id).
#pragma once

#include "bb7/chat_store.hpp"
#include "bb7/config.hpp"

#include <string>

namespace acdc::adapters::bb7 {

class Session;

// Call with session.mu_ held; the work runs on the engine's threads.
void start_title(Session& session, const ChatStore& store, const std::string& chat_id, const std::string& content, const Bb7Config& config);

// "  \"A title\" " -> "A title"; over 80 bytes: 77 bytes and "...".
std::string clean_title(std::string title);

}  // namespace acdc::adapters::bb7
