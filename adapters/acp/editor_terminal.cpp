// acp/editor_terminal.cpp -- see editor_terminal.hpp.
#include "acp/editor_terminal.hpp"

#include "acp/wire.hpp"

#include <acdc/host/json.hpp>
#include <acdc/util/path_rules.hpp>

#include <rapidjson/document.h>

#include <algorithm>

namespace acdc::adapters::acp {

std::string tool_result_json(const std::string& text, bool is_error) {
  return R"({"content":[{"type":"text","text":)" + json_string(text) + R"(}],"isError":)" + (is_error ? "true" : "false") +
         "}";
}

std::string EditorTerminal::params(const std::string& more) const {
  std::string terminal;
  {
    std::lock_guard lock(mu_);
    terminal = terminal_id_;
  }
  return R"({"sessionId":)" + json_string(session_id_) + R"(,"terminalId":)" + json_string(terminal) + more + "}";
}

void EditorTerminal::run(const std::string& tool_call_id, const std::string& arguments_json, Done done) {
  rapidjson::Document args = parse_object(arguments_json);
  const std::string command = string_member(args, "command");
  if (command.find_first_not_of(" \t\r\n") == std::string::npos)
    return done(tool_result_json("command: required, the command line to run", true));
  std::string cwd = string_member(args, "cwd");
  if (cwd.empty() || cwd == ".") cwd = root_.string();
  else if (auto fault = util::relative_path_fault(cwd))
    return done(tool_result_json("cwd: " + util::fault_message(*fault, cwd), true));
  else cwd = (root_ / cwd).string();
  long timeout = kDefaultTimeout;
  if (auto t = args.FindMember("timeout_s"); t != args.MemberEnd() && t->value.IsInt64() && t->value.GetInt64() > 0)
    timeout = static_cast<long>(std::min<int64_t>(t->value.GetInt64(), 24 * 3600));
  const std::string create = R"({"sessionId":)" + json_string(session_id_) +
                             R"(,"command":"timeout","args":["--kill-after=5",)" + json_string(std::to_string(timeout) + "s") +
                             R"(,"bash","-c",)" + json_string(command) + R"(],"cwd":)" + json_string(cwd) +
                             R"(,"outputByteLimit":)" + std::to_string(kOutputLimit) + "}";
  auto self = shared_from_this();
  conn_.request("terminal/create", create, [self, tool_call_id, command, done](bool ok, std::string_view text) {
    const std::string id = ok ? string_member(parse_object(text), "terminalId") : "";
    if (id.empty())
      return done(tool_result_json("the editor could not start `" + command + "` in a terminal: " + std::string(text), true));
    {
      std::lock_guard lock(self->mu_);
      self->terminal_id_ = id;
    }
    self->conn_.notify("session/update",
                       R"({"sessionId":)" + json_string(self->session_id_) +
                           R"(,"update":{"sessionUpdate":"tool_call_update","toolCallId":)" + json_string(tool_call_id) +
                           R"(,"status":"in_progress","content":[{"type":"terminal","terminalId":)" + json_string(id) + "}]}}");
    self->wait_for_exit(command, done);
  });
}

void EditorTerminal::wait_for_exit(std::string command, Done done) {
  auto self = shared_from_this();
  conn_.request("terminal/wait_for_exit", params(), [self, command, done](bool ok, std::string_view text) {
    std::string ending = "the editor did not say how it ended";
    if (ok) {
      rapidjson::Document exit = parse_object(text);
      auto code = exit.FindMember("exitCode");
      const std::string signal = string_member(exit, "signal");
      if (code != exit.MemberEnd() && code->value.IsInt())
        ending = code->value.GetInt() == 124 ? "killed at its timeout" : "exit code " + std::to_string(code->value.GetInt());
      else if (!signal.empty()) ending = "ended by " + signal;
    }
    self->read_output(command, ending + " (in the editor's terminal)", done);
  });
}

void EditorTerminal::read_output(std::string command, std::string ending, Done done) {
  auto self = shared_from_this();
  conn_.request("terminal/output", params(), [self, command, ending, done](bool ok, std::string_view text) {
    rapidjson::Document out = parse_object(ok ? text : "{}");
    std::string output = string_member(out, "output");
    auto truncated = out.FindMember("truncated");
    if (truncated != out.MemberEnd() && truncated->value.IsTrue())
      output = "[... the start of the output was cut; its last " + std::to_string(kOutputLimit) + " bytes follow ...]\n" + output;
    // The model hears the result once the editor has let the terminal go:
    // a turn never ends with one of its terminals still held.
    std::string result = tool_result_json("$ " + command + "\n" + ending + "\n" + (output.empty() ? "(no output)" : output), false);
    self->conn_.request("terminal/release", self->params(),
                        [done, result = std::move(result)](bool, std::string_view) { done(result); });
  });
}

void EditorTerminal::kill() {
  {
    std::lock_guard lock(mu_);
    if (terminal_id_.empty()) return;
  }
  conn_.request("terminal/kill", params(), [](bool, std::string_view) {});
}

}  // namespace acdc::adapters::acp
