// service/chat_compaction.cpp -- ChatTurns: history compaction after a
// turn (acdc-features.md §4.11), the I/O around context/compactor.hpp: the
// detector call on the smaller model, the history record, the tracker
// purge, the compactionEvent stages.
#include "service/chat_turns.hpp"

#include "prompt/prompt_assembler.hpp"
#include "service/messages_json.hpp"

namespace acdc::llm {
namespace {

std::string event_json(std::initializer_list<std::pair<const char*, std::string>> fields) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  for (const auto& [k, v] : fields) {
    w.Key(k);
    acdc::to_json(w, v);
  }
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::string detector_request(const std::string& system, const std::string& user) {
  return "[{\"role\":\"system\",\"content\":" + acdc::to_json_text(system) +
         "},{\"role\":\"user\",\"content\":" + acdc::to_json_text(user) + "}]";
}

// The "compacted" event, with the new messages the webapp shows.
std::string compacted_event(const Compaction& c, std::size_t before, std::size_t after,
                            const std::vector<ChatMessage>& messages) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("stage"), w.String("compacted");
  w.Key("case"), w.String(case_name(c.kind));
  w.Key("reason"), acdc::to_json(w, c.answer.boundary_reason);
  w.Key("tokens_before"), w.Uint64(before);
  w.Key("tokens_after"), w.Uint64(after);
  w.Key("removed"), w.Uint64(c.removed);
  w.Key("messages"), write_messages(w, messages);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace

void ChatTurns::compact_if_needed(const std::string& request_id) {
  const CompactionSettings settings = p_.config.compaction();
  const std::size_t before = p_.session.history_tokens(PromptAssembler(p_.count));
  if (!settings.enabled || before < settings.trigger_tokens) return;
  // Everything is in the verbatim tail: there is nothing to compact.
  if (verbatim_start(p_.session.prompt_history(), p_.count, settings) == 0) return;
  auto send = [&](const std::string& event) {
    p_.host.notify(ACDC_CLIENT_ALL, "AcApp.compactionEvent", "[" + acdc::to_json_text(request_id) + "," + event + "]");
  };
  send(event_json({{"stage", "compacting"}}));
  // Every "compacting" ends in "compacted" or "compaction_error"; on an
  // error the history stays exactly as it was.
  try {
    const std::string session_id = p_.session.session_id();
    const std::size_t count = p_.session.message_count();
    const std::vector<ChatMessage> history = p_.session.prompt_history();
    const ProviderConfig pc = p_.config.served(p_.config.provider().for_aux());
    const PromptStore prompts = p_.config.prompts();
    // A failed detection is not a failed compaction: it summarizes with the
    // fallback text (§4.11 "Any failure gives (null, "", 0.0, "")").
    DetectorAnswer answer;
    CancelFlag never(false);
    ChatRequest ask{pc.model, detector_request(prompts.compaction_prompt(), detector_prompt(history)),
                    std::min(pc.max_output_tokens, output_ceiling(pc.model))};
    ChatResult r = make_provider(pc)->complete(ask, never);
    if (r.error) p_.host.log(ACDC_LOG_WARN, "compaction: the boundary detector failed (" + r.error->message + "); summarizing without it");
    else answer = parse_detector(r.text);
    Compaction c = compact(history, answer, verbatim_start(history, p_.count, settings), settings);
    const PromptAssembler assembler(p_.count);
    const std::size_t after = assembler.history_tokens(c.messages);
    if (after >= before)
      return send(event_json({{"stage", "compaction_error"},
                              {"error", "compacting would not make the history smaller (" + std::to_string(before) +
                                            " -> " + std::to_string(after) +
                                            " tokens); it is left as it is. A larger compaction_trigger_tokens or a "
                                            "smaller verbatim_window_tokens in app.yaml gives it room"}}));
    const std::string event = system_event_text(c, before, after);
    if (!p_.session.replace_history(session_id, count, c.messages, event))
      return send(event_json({{"stage", "compaction_error"},
                              {"error", "the session changed while it was being compacted; it is left as it is"}}));
    p_.modes.purge_history();
    send(compacted_event(c, before, after, p_.session.messages()));
    p_.host.log(ACDC_LOG_INFO, "history compacted (" + std::string(case_name(c.kind)) + "): " + std::to_string(before) +
                                 " -> " + std::to_string(after) + " tokens");
  } catch (const std::exception& e) {
    p_.host.log(ACDC_LOG_WARN, std::string("compaction failed, the history is unchanged: ") + e.what());
    send(event_json({{"stage", "compaction_error"}, {"error", e.what()}}));
  }
}

}  // namespace acdc::llm
