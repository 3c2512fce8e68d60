// service/exec_settings.cpp -- see exec_settings.hpp.
#include "service/exec_settings.hpp"
#include "run/command_env.hpp"

#include <acdc/sdk/error.hpp>

namespace acdc::exec {
namespace {

const acdc::JsonValue* member(const acdc::JsonValue& o, const char* key) {
  if (!o.IsObject()) return nullptr;
  auto m = o.FindMember(key);
  return m == o.MemberEnd() || m->value.IsNull() ? nullptr : &m->value;
}

long whole(const acdc::JsonValue& exec, const char* key, long fallback, long min, long max) {
  const acdc::JsonValue* v = member(exec, key);
  if (!v) return fallback;
  if (!v->IsInt64() || v->GetInt64() < min || v->GetInt64() > max)
    throw acdc::invalid_params(std::string("app.yaml exec.") + key + ": expected a whole number from " +
                               std::to_string(min) + " to " + std::to_string(max));
  return static_cast<long>(v->GetInt64());
}

}  // namespace

ExecSettings ExecSettings::from(const acdc::JsonValue& config) {
  ExecSettings s;
  const acdc::JsonValue* host = member(config, "host");
  const acdc::JsonValue* root = host ? member(*host, "repo_root") : nullptr;
  if (!root || !root->IsString())
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "the host gave the exec plugin no repo_root: start acdc in a repository");
  s.root = std::filesystem::path(root->GetString()).lexically_normal();
  const acdc::JsonValue* app = member(config, "app");
  static const acdc::Json kNone(rapidjson::kObjectType);
  const acdc::JsonValue& exec = app && member(*app, "exec") ? *member(*app, "exec") : kNone;
  if (!exec.IsObject()) throw acdc::invalid_params("app.yaml exec: must be a map (sandbox, timeout_s, ...)");
  if (const acdc::JsonValue* mode = member(exec, "sandbox")) {
    auto m = mode->IsString() ? sandbox_mode(mode->GetString()) : std::nullopt;
    if (!m) throw acdc::invalid_params("app.yaml exec.sandbox: expected workspace-write, read-only or off");
    s.sandbox = *m;
  }
  s.model_timeout = std::chrono::seconds(whole(exec, "timeout_s", 120, 1, 24 * 3600));
  s.user_timeout = std::chrono::seconds(whole(exec, "user_timeout_s", 3600, 1, 7 * 24 * 3600));
  s.head_bytes = static_cast<size_t>(whole(exec, "output_head_bytes", 8000, 0, 1 << 20));
  s.tail_bytes = static_cast<size_t>(whole(exec, "output_tail_bytes", 8000, 0, 1 << 20));
  s.max_running = static_cast<int>(whole(exec, "max_running", 8, 1, 64));
  s.key_vars = key_variables(member(config, "llm"));
  return s;
}

}  // namespace acdc::exec
