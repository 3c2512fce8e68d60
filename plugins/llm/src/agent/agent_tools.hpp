// agent/agent_tools.hpp -- the tools an Agent turn offers its model: the
// plugins' tools as Host.list_tools lists them (plugin_api.h, since 1.2),
// those app.yaml's permissions: do not deny (agent/tool_permissions.hpp),
// in the host's
// order, so every step of every turn sends the same tool bytes and the
// provider's prompt cache keeps them. Edits stay edit blocks in the answer.
//
//   AgentTools tools = AgentTools::from_host(host, permissions);   // on a plugin-owned thread
//   request.tools_json = tools.provider_json();          // OpenAI function schemas
//   if (const AgentTool* t = tools.find("read_file")) call(t->method, ...);
//   tools = tools.shrunk(/*brief=*/true, 6);           // a small window's list
#pragma once

#include "agent/tool_permissions.hpp"

#include <acdc/sdk.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

struct AgentTool {
  std::string name;    // "read_file"
  std::string method;  // "Repo.read_file"
  bool read_only = false;  // annotations.readOnlyHint: never asks the user
  bool by_name = false;    // declared at run time: the method takes the name too

  // The method's args array for the model's arguments object.
  std::string args_json(std::string_view arguments) const;

  // The class serving it ("Repo"), whose other methods (status,
  // stop_tool_calls) a turn may call.
  std::string plugin_class() const { return method.substr(0, method.find('.')); }
};

class AgentTools {
 public:
  // Blocks on Host.list_tools: call it on a plugin-owned thread. Empty when
  // the host lists none (a trimmed build) or does not answer.
  static AgentTools from_host(const acdc::Host& host, const ToolPermissions& permissions);
  // From a Host.list_tools answer (tests read this too).
  static AgentTools from_list(std::string_view list_json, const ToolPermissions& permissions = {});

  bool empty() const { return tools_.empty(); }
  const std::vector<AgentTool>& all() const { return tools_; }
  const AgentTool* find(std::string_view name) const;
  // [{"type":"function","function":{"name","description","parameters"}}] text.
  const std::string& provider_json() const { return provider_json_; }
  // Each tool's entry of that list as a small window sends it
  // (context/window_fit.hpp): its description's first sentence, its
  // schema without descriptions.
  const std::vector<std::string>& brief_entries() const { return brief_; }
  // The first `keep` tools, each `brief` or as declared.
  AgentTools shrunk(bool brief, std::size_t keep) const;

 private:
  std::vector<AgentTool> tools_;
  std::vector<std::string> full_, brief_;  // each tool's provider_json entry
  std::string provider_json_;
};

}  // namespace acdc::llm
