// service/messages_json.hpp -- a conversation as the browser gets it
// (get_current_state, sessionChanged, compactionEvent): role, content,
// images, reasoning, and the marks system_event and cut_off with its error.
#pragma once

#include "history/chat_session.hpp"

#include <acdc/sdk/json.hpp>

#include <vector>

namespace acdc::llm {

void write_messages(acdc::JsonWriter& w, const std::vector<ChatMessage>& messages);

}  // namespace acdc::llm
