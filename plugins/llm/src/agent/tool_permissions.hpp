// agent/tool_permissions.hpp -- app.yaml's `permissions:`, which tools a
// model may call in Agent mode, by name and argument:
//
//   permissions:
//     deny: ["read_file(secrets/**)", "git_log"]   # refused, and the model is told why
//     allow: ["deploy_preview"]                     # a tool that changes things, allowed without asking
//
// A rule is a tool's name, or a name and a path glob (acdc/util/glob.hpp) in
// parentheses that a call matches when any of its string arguments does.
// Tools that only read never ask; one that changes anything is offered only
// when `allow` names it (nothing asks the user mid-turn yet), and a deny
// always wins.
//
//   ToolPermissions rules = ToolPermissions::from(app_section);   // throws naming a bad rule
//   if (!rules.offered("git_log", true)) ...;
//   if (auto why = rules.refusal("read_file", args)) answer_the_model(*why);
#pragma once

#include <acdc/sdk/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

class ToolPermissions {
 public:
  // The `permissions:` map (null: no rules). Throws acdc::Error
  // (ACDC_E_INVALID_PARAMS) naming the entry that is not a rule.
  static ToolPermissions from(const acdc::JsonValue* section);

  // Whether the model is offered `tool` at all (a deny of the whole tool).
  bool offered(const std::string& tool) const;
  // Whether an allow rule covers this call.
  bool allows(const std::string& tool, const acdc::JsonValue& args) const;
  // Why this call is refused, or nullopt when it may run.
  std::optional<std::string> refusal(const std::string& tool, const acdc::JsonValue& args) const;

 private:
  struct Rule {
    std::string tool;
    std::string glob;  // "": every call of the tool
    std::string text;  // as written, for the message
  };
  static Rule parse(const std::string& text);
  static bool names(const std::vector<Rule>& rules, const std::string& tool);
  // The call's argument the rule's pattern matches, or nullopt.
  static std::optional<std::string> matched(const Rule& rule, const acdc::JsonValue& args);

  std::vector<Rule> allow_, deny_;
};

}  // namespace acdc::llm
