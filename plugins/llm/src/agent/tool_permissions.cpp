#include "agent/tool_permissions.hpp"

#include <acdc/util/glob.hpp>

namespace acdc::llm {
namespace {

// Every string a call carries, and those in arrays of strings, with the
// argument's name: the paths, patterns, names and commands a rule is
// matched against.
std::vector<std::pair<std::string, std::string>> string_arguments(const acdc::JsonValue& args) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!args.IsObject()) return out;
  for (const auto& m : args.GetObject()) {
    const std::string key(m.name.GetString(), m.name.GetStringLength());
    if (m.value.IsString()) out.emplace_back(key, std::string(m.value.GetString(), m.value.GetStringLength()));
    if (m.value.IsArray())
      for (const auto& v : m.value.GetArray())
        if (v.IsString()) out.emplace_back(key, std::string(v.GetString(), v.GetStringLength()));
  }
  return out;
}

// A command line against a pattern whose `*` is any text, spaces and
// slashes included; everything else must match exactly.
bool command_match(std::string_view pattern, std::string_view command) {
  size_t p = 0, c = 0, star = std::string_view::npos, resume = 0;
  while (c < command.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++, resume = c;
    } else if (p < pattern.size() && pattern[p] == command[c]) {
      ++p, ++c;
    } else if (star != std::string_view::npos) {
      p = star + 1, c = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
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

bool ToolPermissions::offered(const std::string& tool) const { return !names(deny_, tool); }

std::optional<std::string> ToolPermissions::matched(const Rule& rule, const acdc::JsonValue& args) {
  for (const auto& [key, value] : string_arguments(args))
    if (key == "command" ? command_match(rule.glob, value) : util::glob_match(rule.glob, value)) return value;
  return std::nullopt;
}

bool ToolPermissions::allows(const std::string& tool, const acdc::JsonValue& args) const {
  for (const auto& r : allow_)
    if (r.tool == tool && (r.glob.empty() || matched(r, args))) return true;
  return false;
}

std::optional<std::string> ToolPermissions::refusal(const std::string& tool, const acdc::JsonValue& args) const {
  for (const auto& r : deny_) {
    if (r.tool != tool) continue;
    if (r.glob.empty()) return "app.yaml's permissions deny " + tool + " (" + r.text + "): do without it";
    if (auto value = matched(r, args))
      return "app.yaml's permissions deny this call (" + r.text + "): '" + *value + "' is off limits: do without it";
  }
  return std::nullopt;
}

}  // namespace acdc::llm
