// agent/tool_consent.hpp -- whether a tool call that changes things may run:
// an allow rule of app.yaml's permissions covers it, or the user said
// "always" to it earlier in this acdc session, or the user is asked now
// (the browser's dialog, an ACP editor's session/request_permission). Where
// the sandbox app.yaml wants cannot be made (bwrap cannot run here),
// run_command asks every time, whatever the rules and earlier answers say.
//
//   ToolGrants grants;                                    // lives as long as the session
//   ToolConsent consent(rules, grants, {.sandboxed = true}, ask);
//   if (auto why = consent.refusal(tool, args)) tell_the_model(*why);
#pragma once

#include "agent/agent_tools.hpp"
#include "agent/tool_permissions.hpp"

#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace acdc::llm {

// The user's "always allow" answers: a tool with its command (or, for a
// tool without one, its arguments); an MCP server's tool by its name alone.
class ToolGrants {
 public:
  static std::string key(const AgentTool& tool, const acdc::JsonValue& args);
  bool has(const std::string& key) const;
  void add(const std::string& key);

 private:
  mutable std::mutex mu_;
  std::set<std::string> keys_;
};

class ToolConsent {
 public:
  // Asks the user about one call ({tool_call_id, tool, title, command, cwd,
  // arguments, sandbox_available}); answers "allow_once", "allow_always", "deny", or ""
  // when no one could be asked (a client that does not ask, a timeout).
  using Ask = std::function<std::string(const std::string& ask_json)>;

  struct Commands {
    bool sandboxed = true;    // the model's commands run in the sandbox (told in the question)
    bool ask_always = false;  // every run_command asks
  };

  ToolConsent(const ToolPermissions& rules, ToolGrants& grants, Commands commands, Ask ask)
      : rules_(rules), grants_(grants), commands_(commands), ask_(std::move(ask)) {}

  // nullopt when the call may run; else what the model is told.
  std::optional<std::string> refusal(const AgentTool& tool, const acdc::JsonValue& args, const std::string& call_id);

 private:
  const ToolPermissions& rules_;
  ToolGrants& grants_;
  Commands commands_;
  Ask ask_;
};

}  // namespace acdc::llm
