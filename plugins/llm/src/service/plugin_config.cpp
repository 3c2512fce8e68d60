// service/plugin_config.cpp -- see plugin_config.hpp.
#include "service/plugin_config.hpp"

#include "context/map_budget.hpp"

namespace acdc::llm {

PluginConfig::PluginConfig(const acdc::JsonValue& initial) { config_.CopyFrom(initial, config_.GetAllocator()); }

void PluginConfig::replace(acdc::Json next) {
  {
    std::lock_guard lock(mu_);
    config_ = std::move(next);
  }
  served_.forget();  // another server or model, or one since restarted with another window
}

ProviderConfig PluginConfig::provider() const {
  std::lock_guard lock(mu_);
  return ProviderConfig::from_json(config_["llm"]);
}

PromptStore PluginConfig::prompts() const {
  std::lock_guard lock(mu_);
  return PromptStore(config_["host"]);
}

ModelLimits PluginConfig::limits(const std::string& model) const {
  std::lock_guard lock(mu_);
  return model_limits(model, user_models(config_["llm"]));
}

std::optional<Prices> PluginConfig::prices(const ProviderConfig& pc) const {
  const bool local = pc.kind == ProviderKind::ollama || is_local_endpoint(pc.base_url);
  std::lock_guard lock(mu_);
  return model_prices(pc.model, local, user_models(config_["llm"]));
}

ModelLimits PluginConfig::served_limits(const ProviderConfig& pc) const { return limits_with(pc, true); }

ModelLimits PluginConfig::known_limits(const ProviderConfig& pc) const { return limits_with(pc, false); }

ModelLimits PluginConfig::limits_with(const ProviderConfig& pc, bool ask) const {
  ModelLimits m;
  bool user_window = false, user_tools = false;
  {
    std::lock_guard lock(mu_);
    const UserModels user = user_models(config_["llm"]);
    m = model_limits(pc.model, user);
    const UserModel* mine = user_model(pc.model, user);
    user_window = mine && mine->context_window > 0;
    user_tools = mine && mine->tools;
  }
  const bool ollama = pc.kind == ProviderKind::ollama;
  // llm.yaml's window needs no server's word: the server is not asked for
  // it (Ollama is asked anyway, before every turn: served_refusal).
  std::optional<ServedWindow> s;
  if (ollama || !user_window) s = ask ? served_.get(pc, pc.model) : served_.known(pc, pc.model);
  const ServedWindow served = s.value_or(ServedWindow{});
  fit_to_served(m, user_window ? ServedWindow{} : served, ollama, user_window, pc.num_ctx_max);
  fit_tools_to_served(m, served, user_tools);
  return m;
}

ProviderConfig PluginConfig::served(ProviderConfig pc) const {
  if (pc.kind == ProviderKind::ollama) pc.num_ctx = served_limits(pc).context_window;
  return pc;
}

std::string PluginConfig::served_refusal(const ProviderConfig& pc) const {
  return served_.get(pc, pc.model).refusal;
}

ModelLimits PluginConfig::limits_now() const {
  std::string model;
  try {
    model = provider().model;
  } catch (const acdc::Error&) {
  }
  return limits(model);
}

AgentLimits PluginConfig::agent_limits() const {
  std::lock_guard lock(mu_);
  return agent_limits_from(app_section("agent"));
}

ToolPermissions PluginConfig::tool_permissions() const {
  std::lock_guard lock(mu_);
  return ToolPermissions::from(app_section("permissions"));
}

CheckSettings PluginConfig::check_settings() const {
  const std::filesystem::path repo_file = state_dir() / "app.yaml";
  std::lock_guard lock(mu_);
  return CheckSettings::from(app_section("checks"), repo_file);
}

long PluginConfig::map_budget(const ModelLimits& limits) const {
  std::lock_guard lock(mu_);
  auto app = config_.FindMember("app");
  return map_budget_tokens(app == config_.MemberEnd() ? MapBudgetSettings{} : map_budget_settings(app->value),
                           limits.context_window);
}

const rapidjson::Value* PluginConfig::app_section(const char* name) const {
  auto app = config_.FindMember("app");
  if (app == config_.MemberEnd() || !app->value.IsObject()) return nullptr;
  auto section = app->value.FindMember(name);
  return section != app->value.MemberEnd() && section->value.IsObject() ? &section->value : nullptr;
}

WarmupSettings PluginConfig::warmup(const ProviderConfig& pc) const {
  WarmupSettings s;
  const bool caches = pc.kind == ProviderKind::anthropic ||
                      (pc.kind == ProviderKind::bedrock && pc.model.find("claude") != std::string::npos);
  s.enabled = caches;  // enabled: auto, the default
  std::lock_guard lock(mu_);
  const rapidjson::Value* section = app_section("cache_warmup");
  if (!section) return s;
  const auto& o = *section;
  if (auto e = o.FindMember("enabled"); e != o.MemberEnd() && e->value.IsBool()) s.enabled = e->value.GetBool();
  auto seconds = [&o](const char* key, std::chrono::seconds& out) {
    auto it = o.FindMember(key);
    if (it != o.MemberEnd() && it->value.IsNumber() && it->value.GetDouble() >= 0)
      out = std::chrono::seconds(static_cast<long>(it->value.GetDouble()));
  };
  seconds("interval_seconds", s.interval);
  seconds("countdown_seconds", s.countdown);
  // A prefix expires five minutes after its last read: a warm-up later than
  // that finds nothing to keep.
  s.interval = std::min(s.interval, std::chrono::seconds(290));
  s.countdown = std::min(s.countdown, s.interval);
  if (auto m = o.FindMember("max_warmups"); m != o.MemberEnd() && m->value.IsInt()) s.max_warmups = m->value.GetInt();
  if (auto c = o.FindMember("max_cost_usd"); c != o.MemberEnd() && c->value.IsNumber() && c->value.GetDouble() >= 0)
    s.max_cost_usd = c->value.GetDouble();
  return s;
}

CompactionSettings PluginConfig::compaction() const {
  CompactionSettings s;
  std::lock_guard lock(mu_);
  const rapidjson::Value* section = app_section("history_compaction");
  if (!section) return s;
  const auto& o = *section;
  auto size = [&o](const char* key, std::size_t& out) {
    auto it = o.FindMember(key);
    if (it != o.MemberEnd() && it->value.IsNumber() && it->value.GetDouble() >= 0)
      out = static_cast<std::size_t>(it->value.GetDouble());
  };
  if (auto e = o.FindMember("enabled"); e != o.MemberEnd() && e->value.IsBool()) s.enabled = e->value.GetBool();
  size("compaction_trigger_tokens", s.trigger_tokens);
  size("verbatim_window_tokens", s.verbatim_window_tokens);
  size("min_verbatim_exchanges", s.min_verbatim_exchanges);
  return s;
}

std::string PluginConfig::repo_root() const {
  std::lock_guard lock(mu_);
  return host_string("repo_root");
}

std::filesystem::path PluginConfig::state_dir() const {
  std::lock_guard lock(mu_);
  std::string state = host_string("state_dir");
  if (state.empty()) state = (std::filesystem::path(host_string("repo_root")) / ".acdc").string();
  return state;
}

std::string PluginConfig::host_string(const char* key) const {
  auto host = config_.FindMember("host");
  if (host == config_.MemberEnd() || !host->value.IsObject()) return {};
  auto it = host->value.FindMember(key);
  return it != host->value.MemberEnd() && it->value.IsString() ? it->value.GetString() : std::string();
}

}  // namespace acdc::llm
