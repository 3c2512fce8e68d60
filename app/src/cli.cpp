#include "cli.hpp"

#include <CLI/CLI.hpp>

#include <iostream>

namespace acdc::app {

std::optional<int> parse_cli(int argc, char** argv, CliOptions& out) {
  CLI::App cli{"acdc: a local AI coding assistant server. Run it in a git repository; it "
               "serves a web app on 127.0.0.1 and opens it in your browser."};
  cli.set_version_flag("--version", std::string("acdc ") + ACDC_VERSION);
  cli.add_option("--repo", out.repo, "the git repository to work in (default: the current directory)");
  int port = 0;
  auto* port_opt = cli.add_option("--port", port,
                                  "port to serve on (default 18080; taken ports are skipped; 0 lets the system choose)")
                       ->check(CLI::Range(0, 65535));
  cli.add_option("--config", out.config_file, "host config file (default: acdc.yaml in the config directory)");
  std::string plugins;
  auto* plugins_opt = cli.add_option("--plugins", plugins,
                                     "comma-separated plugins to load instead of the config's list");
  cli.add_option("--plugin-dir", out.plugin_dirs, "extra directory to search for <name>.acdc.so");
  cli.add_option("--webapp-dir", out.webapp_dir, "directory of the built web app to serve");
  cli.add_flag("--no-browser", out.no_browser, "do not open a browser");
  cli.add_flag("--dev", out.dev, "watch plugin files and hot-swap rebuilt plugins");
  cli.add_flag("--stdio", out.stdio,
               "be a bb7.nvim backend: line-delimited JSON on stdin/stdout, no port, no browser "
               "(the project comes from the client's init)");
  auto* plugin = cli.add_subcommand("plugin", "work with plugin files");
  plugin->require_subcommand(1);
  plugin->add_subcommand("check", "load a plugin without serving: print its descriptor, or why it would be refused")
      ->add_option("file", out.check_plugin, "the plugin file (<id>.acdc.so)")
      ->required();
  auto* mcp_cmd = cli.add_subcommand(
      "mcp", "be an MCP server on stdin/stdout for a coding agent (Claude Code, Cursor, Zed): acdc's map, "
             "symbols, search, git and edits as tools (adapters/mcp/)");
  mcp_cmd->add_option("--repo", out.repo, "the git repository to serve (default: the current directory)");
  auto* acp_cmd = cli.add_subcommand(
      "acp", "be an ACP agent on stdin/stdout for an editor (Zed, JetBrains, CodeCompanion): acdc's chat with "
             "its map and edits (adapters/acp/)");
  acp_cmd->add_option("--repo", out.repo,
                      "the repository to work in (default: the session's cwd, else the current directory)");
  importer::ImportOptions import_options;
  auto* import_cmd = cli.add_subcommand(
      "import-acdc", "bring AC-DC's configuration (~/.config/ac-dc) and a repository's .ac-dc4/ history over to acdc; "
                     "AC-DC's files are never changed");
  import_cmd->add_option("--from", import_options.from,
                         "AC-DC's config directory (default: $AC_DC_CONFIG_HOME, else $XDG_CONFIG_HOME/ac-dc, "
                         "else ~/.config/ac-dc)");
  import_cmd->add_option("--repo", import_options.repo,
                         "the repository whose .ac-dc4/ history to import (default: the current directory's)");
  import_cmd->add_flag("--dry-run", import_options.dry_run, "say what would be written, and write nothing");
  import_cmd->add_flag("--force", import_options.force,
                       "replace acdc files that exist and differ, keeping each old one as <file>.bak");
  importer::McpImportOptions mcp_import_options;
  auto* mcp_import_cmd = cli.add_subcommand(
      "import-mcp", "add the MCP servers of the project's .mcp.json, .cursor/mcp.json, .vscode/mcp.json and of "
                    "Claude Desktop to <repo>/.acdc/mcp.json, for acdc's agent; shows each first");
  mcp_import_cmd->add_option("--repo", mcp_import_options.repo, "the repository (default: the current directory's)");
  mcp_import_cmd->add_flag("--dry-run", mcp_import_options.dry_run, "show what would be added, and write nothing");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = cli.exit(e);
    // The import's promise: 2 for bad arguments, like an unreadable source.
    return code != 0 && import_cmd->parsed() ? 2 : code;
  }
  if (import_cmd->parsed()) out.import_acdc = import_options;
  if (mcp_import_cmd->parsed()) out.import_mcp = mcp_import_options;
  out.mcp = mcp_cmd->parsed();
  out.acp = acp_cmd->parsed();
  if (*port_opt) out.port = port;
  if (*plugins_opt) {
    std::vector<std::string> names;
    size_t start = 0;
    while (start <= plugins.size()) {
      size_t comma = plugins.find(',', start);
      std::string name = plugins.substr(start, comma - start);
      if (!name.empty()) names.push_back(name);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    out.plugins = std::move(names);
  }
  return std::nullopt;
}

}  // namespace acdc::app
