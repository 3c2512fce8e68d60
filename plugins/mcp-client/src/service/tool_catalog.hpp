// service/tool_catalog.hpp -- the servers' tools as the agent is offered
// them (plugin_api.h set_tools): named `server__tool`, the servers by name
// and each server's tools by name, so the same servers list the same bytes
// every step and the provider's prompt cache keeps them. Only connected
// servers' tools, and only those the user has not switched off.
//
//   ToolCatalog c = ToolCatalog::build(snapshots, switches);
//   host.set_tools(c.declarations());
//   if (const CatalogEntry* e = c.find("everything__echo")) link(e->server).call(e->tool, ...);
#pragma once

#include "service/server_link.hpp"
#include "service/switches.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::mcp_client {

// "server__tool", with what a model's function name cannot hold made '_'
// (MCP's names may have '.', '/' and more). "" when longer than 64.
std::string qualified_name(std::string_view server, std::string_view tool);

struct CatalogEntry {
  std::string server;  // as configured
  std::string tool;    // as the server names it
};

class ToolCatalog {
 public:
  // `method` serves every tool ("McpClient.call_tool").
  static ToolCatalog build(const std::vector<ServerLink::Snapshot>& servers, const Switches& switches,
                           std::string_view method);

  const std::string& declarations() const { return declarations_; }
  const CatalogEntry* find(std::string_view qualified) const;

 private:
  std::string declarations_ = "[]";
  std::map<std::string, CatalogEntry, std::less<>> entries_;
};

}  // namespace acdc::mcp_client
