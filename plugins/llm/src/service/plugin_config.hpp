// service/plugin_config.hpp -- the llm plugin's configuration as the host
// last sent it (llm.yaml, app.yaml, the host's paths and prompts), under a
// lock of its own. Each part is read when it is needed, so a reload
// (host.config.changed) applies from the next use on.
//
//   PluginConfig config(ctx.config);
//   ProviderConfig pc = config.provider();            // throws naming what is wrong in llm.yaml
//   long budget = config.map_budget(config.limits(pc.model));
#pragma once

#include "agent/agent_loop.hpp"
#include "agent/checks.hpp"
#include "context/compactor.hpp"
#include "context/model_limits.hpp"
#include "context/model_prices.hpp"
#include "prompt/prompt_store.hpp"
#include "service/cache_warmer.hpp"
#include "provider/provider_config.hpp"
#include "service/served_windows.hpp"

#include <acdc/sdk/json.hpp>

#include <filesystem>
#include <mutex>
#include <string>

namespace acdc::llm {

class PluginConfig {
 public:
  explicit PluginConfig(const acdc::JsonValue& initial);

  void replace(acdc::Json next);

  ProviderConfig provider() const;  // llm.yaml; throws acdc::Error when it is broken
  PromptStore prompts() const;
  // The bundled table with llm.yaml's models: over it.
  ModelLimits limits(const std::string& model) const;
  // ... with the window `pc`'s server serves the model with (Ollama,
  // llama.cpp: context/served_window.hpp). Asks the server the first time:
  // blocks up to ~2 s, so call it from a worker.
  ModelLimits served_limits(const ProviderConfig& pc) const;
  // ... with what the server said so far, without asking it (never waits).
  ModelLimits known_limits(const ProviderConfig& pc) const;
  // `pc` with num_ctx set to its model's window (Ollama asks for it on
  // every request); as served_limits, from a worker.
  ProviderConfig served(ProviderConfig pc) const;
  // Why a turn to `pc` would fail at its local server, said before sending
  // (ServedWindow::refusal), or ""; as served_limits, from a worker.
  std::string served_refusal(const ProviderConfig& pc) const;
  // The configured model's; the default window when llm.yaml does not parse
  // (the turn says so; the figures go on).
  ModelLimits limits_now() const;
  // The configured provider's model's prices (context/model_prices.hpp); 0
  // for Ollama or an endpoint on loopback; none when unknown.
  std::optional<Prices> prices(const ProviderConfig& pc) const;
  long map_budget(const ModelLimits& limits) const;  // app.yaml symbol_map:
  CompactionSettings compaction() const;             // app.yaml history_compaction:
  AgentLimits agent_limits() const;                  // app.yaml agent:; throws naming a bad key
  ToolPermissions tool_permissions() const;          // app.yaml permissions:; throws naming a bad rule
  // app.yaml checks:, then <state_dir>/app.yaml's over it; throws naming a bad key.
  CheckSettings check_settings() const;
  // app.yaml cache_warmup: for this provider (enabled: auto is on where the
  // provider caches prompts: Anthropic, Bedrock's Claude).
  WarmupSettings warmup(const ProviderConfig& pc) const;
  std::string repo_root() const;
  std::filesystem::path state_dir() const;  // <repo>/.acdc unless the host names another

 private:
  std::string host_string(const char* key) const;  // mu_ held
  ModelLimits limits_with(const ProviderConfig& pc, bool ask) const;
  const rapidjson::Value* app_section(const char* name) const;  // app.yaml's map `name`, or null; mu_ held

  mutable std::mutex mu_;
  acdc::Json config_;
  mutable ServedWindows served_;
};

}  // namespace acdc::llm
