// history/history_message.hpp -- one record of history.jsonl
// (acdc-features.md §4.8) and its JSON form, plus the id formats.
//
//   HistoryMessage m = HistoryMessage::make(session_id, "user", "hello");
//   std::string line = m.to_json();                    // one JSONL line, no "\n"
//   std::optional<HistoryMessage> back = HistoryMessage::from_json(line);
#pragma once

#include "edit/edit_block.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

// A message a compaction kept, as its record carries it.
struct KeptMessage {
  std::string role;
  std::string content;
  std::vector<std::string> image_refs;
  std::string reasoning;
};

struct HistoryMessage {
  std::string id;          // {epoch_ms}-{8hex}
  std::string session_id;  // sess_{epoch_ms}_{6hex}
  std::string timestamp;   // %Y-%m-%dT%H:%M:%SZ, UTC
  std::string role;        // "user" | "assistant"
  std::string content;
  bool system_event = false;
  // A system event the model sees too (a commit, a reset), not only the user.
  bool for_model = false;
  std::string turn_id;                 // empty: none
  std::vector<std::string> files;      // user messages: the selection at send time
  std::vector<std::string> files_modified;
  std::vector<std::string> image_refs;  // user messages: file names in the image store
  // An answer whose stream broke midway: what arrived, and why it stopped.
  bool cut_off = false;
  std::string error;
  // An answer's thinking, when the model reasoned: shown again with the
  // answer when the session is reloaded, never sent back to the model.
  std::string reasoning;
  // An answer's edit results (file, status, message, error_type; no
  // previews) and suggested shell commands, for a reloaded session.
  std::vector<EditResult> edit_results;
  std::vector<std::string> shell_commands;
  // An Agent turn's answer: its tool calls ("steps", a JSON array of
  // agent/agent_step.hpp) and the limit that stopped it ("stopped_by").
  std::string steps_json;
  std::string stopped_by;
  // The compaction system event: the history as it stands from here on
  // (the file is append-only; a restart replays this instead of what came before).
  std::optional<std::vector<KeptMessage>> compacted_history;

  // A new record stamped now.
  static HistoryMessage make(std::string session_id, std::string role, std::string content);
  // `image_uris`: the reconstructed data URIs history_get_session adds as
  // "images"; they are never written to history.jsonl, which holds names.
  std::string to_json(const std::vector<std::string>& image_uris = {}) const;
  // nullopt when the line is not a complete record (a torn write).
  static std::optional<HistoryMessage> from_json(std::string_view line);
};

std::string new_session_id();
std::string new_turn_id();
std::string new_message_id();

}  // namespace acdc::llm
