// app/cli.hpp -- the acdc command line.
//
//   acdc [--repo DIR] [--port N] [--config FILE] [--plugins LIST]
//        [--no-browser] [--dev] [--help] [--version]
//   acdc --stdio                  a bb7.nvim backend on stdin/stdout (adapters/bb7/)
//   acdc mcp [--repo DIR]         an MCP server on stdin/stdout (adapters/mcp/)
//   acdc acp [--repo DIR]         an ACP agent on stdin/stdout (adapters/acp/)
//   acdc plugin check FILE        load a plugin without serving and describe it
//   acdc import-acdc [--from DIR] [--repo DIR] [--dry-run] [--force]
//                                 bring AC-DC's config and history over (import/import_command.hpp)
//
//   CliOptions options;
//   if (auto exit_code = parse_cli(argc, argv, options)) return *exit_code;
#pragma once

#include "import/import_command.hpp"
#include "import/mcp_import.hpp"

#include <optional>
#include <string>
#include <vector>

namespace acdc::app {

struct CliOptions {
  std::string repo = ".";
  std::optional<int> port;
  std::string config_file;
  std::optional<std::vector<std::string>> plugins;
  std::vector<std::string> plugin_dirs;
  std::string webapp_dir;
  bool no_browser = false;
  bool dev = false;
  bool stdio = false;  // speak BB-7's line protocol on stdin/stdout instead of serving
  bool mcp = false;    // `acdc mcp`: MCP over stdio
  bool acp = false;    // `acdc acp`: ACP over stdio
  std::string check_plugin;  // `acdc plugin check FILE`: the file
  std::optional<importer::ImportOptions> import_acdc;  // `acdc import-acdc ...`
  std::optional<importer::McpImportOptions> import_mcp;  // `acdc import-mcp ...`
};

// Fills `out`; returns an exit code when the program should stop now
// (--help, --version, or a usage error, which is printed).
std::optional<int> parse_cli(int argc, char** argv, CliOptions& out);

}  // namespace acdc::app
