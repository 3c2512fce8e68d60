// acp/updates.hpp -- acdc's chat results in ACP's words: session/update
// params (protocol/v1/prompt-turn, tool-calls) and the stop reason of a
// turn, from AcApp.streamComplete's result (plugins/llm chat/turn_outcome.hpp).
//
//   conn.notify("session/update", message_chunk(sid, "agent_message_chunk", "Hello"));
//   conn.notify("session/update", tool_call(sid, {.id = "e1", .path = "/p/a.py", .old_text = "x", .new_text = "y"}));
//   conn.notify("session/update", tool_call_status(sid, "e1", "completed"));
//   Completion c = parse_completion(result_json);
//   if (!c.error) reply(R"({"stopReason":")" + std::string(stop_reason(c)) + "\"}");
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::adapters::acp {

// kind: agent_message_chunk, agent_thought_chunk or user_message_chunk.
std::string message_chunk(const std::string& session_id, std::string_view kind, std::string_view text);

struct EditCall {
  std::string id;
  std::string path;                     // absolute, as ACP wants it
  std::optional<std::string> old_text;  // none: a new file
  std::string new_text;
  std::string status = "pending";       // pending | in_progress | completed | failed
  std::string note;                     // shown as text content after the diff ("" for none)
};
std::string tool_call(const std::string& session_id, const EditCall& call);
// The call's new status, with `note` as its text content when not empty.
std::string tool_call_status(const std::string& session_id, const std::string& id, std::string_view status,
                             std::string_view note = {});

// An Agent turn's tool call (AcApp.agentStep's step, plugins/llm
// agent/agent_step.hpp) as a tool_call when it starts, with its kind (read,
// search) and the file it reads, and a tool_call_update when it ends, with
// its one-line summary. `root` makes the file's path absolute. "" when the
// step cannot be read.
std::string agent_step_update(const std::string& session_id, std::string_view step_json, const std::string& root);

// A usage_update from LLMService.get_context_breakdown's result: the tokens
// in context, the model's window, and the session's cost so far in USD --
// null while a turn's price is unknown (a model with no list price), never
// $0 for it. "" when the breakdown cannot be read.
std::string usage_update(const std::string& session_id, std::string_view breakdown_json);

struct EditOutcome {
  std::string file;
  std::string status;  // applied | already_applied | failed | skipped | not_in_context
  std::string message;
  std::string error_type;  // write_error: the write itself failed (or the user rejected it)
  std::string old_preview;
  std::string new_preview;
};

struct Completion {
  bool cancelled = false;
  std::optional<std::string> error;  // the turn failed: what the user should read
  std::string finish_reason;
  std::vector<EditOutcome> edits;
  std::string edits_not_applied;     // review mode's reason, when set
  std::string prompt_truncated;      // the local server cut the prompt, when it did
};
Completion parse_completion(std::string_view result_json);

// end_turn, max_tokens, cancelled or refusal.
const char* stop_reason(const Completion& c);

}  // namespace acdc::adapters::acp
