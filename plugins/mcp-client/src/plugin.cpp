// The mcp-client plugin: id "mcp-client", class McpClient
// (service/mcp_client_service.hpp). The user's MCP servers, connected in
// the background, their tools offered to acdc's agent. A trimmed build
// without it offers the model acdc's own tools only. A tool call waits for
// the server's answer: it runs on a host worker (kBlocking), and a hot swap
// does not wait for it (kLongRunning).
#include "service/mcp_client_service.hpp"

namespace {

using acdc::mcp_client::McpClientService;

acdc::PluginSpec<McpClientService> describe() {
  return acdc::PluginSpec<McpClientService>("mcp-client", ACDC_MCP_CLIENT_VERSION)
      .cls("McpClient")
      .method<&McpClientService::servers>("servers")
      .method<&McpClientService::set_enabled>("set_enabled", acdc::kBlocking)
      .method<&McpClientService::restart>("restart", acdc::kBlocking)
      .method<&McpClientService::stop_tool_calls>("stop_tool_calls")
      .method<&McpClientService::call_tool>("call_tool", acdc::kBlocking | acdc::kLongRunning);
}

}  // namespace

ACDC_PLUGIN(mcp_client, describe)
