// run/command_env.cpp -- see command_env.hpp.
#include "run/command_env.hpp"

#include <algorithm>
#include <array>

namespace acdc::exec {
namespace {

bool ends_with(std::string_view s, std::string_view end) {
  return s.size() >= end.size() && s.substr(s.size() - end.size()) == end;
}

void collect_keys(const acdc::JsonValue& v, std::vector<std::string>& out) {
  if (v.IsArray())
    for (const auto& e : v.GetArray()) collect_keys(e, out);
  if (!v.IsObject()) return;
  for (const auto& m : v.GetObject()) {
    if (std::string_view(m.name.GetString()) == "api_key_env" && m.value.IsString())
      out.emplace_back(m.value.GetString(), m.value.GetStringLength());
    collect_keys(m.value, out);
  }
}

}  // namespace

bool is_secret_name(std::string_view name, const std::vector<std::string>& key_vars) {
  static constexpr std::array kNamed = {"ACDC_TOKEN",          "AWS_ACCESS_KEY_ID",        "AWS_SECRET_ACCESS_KEY",
                                        "AWS_SESSION_TOKEN",   "AWS_SECURITY_TOKEN",       "AWS_BEARER_TOKEN_BEDROCK",
                                        "AWS_CONTAINER_AUTHORIZATION_TOKEN"};
  if (std::find(kNamed.begin(), kNamed.end(), name) != kNamed.end()) return true;
  if (std::find(key_vars.begin(), key_vars.end(), name) != key_vars.end()) return true;
  static constexpr std::array kEnds = {"_API_KEY", "_APIKEY", "_TOKEN", "_PASSWORD", "_ACCESS_KEY", "_PRIVATE_KEY"};
  for (std::string_view end : kEnds)
    if (ends_with(name, end)) return true;
  return name.find("SECRET") != std::string_view::npos;
}

std::vector<std::string> key_variables(const acdc::JsonValue* llm_settings) {
  std::vector<std::string> out;
  if (llm_settings) collect_keys(*llm_settings, out);
  return out;
}

std::vector<std::string> command_env(char** parent_env, const std::vector<std::string>& key_vars, bool sandboxed) {
  std::vector<std::pair<std::string, std::string>> set = {
      {"TERM", "xterm-256color"}, {"PAGER", "cat"}, {"GIT_PAGER", "cat"}};
  if (sandboxed) set.emplace_back("TMPDIR", "/tmp");
  std::vector<std::string> out;
  for (char** e = parent_env; e && *e; ++e) {
    std::string_view entry(*e);
    const auto eq = entry.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view name = entry.substr(0, eq);
    if (is_secret_name(name, key_vars)) continue;
    if (std::any_of(set.begin(), set.end(), [&](const auto& s) { return s.first == name; })) continue;
    out.emplace_back(entry);
  }
  for (const auto& [name, value] : set) out.push_back(name + "=" + value);
  return out;
}

}  // namespace acdc::exec
