#include "schema.hpp"

#include "yaml_rules.hpp"

#include <acdc/sdk/utf8.hpp>

namespace acdc::settings {

Checked Schema::check(FileKind kind, std::string_view content) {
  if (!is_valid_utf8(content))
    throw ConfigProblem(0, "the text is not valid UTF-8; save it as UTF-8");
  Checked checked;
  if (kind == FileKind::prompt) return checked;
  const YAML::Node root = YamlRules::parse(content);
  YamlRules rules(checked);
  switch (kind) {
    case FileKind::llm: check_llm(root, rules); break;
    case FileKind::app: check_app(root, rules); break;
    case FileKind::snippets: check_snippets(root, rules); break;
    case FileKind::host: check_host(root, rules, checked); break;
    case FileKind::prompt: break;
  }
  return checked;
}

}  // namespace acdc::settings
