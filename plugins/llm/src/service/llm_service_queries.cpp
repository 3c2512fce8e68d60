// LLMService: the state the browser reads on connecting, sessions (new,
// load back) and their broadcasts, the history's figures.
#include "service/llm_service.hpp"

#include "service/messages_json.hpp"

#include "prompt/prompt_assembler.hpp"
#include "provider/provider_config.hpp"
#include "context/model_limits.hpp"

#include <acdc/util/json_writer.hpp>

#include <filesystem>

namespace acdc::llm {

namespace {

acdc::RawJson finish(const rapidjson::StringBuffer& buf) { return acdc::RawJson{std::string(buf.GetString(), buf.GetSize())}; }

}  // namespace

acdc::RawJson LLMService::get_current_state() {
  const std::optional<WorkState::Stream> stream = work_.stream();
  const std::string repo_root = config_.repo_root();
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("messages");
  write_messages(w, session_.messages(), [this](const std::string& turn) { return snapshots_.has(turn); });
  w.Key("selected_files");
  acdc::to_json(w, session_.selected());
  w.Key("excluded_index_files");
  acdc::to_json(w, symbol_methods_.excluded_files());
  w.Key("streaming_active");
  w.Bool(stream.has_value());
  w.Key("agent_mode");
  w.Bool(agent_modes_.on(session_.session_id()));
  w.Key("active_streams");
  w.StartArray();
  if (stream) {
    w.StartObject();
    util::write_member(w, "request_id", stream->request_id);
    w.Key("agent_id"), w.Null();
    util::write_member(w, "accumulated_content", stream->turn ? stream->turn->partial_text() : std::string());
    w.EndObject();
  }
  w.EndArray();
  w.Key("session_id");
  acdc::to_json(w, session_.session_id());
  w.Key("repo_name");
  acdc::to_json(w, std::filesystem::path(repo_root).filename().string());
  w.Key("init_complete");
  w.Bool(turns_.ready());
  const ChatModes::Now modes = modes_.now();
  w.Key("mode");
  w.String(mode_name(modes.mode));
  w.Key("cross_ref_enabled");
  w.Bool(modes.cross_ref);
  w.Key("enrichment_status");
  w.String("unavailable");
  w.Key("review_state");
  if (const std::optional<ReviewState> review = work_.review()) {
    const std::string json = review->to_json();
    w.RawValue(json.c_str(), json.size(), rapidjson::kObjectType);
  } else {
    w.Null();
  }
  // The reference's clients read this key; no plugin converts documents
  // (acdc-features.md's DocConvert is not part of AC-DC++), so it is false.
  w.Key("doc_convert_available");
  w.Bool(false);
  w.EndObject();
  return finish(buf);
}

std::string LLMService::broadcast_session() const {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("session_id");
  acdc::to_json(w, session_.session_id());
  w.Key("messages");
  write_messages(w, session_.messages(), [this](const std::string& turn) { return snapshots_.has(turn); });
  w.EndObject();
  std::string session(buf.GetString(), buf.GetSize());
  host_.notify(ACDC_CLIENT_ALL, "AcApp.sessionChanged", "[" + session + "]");
  // Each session has its own Ask or Agent mode.
  host_.notify(ACDC_CLIENT_ALL, "AcApp.agentModeChanged", "[" + agent_mode_json() + "]");
  return session;
}

// A streaming turn writes its answer to the session current when it ends:
// switching under it would file the answer in another one. WorkState lets
// no turn start while the switch happens.
std::map<std::string, std::string> LLMService::new_session() {
  std::string id;
  warmer_.cancel("a new session");
  work_.unless_streaming("starting a new session", [&] {
    id = session_.new_session();
    modes_.purge_history();
  });
  host_.call("UrlFetch.new_session", "[]", [](acdc::Result) {});  // §4.1: a new session forgets its URLs
  broadcast_session();
  return {{"session_id", id}};
}

acdc::RawJson LLMService::load_session_into_context(std::string session_id) {
  warmer_.cancel("another session");
  work_.unless_streaming("loading a session", [&] {
    session_.load(session_id);
    modes_.purge_history();
  });
  return acdc::RawJson{broadcast_session()};
}

acdc::RawJson LLMService::get_history_status() {
  const long tokens = static_cast<long>(session_.history_tokens(PromptAssembler(count_tokens_)));
  // §4.4: the history may take a sixteenth of the model's window.
  const long max_history = config_.limits_now().context_window / 16;
  const CompactionSettings cs = config_.compaction();
  const long trigger = static_cast<long>(cs.trigger_tokens);
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("session_id");
  acdc::to_json(w, session_.session_id());
  w.Key("history_tokens");
  w.Int64(tokens);
  w.Key("max_history_tokens");
  w.Int64(max_history);
  w.Key("remaining");
  w.Int64(std::max(0L, max_history - tokens));
  w.Key("needs_compaction");
  w.Bool(cs.enabled && tokens >= trigger);
  w.Key("compaction_enabled");
  w.Bool(cs.enabled);
  w.Key("compaction_trigger");
  w.Int64(trigger);
  w.Key("compaction_percent");
  w.Int(trigger > 0 ? static_cast<int>(std::min(100L, tokens * 100 / trigger)) : 0);
  w.EndObject();
  return finish(buf);
}

acdc::RawJson LLMService::get_session_totals() { return acdc::RawJson{session_.totals().to_json()}; }

}  // namespace acdc::llm
