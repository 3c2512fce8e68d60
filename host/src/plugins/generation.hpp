// plugins/generation.hpp -- one loaded copy of one plugin, reference counted.
//
// A Generation owns the library image, the plugin's state and a host-side
// copy of its descriptor. Everything that may still run plugin code holds a
// std::shared_ptr<Generation>: the plugin's routing slot while it is current,
// every in-flight inbound call, every pending reply to an outbound call and
// every queued task. When the last reference goes, the deleter given by the
// PluginManager runs deactivate() on the control thread and then closes the
// image, so a plugin is never unloaded under a running call.
#pragma once

#include "plugins/in_flight.hpp"
#include "plugins/loader.hpp"
#include "util/string_hash.hpp"

#include <acdc/plugin_api.h>
#include <acdc/util/status.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace acdc::plugins {
class Generation;
struct HostContext;
}  // namespace acdc::plugins

// The opaque acdc_plugin of the ABI: the plugin's handle to its generation.
struct acdc_plugin {
  acdc::plugins::Generation* generation;
};

namespace acdc::plugins {

struct MethodEntry {
  std::string qualified;  // "Echo.add"
  acdc_invoke_fn invoke;
  void* method_data;
  uint32_t flags;
  std::string tool_name;  // empty: the method is no tool (plugin_api.h, since 1.2)
  std::string tool_json;  // its declaration, compact (plugins/tool_decl.hpp)
};

class Generation : public std::enable_shared_from_this<Generation> {
 public:
  Generation(LoadedImage image, uint32_t number, HostContext& host);
  ~Generation();

  Generation(const Generation&) = delete;
  Generation& operator=(const Generation&) = delete;

  const std::string& id() const { return id_; }
  const std::string& version() const { return version_; }
  uint32_t number() const { return number_; }
  const std::vector<std::string>& dependencies() const { return dependencies_; }
  const std::vector<std::string>& class_names() const { return class_names_; }
  const std::vector<MethodEntry>& methods() const { return methods_; }
  const MethodEntry* find(std::string_view qualified) const;
  const acdc_plugin_desc& desc() const { return *desc_; }
  HostContext& host() const { return host_; }
  acdc_plugin* handle() { return &handle_; }
  // "echo#2", for log lines.
  std::string label() const { return id_ + "#" + std::to_string(number_); }

  // [control] Runs the plugin's activate(); on failure, the status it
  // returned and its reason.
  Status activate(const std::string& config_json, const std::string& prior_state,
                  const std::string& prior_version);
  bool active() const { return state_set_; }
  void* state() const { return state_; }
  // [control] Runs deactivate() if activate() succeeded. Called by the deleter.
  void deactivate();

  // [any] A ticket for one inbound call a hot swap must wait for: every
  // call but those of ACDC_METHOD_LONG_RUNNING methods (and holds), which
  // finish on this generation after the swap.
  InFlight::Ticket drain_ticket() { return draining_.take(); }
  // [any] True once every drain ticket is back; false at `deadline` with
  // draining() calls still open.
  bool wait_drained(InFlight::Clock::time_point deadline) const { return draining_.wait_idle(deadline); }
  long draining() const { return draining_.count(); }

  // [any] The tools the plugin declared at run time (plugin_api.h, since
  // 1.3: set_tools), each a compact declaration with its "method" and
  // "by_name", in the plugin's order. Replaced whole.
  void set_runtime_tools(std::vector<std::pair<std::string, std::string>> name_and_json);
  std::vector<std::pair<std::string, std::string>> runtime_tools() const;

 private:
  LoadedImage image_;
  const acdc_plugin_desc* desc_;
  uint32_t number_;
  HostContext& host_;
  acdc_plugin handle_;
  std::string id_;
  std::string version_;
  std::vector<std::string> dependencies_;
  std::vector<std::string> class_names_;
  std::vector<MethodEntry> methods_;
  std::unordered_map<std::string, size_t, StringHash, std::equal_to<>> index_;
  void* state_ = nullptr;
  bool state_set_ = false;
  InFlight draining_;
  mutable std::mutex tools_mu_;
  std::vector<std::pair<std::string, std::string>> runtime_tools_;
};

}  // namespace acdc::plugins
