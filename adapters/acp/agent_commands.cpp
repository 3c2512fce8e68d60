// acp/agent_commands.cpp -- the agent's slash commands (slash_commands.hpp),
// on its worker: each changes what the browser's switches show too, and is
// answered with one agent_message_chunk saying what happened, and end_turn.
// A command that cannot be done says why in that message: the editor shows
// it where the answer would be, and nothing changed.
#include "acp/agent.hpp"

#include "acp/updates.hpp"

#include <acdc/host/errors.hpp>

namespace acdc::adapters::acp {

void Agent::run_slash(const Incoming& in, const std::string& session_id, const SlashCommand& command) {
  std::string said;
  if (command.name == "agent") said = slash_agent(session_id, command.input);
  else if (command.name == "mode") said = slash_mode(session_id, command.input);
  else said = slash_undo();
  o_.conn.notify("session/update", message_chunk(session_id, "agent_message_chunk", said));
  o_.conn.result(in.id, R"({"stopReason":"end_turn"})");
}

std::string Agent::slash_agent(const std::string& session_id, const std::string& input) {
  if (input != "on" && input != "off") return "Say `/agent on` (the model reads, searches and runs the tests itself) or `/agent off` (Ask).";
  std::string options;
  try {
    options = switch_agent(input == "on");
  } catch (const acdc::Error& e) {
    return e.what();  // unavailable: nothing changed
  }
  o_.conn.notify("session/update", R"({"sessionId":)" + json_string(session_id) +
                                       R"(,"update":{"sessionUpdate":"config_option_update","configOptions":)" +
                                       options + "}}");
  return input == "on" ? "Agent mode is on: the model reads, searches and runs the tests itself."
                       : "Ask mode is on: the model answers from what you attach, and asks before editing other files.";
}

std::string Agent::slash_mode(const std::string& session_id, const std::string& input) {
  if (input != "code" && input != "doc") return "Say `/mode code` (the symbol map) or `/mode doc` (the documents' outlines).";
  o_.engine.call("LLMService.switch_mode", "[" + json_string(input) + "]");
  o_.conn.notify("session/update", R"({"sessionId":)" + json_string(session_id) +
                                       R"(,"update":{"sessionUpdate":"current_mode_update","currentModeId":)" +
                                       json_string(input) + "}}");
  return input == "code" ? "Code mode: the context carries the symbol map." : "Doc mode: the context carries the documents' outlines.";
}

// The newest answer whose edits acdc still keeps for undo (get_current_state
// marks it "undoable"); a refusal (a file changed since) is said, not thrown.
std::string Agent::slash_undo() {
  const rapidjson::Document state = parse_json(o_.engine.call("LLMService.get_current_state", "[]"));
  std::string turn;
  if (auto messages = state.IsObject() ? state.FindMember("messages") : state.MemberEnd();
      state.IsObject() && messages != state.MemberEnd() && messages->value.IsArray())
    for (const auto& m : messages->value.GetArray())
      if (auto u = m.FindMember("undoable"); u != m.MemberEnd() && u->value.IsTrue()) turn = string_member(m, "turn_id");
  if (turn.empty()) return "Nothing to undo: no answer in this session has edits acdc can still take back.";
  try {
    const rapidjson::Document undone = parse_json(o_.engine.call("LLMService.undo_turn", "[" + json_string(turn) + "]"));
    return string_member(undone, "system_event_message");
  } catch (const acdc::Error& e) {
    return std::string("Not undone: ") + e.what();
  }
}

}  // namespace acdc::adapters::acp
