// chat/turn_outcome.hpp -- everything one chat turn produced, and its wire
// form: the StreamCompleteResult of seed 002 with the fields of
// acdc-features.md §4.2 (response, token_usage, edit_blocks, shell_commands,
// the counts, files_*, edit_results, user_message, finish_reason, turn_id,
// binary_files, invalid_files, and cancelled / error / error_info / cut_off when set).
//
//   TurnOutcome out;
//   out.response = "Hello";
//   std::string json = out.to_json();     // AcApp.streamComplete's 2nd arg
#pragma once

#include "agent/agent_step.hpp"

#include "edit/edit_block.hpp"
#include "provider/provider.hpp"

#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

struct TurnOutcome {
  std::string response;
  std::string reasoning;  // the model's thinking, when it reasoned ("reasoning" on the wire)
  std::string user_message;
  std::string turn_id;
  std::string finish_reason;
  Usage usage;
  std::vector<EditBlock> blocks;
  std::vector<std::string> shell_commands;
  bool undoable = false;  // its applied edits were kept for LLMService.undo_turn
  ApplyOutcome applied;
  std::vector<std::string> binary_files;
  std::vector<std::string> invalid_files;
  std::vector<std::string> refused_images;  // "image N refused: why", for the user
  bool cancelled = false;
  std::optional<ProviderError> error;
  // The stream broke after text arrived: `response` keeps it, its edit
  // blocks are not applied, history keeps it marked.
  bool cut_off = false;
  // The local server cut the prompt to fit its window (context/served_window.hpp), for the user.
  std::string prompt_truncated;
  // Why the answer's edit blocks were not applied (review mode), for the user.
  std::string edits_not_applied;
  // An Agent turn (agent/agent_loop.hpp): its tool calls, and the limit
  // that stopped it ("" when the model ended it).
  bool agent = false;
  std::vector<AgentStep> steps;
  std::string stopped_by;
  std::string provider;  // "openai", "anthropic", "ollama"
  std::string model;

  std::string to_json() const;
};

// The wire name of an error kind (context_window_exceeded, rate_limit, ...).
const char* error_type_name(ErrorKind kind);

}  // namespace acdc::llm
