// acdc.yaml, mirroring host/src/config/host_config.cpp: a file the host
// refuses would stop acdc from starting, so it is refused here first.
#include "yaml_rules.hpp"

#include <algorithm>
#include <regex>
#include <set>

namespace acdc::settings {

namespace {

void check_file_list(const YAML::Node& v, YamlRules& r) {
  if (!v.IsSequence()) YamlRules::fail(v, "'config_files' must be a list");
  for (const auto& f : v) {
    std::string name = r.text(f, "config_files");
    if (name.find('/') != std::string::npos || !(name.ends_with(".yaml") || name.ends_with(".yml")))
      YamlRules::fail(f, "config_files names YAML files in the config directory, like llm.yaml; got '" + name + "'");
  }
}

void check_string_list(const YAML::Node& v, const std::string& key, YamlRules& r) {
  if (!v.IsSequence()) YamlRules::fail(v, "'" + key + "' must be a list");
  for (const auto& item : v) r.text(item, key);
}

NamedPlugin check_plugin(const YAML::Node& node, YamlRules& r) {
  static const std::regex id("[a-z0-9-]+");
  if (node.IsScalar()) return {node.Scalar(), YamlRules::line_of(node)};
  if (!node.IsMap()) YamlRules::fail(node, "each plugin must be a name or a map with 'name'");
  NamedPlugin p{"", YamlRules::line_of(node)};
  r.each(node, [&](const std::string& key, const YAML::Node& v) {
    if (key == "name") p.name = r.text(v, "name");
    else if (key == "path") r.text(v, "path");
    else if (key == "required") r.boolean(v, "required");
    else if (key == "provides") check_string_list(v, "provides", r);
    else if (key == "config_files") check_file_list(v, r);
    else if (key == "config") r.map(v, "config");
    else YamlRules::fail(v, "unknown plugin key '" + key + "' (known: name, path, required, provides, config_files, config)");
  });
  if (p.name.empty()) YamlRules::fail(node, "a plugin entry has no 'name'");
  if (!std::regex_match(p.name, id)) YamlRules::fail(node, "plugin name '" + p.name + "' may only use a-z, 0-9 and '-'");
  return p;
}

void check_plugins(const YAML::Node& v, YamlRules& r, Checked& checked) {
  if (!v.IsSequence()) YamlRules::fail(v, "'plugins' must be a list");
  std::set<std::string> seen;
  for (const auto& item : v) {
    NamedPlugin p = check_plugin(item, r);
    if (!seen.insert(p.name).second) YamlRules::fail(item, "plugin '" + p.name + "' is listed twice");
    checked.plugins.push_back(std::move(p));
  }
}

void check_dev(const YAML::Node& v, YamlRules& r) {
  if (!v.IsMap()) YamlRules::fail(v, "'dev' must be a map");
  r.each(v, [&](const std::string& key, const YAML::Node& d) {
    if (key != "watch") YamlRules::fail(d, "unknown dev key '" + key + "' (known: watch)");
    r.boolean(d, "dev.watch");
  });
}

}  // namespace

void check_host(const YAML::Node& root, YamlRules& r, Checked& checked) {
  r.each(root, [&](const std::string& key, const YAML::Node& v) {
    if (key == "port") {
      if (r.integer(v, "port", YamlRules::kNonNegative) > 65535)
        YamlRules::fail(v, "'port' is " + YamlRules::shown(v) + ": it must be between 0 and 65535");
    } else if (key == "bind") r.text(v, "bind");
    else if (key == "plugins") check_plugins(v, r, checked);
    else if (key == "plugin_dirs") check_string_list(v, "plugin_dirs", r);
    else if (key == "webapp_dir") r.text(v, "webapp_dir");
    else if (key == "client_call_timeout_ms") r.integer(v, key, YamlRules::kPositive);
    else if (key == "dev") check_dev(v, r);
    else YamlRules::fail(v, "unknown key '" + key + "' (known: port, bind, plugins, plugin_dirs, "
                            "webapp_dir, client_call_timeout_ms, dev); the host would refuse to start");
  });
  // Allowed, but the user would lose this very panel after the restart.
  const bool keeps_settings = std::any_of(checked.plugins.begin(), checked.plugins.end(),
                                          [](const NamedPlugin& p) { return p.name == "settings"; });
  if (!keeps_settings)
    r.warn(root["plugins"] ? root["plugins"] : root,
           "the plugin list has no 'settings': after a restart the settings panel is gone until acdc.yaml "
           "is edited by hand");
}

}  // namespace acdc::settings
