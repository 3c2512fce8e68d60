#include "yaml_rules.hpp"

#include <cmath>
#include <map>

namespace acdc::settings {

YAML::Node YamlRules::parse(std::string_view text) {
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::ParserException& e) {
    throw ConfigProblem(e.mark.line + 1, "this is not valid YAML: " + e.msg, true);
  }
  if (root.IsNull()) return YAML::Node(YAML::NodeType::Map);
  if (!root.IsMap())
    throw ConfigProblem(line_of(root), "the top level must be a map of settings (key: value lines)", true);
  return root;
}

void YamlRules::fail(const YAML::Node& node, const std::string& reason) {
  throw ConfigProblem(line_of(node), reason);
}

void YamlRules::each(const YAML::Node& map,
                     const std::function<void(const std::string&, const YAML::Node&)>& fn) {
  std::map<std::string, int> seen;  // key -> its 1-based line
  for (const auto& kv : map) {
    if (!kv.first.IsScalar()) fail(kv.first, "a key must be a plain name");
    // yaml-cpp keeps both of two equal keys and a lookup finds the first:
    // the second would be silently ignored (issue 27).
    auto [it, fresh] = seen.emplace(kv.first.Scalar(), line_of(kv.first));
    if (!fresh)
      fail(kv.first, "'" + it->first + "' appears twice in one map (lines " + std::to_string(it->second) + " and " +
                         std::to_string(line_of(kv.first)) + "); only one would be read: merge the two into one");
    fn(kv.first.Scalar(), kv.second);
  }
}

namespace {

const char* range_of(YamlRules::Bound bound) {
  return bound == YamlRules::kPositive ? " greater than 0" : bound == YamlRules::kNonNegative ? " of 0 or more" : "";
}

}  // namespace

std::string YamlRules::shown(const YAML::Node& v) {
  if (v.IsScalar()) {
    std::string text = v.Scalar();
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return "'" + text + "'";
  }
  return v.IsSequence() ? "a list" : v.IsMap() ? "a map" : "empty";
}

void YamlRules::map(const YAML::Node& v, const std::string& key) const {
  if (!v.IsMap() && !v.IsNull()) fail(v, "'" + key + "' must be a map of settings");
}

double YamlRules::number(const YAML::Node& v, const std::string& key, Bound bound) const {
  double d = 0;
  const bool parsed = v.IsScalar() && YAML::convert<double>::decode(v, d) && std::isfinite(d);
  if (!parsed || (bound == kPositive && d <= 0) || (bound == kNonNegative && d < 0))
    fail(v, "'" + key + "' is " + shown(v) + ": it must be a number" + range_of(bound));
  return d;
}

long long YamlRules::integer(const YAML::Node& v, const std::string& key, Bound bound) const {
  long long n = 0;
  const bool parsed = v.IsScalar() && YAML::convert<long long>::decode(v, n);
  if (!parsed || (bound == kPositive && n <= 0) || (bound == kNonNegative && n < 0))
    fail(v, "'" + key + "' is " + shown(v) + ": it must be a whole number" + range_of(bound));
  return n;
}

bool YamlRules::boolean(const YAML::Node& v, const std::string& key) const {
  bool b = false;
  if (!v.IsScalar() || !YAML::convert<bool>::decode(v, b))
    fail(v, "'" + key + "' is " + shown(v) + ": it must be true or false");
  return b;
}

std::string YamlRules::text(const YAML::Node& v, const std::string& key, bool allow_empty) const {
  if (!v.IsScalar()) fail(v, "'" + key + "' must be a single value, not a list or a map");
  if (!allow_empty && v.Scalar().empty()) fail(v, "'" + key + "' must not be empty");
  return v.Scalar();
}

void YamlRules::unknown(const std::string& key, const YAML::Node& v, const std::string& known) {
  warn(v, "unknown key '" + key + "' is ignored (known: " + known + ")");
}

void YamlRules::warn(const YAML::Node& v, const std::string& message) {
  checked_.warnings.push_back("line " + std::to_string(line_of(v)) + ": " + message);
}

}  // namespace acdc::settings
