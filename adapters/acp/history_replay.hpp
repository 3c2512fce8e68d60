// acp/history_replay.hpp -- session/load's replay (protocol/v1/session-setup,
// "Loading Sessions"): acdc's own history of a session, as the browser's
// history shows it (LLMService.load_session_into_context's messages), sent
// back to the editor as the session/update notifications it would have
// seen live.
//
//   for (const std::string& params : replay_updates("s1", doc["messages"], "/home/me/proj"))
//     conn.notify("session/update", params);
//
// A user message is a user_message_chunk; an answer its reasoning as an
// agent_thought_chunk, its text as an agent_message_chunk, and each edit it
// made a finished tool_call of kind edit (with the history's previews as the
// diff: the history keeps no more of it).
#pragma once

#include <rapidjson/document.h>

#include <filesystem>
#include <string>
#include <vector>

namespace acdc::adapters::acp {

std::vector<std::string> replay_updates(const std::string& session_id, const rapidjson::Value& messages,
                                        const std::filesystem::path& root);

// The ACP status of an edit result's status: completed for applied and
// already_applied, failed for the rest.
const char* edit_call_status(const std::string& result_status);

}  // namespace acdc::adapters::acp
