// acdc/host/host_config.hpp -- the host's YAML configuration.
//
//   port: 18080
//   bind: 127.0.0.1
//   plugins:
//     - name: settings
//       required: true
//     - name: repo
//       provides: [Repo]          # class names, for "plugin missing" errors
//       config: { max_file_bytes: 4194304 }
//     - name: llm
//       config_files: [llm.yaml, app.yaml]   # delivered as config["llm"], config["app"]
//   dev:
//     watch: false
//
//   HostConfig cfg = load_host_config("config/acdc.yaml");   // throws ConfigError
//
// Every error names the file, the line and what to change.
#pragma once

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace acdc::config {

struct PluginEntry {
  std::string name;
  std::string path;                // explicit file; empty: search the plugin directories
  bool required = false;           // the host refuses to start without it
  std::vector<std::string> provides;  // class names it registers
  std::vector<std::string> config_files;  // YAML files from the config dirs, by name
  std::string config_json = "{}";  // the plugin's block, as JSON
};

struct HostConfig {
  std::filesystem::path source;    // the file this came from
  std::string bind = "127.0.0.1";
  unsigned short port = 18080;
  std::vector<PluginEntry> plugins;
  std::vector<std::string> plugin_dirs;
  std::string webapp_dir;
  bool dev_watch = false;
  unsigned client_call_timeout_ms = 60000;
  unsigned ws_keepalive_ms = 30000;  // ping a connection quiet this long; cut it off after twice
};

// The `interactive:` block of app.yaml: the Interactive Mode API's timeouts
// (shared/specs/reference/interactive-api.md §10 item 10), in seconds there.
struct InteractiveConfig {
  std::chrono::milliseconds ai_round_timeout{10000};     // one model round, start to end
  std::chrono::milliseconds tool_result_timeout{60000};  // the client's answers to a round's tool calls
  std::chrono::milliseconds stop_grace{5000};            // a stopped turn's wind-down
};

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

HostConfig load_host_config(const std::filesystem::path& file);
HostConfig parse_host_config(const std::string& yaml_text, const std::filesystem::path& source);

// The `interactive:` block of app.yaml, given as JSON (ConfigFiles::read);
// defaults for what is absent. Throws ConfigError naming a bad key.
InteractiveConfig parse_interactive_config(const std::string& app_json);

// Keeps only the plugins named in `names` (from --plugins), in that order;
// names not in the config get an entry with an empty block.
void select_plugins(HostConfig& config, const std::vector<std::string>& names);

}  // namespace acdc::config
