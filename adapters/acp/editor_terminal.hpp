// acp/editor_terminal.hpp -- the model's command run in the editor's own
// terminal (protocol/v1/terminals), when the editor offers terminals: the
// user watches it there, inside the step's tool call.
//
//   auto t = std::make_shared<EditorTerminal>(conn, session_id, root);
//   t->run("step-c1", R"({"command":"make test","timeout_s":60})", [](std::string tool_result) { ... });
//   t->kill();   // session/cancel
//
// terminal/create (bash -c under coreutils' timeout, so a command that
// never ends ends at its timeout even if the editor does not kill it), the
// terminal embedded in the tool call (tool_call_update content), then
// terminal/wait_for_exit, terminal/output, terminal/release. The answer is a
// CallToolResult the model reads: the command, how it ended, the output
// (the editor keeps its last kOutputLimit bytes). A command line that is
// empty or not a string is the model's to correct (isError); an editor that
// fails a request is told to the model the same way.
#pragma once

#include "acp/connection.hpp"

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace acdc::adapters::acp {

class EditorTerminal : public std::enable_shared_from_this<EditorTerminal> {
 public:
  using Done = std::function<void(std::string tool_result_json)>;
  static constexpr long kOutputLimit = 16000;
  static constexpr long kDefaultTimeout = 120;

  EditorTerminal(Connection& conn, std::string session_id, std::filesystem::path root)
      : conn_(conn), session_id_(std::move(session_id)), root_(std::move(root)) {}

  // `tool_call_id`: the step's tool call, where the terminal is shown.
  void run(const std::string& tool_call_id, const std::string& arguments_json, Done done);
  void kill();

 private:
  void wait_for_exit(std::string command, Done done);
  void read_output(std::string command, std::string ending, Done done);
  std::string params(const std::string& more = "") const;

  Connection& conn_;
  std::string session_id_;
  std::filesystem::path root_;
  mutable std::mutex mu_;
  std::string terminal_id_;  // guarded by mu_; set once created
};

// A CallToolResult's JSON text.
std::string tool_result_json(const std::string& text, bool is_error);

}  // namespace acdc::adapters::acp
