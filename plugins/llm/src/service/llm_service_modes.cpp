// LLMService: code and doc mode, cross-reference (acdc-features.md §4.12,
// §4.1 "Modes") and the viewer's navigation (navigate_file). Each mode has
// its own system prompt, snippets, map and tracker; the file selection and
// the conversation are shared.
#include "service/llm_service.hpp"


namespace acdc::llm {

void LLMService::broadcast_mode() const { host_.notify(ACDC_CLIENT_ALL, "AcApp.modeChanged", modes_.changed_args()); }

// Both indexes come from the symbol-index plugin and are ready together.
void LLMService::get_mode(acdc::Call call) {
  const ChatModes::Now now = modes_.now();
  const std::string mode = mode_name(now.mode);
  const bool cross_ref = now.cross_ref;
  host_.call("SymbolIndex.get_status", "[]", [call, mode, cross_ref](acdc::Result r) mutable {
    std::string state = "unavailable";
    if (r.ok()) {
      acdc::Json status = r.json();
      if (auto it = status.IsObject() ? status.FindMember("state") : status.MemberEnd();
          status.IsObject() && it != status.MemberEnd() && it->value.IsString())
        state = it->value.GetString();
    }
    const bool ready = state == "ready", building = state == "indexing" || state == "starting";
    rapidjson::StringBuffer buf;
    acdc::JsonWriter w(buf);
    w.StartObject();
    w.Key("mode"), acdc::to_json(w, mode);
    w.Key("doc_index_ready"), w.Bool(ready);
    w.Key("doc_index_building"), w.Bool(building);
    w.Key("cross_ref_ready"), w.Bool(ready);
    w.Key("cross_ref_enabled"), w.Bool(cross_ref);
    // No keyword model is bundled: the outlines have none (§4.12).
    w.Key("enrichment_status"), w.String("unavailable");
    w.EndObject();
    call.ok_raw(std::string(buf.GetString(), buf.GetSize()));
  }, call.handle());
}

std::map<std::string, std::string> LLMService::switch_mode(std::string mode) {
  std::optional<ChatMode> next = parse_mode(mode);
  if (!next) throw acdc::invalid_params("unknown mode '" + mode + "': the modes are code and doc");
  // The turn placed its content with the mode it started in.
  work_.unless_streaming("switching modes", [&] {
    if (modes_.switch_to(*next))
      session_.add("user", std::string("Switched to ") + mode_name(*next) + " mode.", {.system_event = true});
  });
  broadcast_session();
  broadcast_mode();
  return {{"mode", mode_name(*next)}};
}

acdc::RawJson LLMService::set_cross_reference(bool enabled) {
  modes_.set_cross_reference(enabled);
  broadcast_mode();
  return acdc::RawJson{std::string(R"({"status":"ok","cross_ref_enabled":)") + (enabled ? "true" : "false") + "}"};
}

std::string LLMService::agent_mode_json() const {
  std::optional<std::string> why;
  try {
    const ProviderConfig pc = config_.provider();
    why = agent_unavailable(pc, config_.known_limits(pc));  // a local server's word once it said it
  } catch (const acdc::Error&) {
    // llm.yaml does not parse: the turn says so; the switch need not.
  }
  return acdc::llm::agent_mode_json(agent_modes_.on(session_.session_id()), why);
}

acdc::RawJson LLMService::get_agent_mode() { return acdc::RawJson{agent_mode_json()}; }

void LLMService::add_to_context(acdc::Call call, std::optional<acdc::Json> args) {
  acdc::ToolArgs a(args ? &*args : nullptr, {"paths"});
  auto paths = a.texts("paths");
  if (a.ok() && (!paths || paths->empty())) a.fail("paths: required, the repository-relative files to add");
  if (!a.ok()) return call.ok_raw(acdc::tool_error(a.problem()).text);
  turns_.add_to_context(call, std::move(*paths));
}

acdc::RawJson LLMService::set_agent_mode(bool enabled) {
  agent_modes_.set(session_.session_id(), enabled);
  const std::string now = agent_mode_json();
  host_.notify(ACDC_CLIENT_ALL, "AcApp.agentModeChanged", "[" + now + "]");
  return acdc::RawJson{now};
}

// Every client opens the file: the one that asked and the other tabs alike.
std::map<std::string, std::string> LLMService::navigate_file(std::string path) {
  if (path.empty()) throw acdc::invalid_params("navigate_file needs a repository path");
  host_.notify(ACDC_CLIENT_ALL, "AcApp.navigateFile", R"([{"path":)" + acdc::to_json_text(path) + "}]");
  return {{"status", "ok"}, {"path", path}};
}

}  // namespace acdc::llm
