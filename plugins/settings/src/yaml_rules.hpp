// yaml_rules.hpp -- the small checks every YAML schema is built from.
//
//   YamlRules r(checked);
//   const YAML::Node root = YamlRules::parse(text);        // map at the top, or ConfigProblem
//   r.each(root, [&](const std::string& key, const YAML::Node& v) {
//     if (key == "model") r.text(v, key);
//     else if (key.ends_with("_timeout_seconds")) r.number(v, key, YamlRules::kPositive);
//     else r.unknown(key, v, "provider, model, ...");
//   });
//
// Each failed rule throws ConfigProblem with the value's line; unknown keys
// become warnings in the Checked they were built with.
#pragma once

#include "schema.hpp"

#include <yaml-cpp/yaml.h>

#include <functional>
#include <string>
#include <string_view>

namespace acdc::settings {

class YamlRules {
 public:
  enum Bound { kAny, kNonNegative, kPositive };

  explicit YamlRules(Checked& checked) : checked_(checked) {}

  // Parses YAML; an empty file reads as an empty map.
  static YAML::Node parse(std::string_view text);
  static int line_of(const YAML::Node& node) { return node.Mark().line + 1; }
  [[noreturn]] static void fail(const YAML::Node& node, const std::string& reason);
  // The value as the user wrote it, for messages: a scalar quoted (cut at
  // 40 characters), a list or a map by its kind.
  static std::string shown(const YAML::Node& v);

  void each(const YAML::Node& map, const std::function<void(const std::string&, const YAML::Node&)>& fn);
  void map(const YAML::Node& v, const std::string& key) const;
  double number(const YAML::Node& v, const std::string& key, Bound bound) const;
  long long integer(const YAML::Node& v, const std::string& key, Bound bound) const;
  bool boolean(const YAML::Node& v, const std::string& key) const;
  std::string text(const YAML::Node& v, const std::string& key, bool allow_empty = false) const;
  void unknown(const std::string& key, const YAML::Node& v, const std::string& known);
  void warn(const YAML::Node& v, const std::string& message);

 private:
  Checked& checked_;
};

// The schemas, one per file kind (llm_schema.cpp, app_schema.cpp, ...).
void check_llm(const YAML::Node& root, YamlRules& rules);
void check_app(const YAML::Node& root, YamlRules& rules);
void check_snippets(const YAML::Node& root, YamlRules& rules);
void check_host(const YAML::Node& root, YamlRules& rules, Checked& checked);

}  // namespace acdc::settings
