#include <acdc/host/host_config.hpp>

#include "config/yaml_json.hpp"

#include <acdc/host/json.hpp>
#include <rapidjson/document.h>
#include <yaml-cpp/yaml.h>

#include <climits>
#include <fstream>
#include <set>
#include <sstream>

namespace acdc::config {
namespace {

std::string where(const std::filesystem::path& source, const YAML::Node& node) {
  return source.string() + ":" + std::to_string(node.Mark().line + 1);
}

[[noreturn]] void fail(const std::filesystem::path& source, const YAML::Node& node,
                       const std::string& what) {
  throw ConfigError(where(source, node) + ": " + what);
}

// What the user wrote, for a message: a scalar quoted, else its kind.
std::string shown(const YAML::Node& node) {
  if (node.IsScalar()) return "'" + node.Scalar() + "'";
  return node.IsSequence() ? "a list" : node.IsMap() ? "a map" : "empty";
}

template <class T>
T scalar(const std::filesystem::path& source, const YAML::Node& node, const char* key,
         const char* expected) {
  try {
    return node.as<T>();
  } catch (const YAML::Exception&) {
    fail(source, node, std::string("'") + key + "' is " + shown(node) + ": it must be " + expected);
  }
}

// A whole number in [low, high], or a ConfigError naming key, value and range.
int bounded(const std::filesystem::path& source, const YAML::Node& node, const char* key, int low, int high) {
  const int n = scalar<int>(source, node, key, "a whole number");
  if (n < low || n > high)
    fail(source, node, std::string("'") + key + "' is " + shown(node) + ": it must be between " + std::to_string(low) +
                           " and " + std::to_string(high));
  return n;
}

std::vector<std::string> string_list(const std::filesystem::path& source, const YAML::Node& node,
                                     const char* key) {
  if (!node.IsSequence()) fail(source, node, std::string("'") + key + "' must be a list");
  std::vector<std::string> out;
  for (const auto& item : node) out.push_back(scalar<std::string>(source, item, key, "a list of strings"));
  return out;
}

PluginEntry parse_plugin(const std::filesystem::path& source, const YAML::Node& node) {
  PluginEntry e;
  if (node.IsScalar()) {
    e.name = node.Scalar();
    return e;
  }
  if (!node.IsMap()) fail(source, node, "each plugin must be a name or a map with 'name'");
  for (const auto& kv : node) {
    const std::string key = kv.first.Scalar();
    const YAML::Node& v = kv.second;
    if (key == "name") e.name = scalar<std::string>(source, v, "name", "a string");
    else if (key == "path") e.path = scalar<std::string>(source, v, "path", "a string");
    else if (key == "required") e.required = scalar<bool>(source, v, "required", "true or false");
    else if (key == "provides") e.provides = string_list(source, v, "provides");
    else if (key == "config_files") {
      e.config_files = string_list(source, v, "config_files");
      for (const auto& f : e.config_files)
        if (f.find('/') != std::string::npos || !(f.ends_with(".yaml") || f.ends_with(".yml")))
          fail(source, v, "config_files names YAML files in the config directory, like llm.yaml; got '" + f + "'");
    }
    else if (key == "config") {
      if (!v.IsMap() && !v.IsNull()) fail(source, v, "a plugin's 'config' must be a map");
      e.config_json = v.IsNull() ? "{}" : yaml_to_json(v);
    } else {
      fail(source, kv.first,
           "unknown plugin key '" + key + "' (known: name, path, required, provides, config_files, config)");
    }
  }
  if (e.name.empty()) fail(source, node, "a plugin entry has no 'name'");
  if (e.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
    fail(source, node, "plugin name '" + e.name + "' may only use a-z, 0-9 and '-'");
  return e;
}

}  // namespace

HostConfig parse_host_config(const std::string& text, const std::filesystem::path& source) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw ConfigError(source.string() + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
  HostConfig cfg;
  cfg.source = source;
  if (root.IsNull()) return cfg;
  if (!root.IsMap()) throw ConfigError(source.string() + ": the top level must be a map");
  std::set<std::string> names;
  for (const auto& kv : root) {
    const std::string key = kv.first.Scalar();
    const YAML::Node& v = kv.second;
    if (key == "port") {
      cfg.port = static_cast<unsigned short>(bounded(source, v, "port", 0, 65535));
    } else if (key == "bind") {
      cfg.bind = scalar<std::string>(source, v, "bind", "an IP address");
    } else if (key == "plugins") {
      if (!v.IsSequence()) fail(source, v, "'plugins' must be a list");
      for (const auto& item : v) {
        PluginEntry e = parse_plugin(source, item);
        if (!names.insert(e.name).second) fail(source, item, "plugin '" + e.name + "' is listed twice");
        cfg.plugins.push_back(std::move(e));
      }
    } else if (key == "plugin_dirs") {
      cfg.plugin_dirs = string_list(source, v, "plugin_dirs");
    } else if (key == "webapp_dir") {
      cfg.webapp_dir = scalar<std::string>(source, v, "webapp_dir", "a directory");
    } else if (key == "client_call_timeout_ms") {
      cfg.client_call_timeout_ms = static_cast<unsigned>(bounded(source, v, "client_call_timeout_ms", 1, INT_MAX));
    } else if (key == "ws_keepalive_ms") {
      cfg.ws_keepalive_ms = static_cast<unsigned>(bounded(source, v, "ws_keepalive_ms", 1, INT_MAX));
    } else if (key == "dev") {
      if (!v.IsMap()) fail(source, v, "'dev' must be a map");
      for (const auto& d : v) {
        if (d.first.Scalar() != "watch") fail(source, d.first, "unknown dev key '" + d.first.Scalar() + "' (known: watch)");
        cfg.dev_watch = scalar<bool>(source, d.second, "dev.watch", "true or false");
      }
    } else {
      fail(source, kv.first,
           "unknown key '" + key + "' (known: port, bind, plugins, plugin_dirs, webapp_dir, "
           "client_call_timeout_ms, ws_keepalive_ms, dev)");
    }
  }
  return cfg;
}

HostConfig load_host_config(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ConfigError(file.string() + ": cannot read the file (does it exist?)");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_host_config(text.str(), file);
}

InteractiveConfig parse_interactive_config(const std::string& app_json) {
  InteractiveConfig cfg;
  rapidjson::Document doc;
  doc.Parse(app_json.data(), app_json.size());
  if (doc.HasParseError() || !doc.IsObject()) return cfg;
  auto block = doc.FindMember("interactive");
  if (block == doc.MemberEnd() || block->value.IsNull()) return cfg;
  if (!block->value.IsObject()) throw ConfigError("app.yaml: 'interactive' must be a map");
  for (const auto& m : block->value.GetObject()) {
    const std::string key = m.name.GetString();
    std::chrono::milliseconds* target = key == "ai_round_timeout_s"      ? &cfg.ai_round_timeout
                                        : key == "tool_result_timeout_s" ? &cfg.tool_result_timeout
                                        : key == "stop_grace_s"          ? &cfg.stop_grace
                                                                         : nullptr;
    if (!target)
      throw ConfigError("app.yaml: unknown key 'interactive." + key +
                        "' (known: ai_round_timeout_s, tool_result_timeout_s, stop_grace_s)");
    if (!m.value.IsNumber() || m.value.GetDouble() <= 0 || m.value.GetDouble() > 86400)
      throw ConfigError("app.yaml: 'interactive." + key + "' is " + rpc::to_text(m.value) +
                        ": it must be a number of seconds above 0 (at most 86400)");
    *target = std::chrono::milliseconds(static_cast<long long>(m.value.GetDouble() * 1000 + 0.5));
  }
  return cfg;
}

void select_plugins(HostConfig& config, const std::vector<std::string>& names) {
  std::vector<PluginEntry> selected;
  for (const auto& name : names) {
    auto it = std::find_if(config.plugins.begin(), config.plugins.end(),
                           [&](const PluginEntry& e) { return e.name == name; });
    if (it != config.plugins.end()) {
      selected.push_back(*it);
      continue;
    }
    PluginEntry e;
    e.name = name;
    selected.push_back(std::move(e));
  }
  config.plugins = std::move(selected);
}

}  // namespace acdc::config
