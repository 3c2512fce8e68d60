// service/mcp_client_service.hpp -- the plugin's class, McpClient.*: the
// user's MCP servers, kept connected in the background, their tools offered
// to acdc's agent as `server__tool` (plugin_api.h set_tools; the llm plugin
// asks the user before the first call of each, unless app.yaml's
// permissions allow it).
//
//   McpClient.servers()                        -> [server], by name
//       {name, transport: stdio|http, target, source, enabled,
//        status: disabled|starting|connected|failed, error?, retry_in_s?,
//        protocol?, server_info?, log: [lines], tools: [{name, qualified, description, enabled}]}
//   McpClient.set_enabled(server, tool|null, enabled) -> servers()   kept in .acdc/mcp-client.json
//   McpClient.restart(server)                  -> servers()   re-reads the config first
//   McpClient.stop_tool_calls()                -> {stopped}   the user pressed Stop
//   McpClient.call_tool(arguments, name)       -> CallToolResult, text only (session/tool_result.hpp)
//
// Every client hears AcApp.mcpServersChanged(servers) when anything in that
// list changes. A server that fails, hangs or floods ends the tool call
// with an error result the model reads; the turn goes on.
#pragma once

#include "config/server_config.hpp"
#include "service/server_link.hpp"
#include "service/switches.hpp"
#include "service/tool_catalog.hpp"

#include <acdc/sdk.hpp>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace acdc::mcp_client {

class McpClientService {
 public:
  explicit McpClientService(acdc::Context& ctx);
  ~McpClientService();

  void start();  // connects every enabled server, each on its own thread
  void on_event(std::string_view topic, std::string_view json);

  acdc::RawJson servers();
  acdc::RawJson set_enabled(std::string server, std::optional<std::string> tool, bool enabled);
  acdc::RawJson restart(std::string server);
  acdc::RawJson stop_tool_calls();
  acdc::RawJson call_tool(acdc::Json arguments, std::string name);

 private:
  void apply(McpSettings settings);
  void changed();
  std::string servers_json() const;
  std::shared_ptr<ServerLink> link(const std::string& server) const;

  acdc::Host& host_;
  McpSettings settings_;
  Switches switches_;

  mutable std::mutex mu_;  // links_, catalog_, published_
  std::map<std::string, std::shared_ptr<ServerLink>> links_;
  ToolCatalog catalog_;
  std::string published_;
  bool stopping_ = false;
  std::atomic<long> stop_epoch_{0};
};

}  // namespace acdc::mcp_client
