// snippets.yaml (acdc-features.md §3.6): {code: [...], review: [...], doc: [...]}
// of {icon, tooltip, message}, or the legacy flat {snippets: [{mode, ...}]}.
#include "yaml_rules.hpp"

namespace acdc::settings {

namespace {

void check_snippet(const YAML::Node& item, YamlRules& r, bool flat) {
  if (!item.IsMap()) YamlRules::fail(item, "each snippet must be a map with icon, tooltip and message");
  bool has_message = false;
  r.each(item, [&](const std::string& key, const YAML::Node& v) {
    if (key == "message") has_message = !r.text(v, "message").empty();
    else if (key == "icon" || key == "tooltip" || (flat && key == "mode")) r.text(v, key, true);
    else r.unknown(key, v, flat ? "icon, tooltip, message, mode" : "icon, tooltip, message");
  });
  if (!has_message) YamlRules::fail(item, "this snippet has no 'message' (the text it inserts)");
}

void check_list(const std::string& mode, const YAML::Node& list, YamlRules& r, bool flat) {
  if (!list.IsSequence())
    YamlRules::fail(list, "'" + mode + "' must be a list of snippets (lines starting with '- ')");
  for (const auto& item : list) check_snippet(item, r, flat);
}

}  // namespace

void check_snippets(const YAML::Node& root, YamlRules& r) {
  r.each(root, [&](const std::string& mode, const YAML::Node& v) {
    if (mode == "snippets") return check_list(mode, v, r, true);
    if (mode != "code" && mode != "review" && mode != "doc")
      r.warn(v, "mode '" + mode + "' is never shown (modes: code, review, doc)");
    check_list(mode, v, r, false);
  });
}

}  // namespace acdc::settings
