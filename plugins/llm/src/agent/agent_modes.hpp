// agent/agent_modes.hpp -- which sessions are in Agent mode (Ask is the
// default), kept in <state>/agent-mode.json so the choice survives a
// restart, and whether this provider can run an Agent turn at all.
//
//   AgentModes modes(state_dir / "agent-mode.json");
//   modes.set(session_id, true);     // throws acdc::Error when it cannot be kept
//   if (modes.on(session_id)) ...
//   if (auto why = agent_unavailable(pc, limits)) ...   // the switch says why
#pragma once

#include "context/model_limits.hpp"
#include "provider/provider_config.hpp"

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace acdc::llm {

class AgentModes {
 public:
  explicit AgentModes(std::filesystem::path file) : file_(std::move(file)) {}

  bool on(const std::string& session_id) const;
  void set(const std::string& session_id, bool on);

 private:
  void load() const;  // mu_ held

  std::filesystem::path file_;
  mutable std::mutex mu_;
  mutable bool loaded_ = false;
  mutable std::map<std::string, bool> sessions_;
};

// Why this model cannot run an Agent turn (llm.yaml's models: or the local
// server says it calls no tools), or nullopt when it can.
std::optional<std::string> agent_unavailable(const ProviderConfig& pc, const ModelLimits& limits);
// What the Agent switch shows, get_agent_mode's and AcApp.agentModeChanged's
// {"agent", "available", "reason"}: `on` is the session's choice, `why`
// agent_unavailable's.
std::string agent_mode_json(bool on, const std::optional<std::string>& why);

}  // namespace acdc::llm
