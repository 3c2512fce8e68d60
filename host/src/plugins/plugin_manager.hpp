// plugins/plugin_manager.hpp -- loads, orders, activates and retires plugins.
//
//   PluginManager manager(host, sources, host_json, files);
//   if (Status s = manager.load(config.plugins); !s.ok()) return log::error(s.message());
//   ... serve ...
//   manager.start_all();        // deferred start-up, on the start-up thread
//   manager.stop_all();         // at shutdown
//   manager.wait_retired(5s);
//
// (The example is compiled by tests/host/header_examples_test.cpp.)
//
// A plugin that is missing, built for another ABI, lacks a dependency or
// fails to activate is reported in one line and the host runs without it,
// unless the config marks it required. Each loaded image is a Generation;
// when its last reference goes, deactivate() runs on the control thread and
// the image is closed.
#pragma once

#include "config/config_files.hpp"
#include "plugins/generation.hpp"
#include "plugins/host_context.hpp"
#include "plugins/plugin_slot.hpp"
#include "rpc/router.hpp"

#include <acdc/host/host_config.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace acdc::plugins {

// Where plugins come from.
struct PluginSources {
  std::vector<std::filesystem::path> dirs;       // searched for <name>.acdc.so
  std::map<std::string, acdc_entry_fn> linked;   // plugins linked into this binary
  std::filesystem::path runtime_dir;             // private copies of loaded images
};

class PluginManager {
 public:
  // `host_json` is the object every plugin finds under "host" in its config
  // block: repo_root, config_dir, bundled_config_dir, state_dir. `files`
  // reads the YAML files plugins list under config_files.
  PluginManager(HostContext& host, PluginSources sources, std::string host_json,
                config::ConfigFiles files);

  // [control] Loads and activates `entries`, publishes the routing table.
  // Fails (FAILED_PRECONDITION) when a required plugin is unavailable, and
  // says which and why.
  Status load(const std::vector<config::PluginEntry>& entries);

  // [startup] Runs every active plugin's start() hook in dependency order.
  void start_all();

  // A built-in method of the host ("Host.list_plugins"); call before load().
  void add_builtin(const std::string& name, rpc::BuiltinHandler handler);

  // The config block a plugin sees: {"host": {...}, <its inline block>,
  // "<stem>": <each of its config_files>}.
  std::string config_json(const std::string& id) const;

  // Host.reload_config: re-reads every plugin's config_files and sends
  // "host.config.changed" to each plugin whose block changed. Returns
  // {"changed": [ids]}.
  std::string reload_config();

  // Host.available_plugins: the ids of every plugin file found in the
  // plugin directories, and of the plugins linked into this binary.
  std::string available_json() const;

  // Delivers an event to every active plugin but `from`, on worker threads.
  void broadcast_event(const Generation* from, std::string_view topic, std::string_view json);

  // Host.list_plugins: [{id, version, generation, status, methods, error?}].
  std::string list_json() const;
  // Host.list_tools: every active plugin's tools (plugin_api.h, since 1.2),
  // each its declaration plus "method": "Class.method", in activation order
  // and then declaration order: the same config lists the same bytes. A name
  // an earlier plugin declared already is left out.
  std::string tools_json() const;
  // One plugin's entry of list_json(), or null.
  std::string entry_json(const std::string& id) const;

  // [control] Hot swap (plugin-abi.md §2.8): loads the plugin's file again as
  // the next generation, holds new calls to the plugin, waits for the
  // current generation's calls to drain (long-running ones finish on it),
  // hands its save_state() bytes to the new one's activate(), switches
  // routing and releases the held calls to the new code. Any failure leaves
  // the current generation serving and the status says why: NOT_FOUND (no
  // such plugin), UNSUPPORTED (linked into the binary), UNAVAILABLE (the new
  // build cannot be loaded), FAILED_PRECONDITION (it conflicts with the
  // running plugins), TIMEOUT (calls did not drain), or what the new build's
  // activate() returned. Clients hear the outcome through AcApp.pluginStatus
  // and changed methods through system.listComponents. In swap.cpp.
  Status swap(const std::string& id);

  // The shared plugins in the list and the files they load from (what the
  // dev-mode watcher watches).
  std::vector<std::pair<std::string, std::filesystem::path>> plugin_files() const;

  // [control] Takes every plugin out of routing; generations retire as their
  // in-flight calls, replies and tasks finish.
  void stop_all();
  // Waits until every generation has been deactivated and closed.
  bool wait_retired(std::chrono::milliseconds timeout);

 private:
  struct Plugin {
    config::PluginEntry entry;
    std::shared_ptr<PluginSlot> slot;
    std::string failure;     // empty while the plugin is active
    uint32_t generations = 0;
    std::string block;       // its config block as last delivered
    std::filesystem::path file;  // where a shared plugin loads from; empty when linked
  };

  Plugin* find_plugin(const std::string& id);
  void append_entry(std::string& out, const Plugin& p) const;
  Status swap_problem(const Plugin& p, const Generation& next) const;
  void report_swap(const Plugin& p, const Generation* gen, const Status& status);

  std::string build_block(const config::PluginEntry& entry) const;

  // Null on failure, with `status` saying why (UNAVAILABLE).
  std::shared_ptr<Generation> load_generation(Plugin& p, Status& status);
  std::shared_ptr<Generation> adopt(Generation* raw);
  std::vector<Plugin*> activation_order(std::map<std::string, std::shared_ptr<Generation>>& loaded);
  void sort_by_activation(const std::vector<std::string>& active_order);
  void publish_routes();
  std::filesystem::path find_file(const config::PluginEntry& entry) const;

  HostContext& host_;
  PluginSources sources_;
  std::string host_json_;
  config::ConfigFiles files_;
  std::map<std::string, rpc::BuiltinHandler> builtins_;

  mutable std::mutex mu_;
  std::vector<Plugin> plugins_;   // in activation order once loaded

  std::mutex retire_mu_;
  std::condition_variable retired_;
  int live_generations_ = 0;
};

}  // namespace acdc::plugins
