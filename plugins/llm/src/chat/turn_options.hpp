// chat/turn_options.hpp -- what a protocol adapter adds to one chat turn:
// the last, optional argument of LLMService.chat_streaming (adapters/acp/
// sends it; the browser does not). Protocol-neutral: it names files and the
// caller, never an editor protocol.
//
//   chat_streaming(id, "fix it", null, [], null, null, null, null,
//                  {"context": [{"path": "src/a.py", "text": "unsaved buffer"}, {"path": "b.py"}],
//                   "caller_reads": true, "caller_writes": true, "caller_runs": true, "agent": true})
//
// - context: files in this turn's context only, placed and counted exactly
//   as selected files are (the selection itself is left as it was); a
//   `text` stands for the file's content (an editor's unsaved buffer, or a
//   resource that is not on disk), without one the file is read from the
//   repository. Edits to them apply like edits to selected files.
// - caller_reads / caller_writes: the edit applier reads / writes each file
//   through the calling client, AcApp.readTextFile(path) -> text and
//   AcApp.writeTextFile(path, content, old_text|null) (null: a new file),
//   instead of Repo.*; the repository's path guard still runs first
//   (edit/caller_files.hpp).
// - caller_runs: the model's commands (run_command) run through the calling
//   client, AcApp.runCommand(request_id, tool_call_id, arguments) -> a
//   CallToolResult, instead of through the exec plugin: an editor's own
//   terminal, where the user watches them. Permission is asked first as for
//   any command.
// - agent: this turn in Agent mode (true) or Ask (false) whatever the
//   session's mode is: an editor's agent is expected to act.
#pragma once

#include <acdc/sdk.hpp>

#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

struct ContextItem {
  std::string path;                 // relative to the repository
  std::optional<std::string> text;  // none: read from the repository
};

struct TurnOptions {
  std::vector<ContextItem> context;
  bool caller_reads = false;
  bool caller_writes = false;
  bool caller_runs = false;
  // Agent or Ask for this turn; none: the session's mode (agent/agent_modes.hpp).
  std::optional<bool> agent;
};

// Throws acdc::Error (ACDC_E_INVALID_PARAMS) naming the member that is wrong.
TurnOptions parse_turn_options(const std::optional<acdc::Json>& options);

}  // namespace acdc::llm
