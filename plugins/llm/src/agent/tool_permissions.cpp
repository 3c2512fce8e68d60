#include "agent/tool_permissions.hpp"

#include <acdc/util/glob.hpp>

namespace acdc::llm {
namespace {

// Every string a call carries, and those in arrays of strings: the paths,
// patterns and names a glob rule is matched against.
std::vector<std::string> string_arguments(const acdc::JsonValue& args) {
  std::vector<std::string> out;
  if (!args.IsObject()) return out;
  for (const auto& m : args.GetObject()) {
    if (m.value.IsString()) out.emplace_back(m.value.GetString(), m.value.GetStringLength());
    if (m.value.IsArray())
      for (const auto& v : m.value.GetArray())
        if (v.IsString()) out.emplace_back(v.GetString(), v.GetStringLength());
  }
  return out;
}

}  // namespace

ToolPermissions::Rule ToolPermissions::parse(const std::string& text) {
  const auto open = text.find('(');
  if (open == std::string::npos) return {text, "", text};
  if (text.back() != ')' || open == 0 || open + 2 >= text.size())
    throw acdc::invalid_params("app.yaml permissions: '" + text +
                               "' is not a rule: write a tool's name, or a name and a path glob, as read_file(secrets/**)");
  return {text.substr(0, open), text.substr(open + 1, text.size() - open - 2), text};
}

ToolPermissions ToolPermissions::from(const acdc::JsonValue* section) {
  ToolPermissions out;
  if (!section || section->IsNull()) return out;
  if (!section->IsObject()) throw acdc::invalid_params("app.yaml permissions: must be a map of allow and deny lists");
  for (auto [key, rules] : {std::pair{"allow", &out.allow_}, std::pair{"deny", &out.deny_}}) {
    auto list = section->FindMember(key);
    if (list == section->MemberEnd() || list->value.IsNull()) continue;
    if (!list->value.IsArray()) throw acdc::invalid_params(std::string("app.yaml permissions.") + key + " must be a list of rules");
    for (const auto& r : list->value.GetArray()) {
      if (!r.IsString() || r.GetStringLength() == 0)
        throw acdc::invalid_params(std::string("app.yaml permissions.") + key + " holds something that is not a rule");
      rules->push_back(parse(r.GetString()));
    }
  }
  return out;
}

bool ToolPermissions::names(const std::vector<Rule>& rules, const std::string& tool) {
  for (const auto& r : rules)
    if (r.tool == tool && r.glob.empty()) return true;
  return false;
}

bool ToolPermissions::offered(const std::string& tool, bool read_only) const {
  return !names(deny_, tool) && (read_only || names(allow_, tool));
}

std::optional<std::string> ToolPermissions::refusal(const std::string& tool, const acdc::JsonValue& args) const {
  for (const auto& r : deny_) {
    if (r.tool != tool) continue;
    if (r.glob.empty()) return "app.yaml's permissions deny " + tool + " (" + r.text + "): do without it";
    for (const auto& value : string_arguments(args))
      if (util::glob_match(r.glob, value))
        return "app.yaml's permissions deny this call (" + r.text + "): '" + value + "' is off limits: do without it";
  }
  return std::nullopt;
}

}  // namespace acdc::llm
