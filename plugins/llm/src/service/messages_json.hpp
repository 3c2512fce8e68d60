// service/messages_json.hpp -- a conversation as the browser gets it
// (get_current_state, sessionChanged, compactionEvent): role, content,
// images, reasoning, the marks system_event and cut_off with its error, and
// an answer's turn_id, edit results with their counts, shell commands and
// whether its edits can still be undone.
#pragma once

#include "history/chat_session.hpp"

#include <acdc/sdk/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace acdc::llm {

// `undoable(turn_id)`: whether an answer's edits can still be undone
// (marked "undoable"); none: no answer is marked.
void write_messages(acdc::JsonWriter& w, const std::vector<ChatMessage>& messages,
                    const std::function<bool(const std::string&)>& undoable = {});

}  // namespace acdc::llm
