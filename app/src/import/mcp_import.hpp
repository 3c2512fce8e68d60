// import/mcp_import.hpp -- `acdc import-mcp`: the MCP servers a user already
// configured for other tools, offered to acdc's mcp-client plugin (issue 40).
//
//   McpImportOptions o{.repo = "", .dry_run = true};
//   return run_mcp_import(o, std::cout, std::cerr);   // 0 done (or nothing to do), 1 the write failed, 2 bad arguments
//
// Reads, in this order (the first of two servers with one name wins):
// <repo>/.mcp.json (Claude Code), <repo>/.cursor/mcp.json (Cursor),
// <repo>/.vscode/mcp.json (VS Code's "servers"), and Claude Desktop's
// claude_desktop_config.json ($XDG_CONFIG_HOME/Claude, else ~/.config/Claude).
// Shows each server and what happens to it, then adds the new ones to
// <repo>/.acdc/mcp.json (which git does not see: .acdc/ is in
// .git/info/exclude), keeping every server already there. Entries are
// copied as written: a token given as ${VAR} stays a reference to the
// environment; VS Code's ${workspaceFolder} becomes the repository.
#pragma once

#include <ostream>
#include <string>

namespace acdc::app::importer {

struct McpImportOptions {
  std::string repo;  // "" for the current directory's git repository
  bool dry_run = false;
};

int run_mcp_import(const McpImportOptions& options, std::ostream& out, std::ostream& err);

}  // namespace acdc::app::importer
