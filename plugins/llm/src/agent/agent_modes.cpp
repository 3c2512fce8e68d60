#include "agent/agent_modes.hpp"

#include <acdc/sdk.hpp>
#include <acdc/util/atomic_file.hpp>
#include <fstream>
#include <sstream>

namespace acdc::llm {

void AgentModes::load() const {
  if (loaded_) return;
  loaded_ = true;
  std::ifstream in(file_);
  std::stringstream text;
  text << in.rdbuf();
  acdc::Json doc;
  doc.Parse(text.str().c_str());
  // A file that is missing or unreadable means Ask everywhere: nothing is lost but a preference.
  if (doc.HasParseError() || !doc.IsObject()) return;
  for (const auto& m : doc.GetObject())
    if (m.value.IsBool()) sessions_[m.name.GetString()] = m.value.GetBool();
}

bool AgentModes::on(const std::string& session_id) const {
  std::lock_guard lock(mu_);
  load();
  auto it = sessions_.find(session_id);
  return it != sessions_.end() && it->second;
}

void AgentModes::set(const std::string& session_id, bool on) {
  std::lock_guard lock(mu_);
  load();
  sessions_[session_id] = on;
  try {
    std::filesystem::create_directories(file_.parent_path());
    util::replace_file(file_, acdc::to_json_text(sessions_));
  } catch (const std::exception& e) {
    throw acdc::Error(ACDC_E_APPLICATION, "the Agent mode could not be kept in " + file_.string() + ": " + e.what() +
                                              " (it applies until acdc stops)");
  }
}

std::optional<std::string> agent_unavailable(const ProviderConfig& pc, const ModelLimits& limits) {
  if (!limits.calls_tools)
    return "the model " + pc.model + " does not call tools (" + limits.no_tools_why +
           "): Agent mode needs a model that does";
  return std::nullopt;
}

std::string agent_mode_json(bool on, const std::optional<std::string>& why) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("agent"), w.Bool(!why && on);
  w.Key("available"), w.Bool(!why);
  w.Key("reason"), acdc::to_json(w, why.value_or(""));
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::llm
