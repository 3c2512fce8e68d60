// config/server_config.hpp -- the MCP servers a user configured, in the form
// the tools they already use write them (.mcp.json, Cursor, VS Code, Claude
// Desktop): app.yaml's `mcp_servers:` and <repo>/.acdc/mcp.json, whose
// servers win over app.yaml's of the same name.
//
//   mcp_servers:
//     github: {command: npx, args: [-y, "@modelcontextprotocol/server-github"],
//              env: {GITHUB_TOKEN: "${GITHUB_TOKEN}"}}
//     docs:   {url: "https://example.com/mcp", headers: {Authorization: "Bearer ${DOCS_TOKEN}"}}
//
//   McpSettings s = McpSettings::from(config_json_object);
//   for (const ServerConfig& server : s.servers) ...   // sorted by name
//
// `${VAR}` (and VS Code's `${env:VAR}`) in args, env, url and headers is
// read from acdc's environment when the config is read, and never written
// back anywhere; a variable that is not set makes the server fail to start,
// saying which.
#pragma once

#include <acdc/sdk/json.hpp>

#include <chrono>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace acdc::mcp_client {

using NamedValues = std::vector<std::pair<std::string, std::string>>;

struct ServerConfig {
  std::string name;
  std::string source;  // "app.yaml" or ".acdc/mcp.json": where the user edits it
  // stdio
  std::string command;
  std::vector<std::string> args;
  NamedValues env;  // added to acdc's environment
  std::string cwd;  // absolute; the repository when not given
  // Streamable HTTP
  std::string url;
  NamedValues headers;
  bool disabled = false;  // "disabled": true in the file
  std::string problem;    // non-empty: the entry cannot start, and why

  bool http() const { return !url.empty(); }
  // "npx -y server" or the URL, for people.
  std::string target() const;
};

struct McpSettings {
  std::filesystem::path root;       // the repository
  std::filesystem::path state_dir;  // <repo>/.acdc: the switches the user flips are kept there
  std::chrono::seconds start_timeout{30};   // a server's handshake and tool list
  std::chrono::seconds call_timeout{600};   // one tool call, unless the turn ends first
  std::size_t max_message_bytes = 16u << 20;  // one message from a server
  std::vector<ServerConfig> servers;        // by name

  // From the plugin's config ({"host": {repo_root, state_dir}, "app": {...}})
  // and <repo>/.acdc/mcp.json. Throws acdc::Error (ACDC_E_INVALID_PARAMS)
  // for a malformed mcp_client: block; a malformed server entry is kept with
  // its problem, so the Settings tab can show it.
  static McpSettings from(const acdc::JsonValue& config);
};

// The servers of one mcpServers-shaped object ({"name": {...}}), VS Code's
// "servers" too. Each gets `source`; `root` is the default cwd.
std::vector<ServerConfig> read_servers(const acdc::JsonValue& map, const std::string& source,
                                       const std::filesystem::path& root);

// The servers of an MCP config file as the tools write them: the object
// under "mcpServers" or (VS Code) "servers". Throws acdc::Error naming the
// file when it is not JSON.
std::vector<ServerConfig> read_server_file(const std::filesystem::path& file, const std::string& source,
                                           const std::filesystem::path& root);

}  // namespace acdc::mcp_client
