// acp/agent_sessions.cpp -- the agent's session methods (agent.hpp), on its
// worker: session/new, session/load, session/resume, session/close,
// session/prompt, session/set_mode, session/set_config_option, session/list.
#include "acp/agent.hpp"

#include "acp/history_replay.hpp"
#include "acp/prompt_content.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>

#include <rapidjson/document.h>

#include <charconv>

namespace acdc::adapters::acp {
namespace fs = std::filesystem;
namespace {

// The editor's MCP servers are accepted; acdc's tools are its own for now.
void note_mcp_servers(const rapidjson::Value* params) {
  auto servers = params->FindMember("mcpServers");
  if (servers != params->MemberEnd() && servers->value.IsArray() && !servers->value.Empty())
    log::info("acp: the editor's " + std::to_string(servers->value.Size()) +
              " MCP server(s) are not used: acdc answers with its own map and edits");
}

}  // namespace

Agent::AgentSwitch Agent::agent_switch() {
  const rapidjson::Document mode = parse_json(o_.engine.call("LLMService.get_agent_mode", "[]"));
  auto flag = [&mode](const char* key, bool otherwise) {
    auto m = mode.IsObject() ? mode.FindMember(key) : mode.MemberEnd();
    return mode.IsObject() && m != mode.MemberEnd() && m->value.IsBool() ? m->value.GetBool() : otherwise;
  };
  return {flag("agent", false), flag("available", true), string_member(mode, "reason")};
}

fs::path Agent::open_repository(const rapidjson::Value* params, const char* method) {
  const fs::path cwd = required_string(params, "cwd", method);
  if (!cwd.is_absolute()) throw acdc::invalid_params(std::string(method) + ": \"cwd\" must be an absolute path");
  if (root_.empty()) {
    std::error_code ec;
    const fs::path wanted = o_.repo.empty() ? cwd : o_.repo;
    root_ = fs::canonical(wanted, ec);
    if (ec) throw acdc::invalid_params(std::string(method) + ": " + wanted.string() + ": " + ec.message());
    o_.load_plugins(root_);
  } else if (o_.repo.empty()) {
    std::error_code ec;
    if (fs::canonical(cwd, ec) != root_)
      throw acdc::invalid_params("this acdc acp serves " + root_.string() + "; start another one for " + cwd.string());
  }
  note_mcp_servers(params);
  o_.engine.wait_ready();
  return root_;
}

std::string Agent::modes_json() {
  const std::string current = string_member(parse_json(o_.engine.call("LLMService.get_mode", "[]")), "mode");
  return R"({"currentModeId":)" + json_string(current.empty() ? "code" : current) +
         R"(,"availableModes":[{"id":"code","name":"Code","description":"code files, with the symbol map"},)"
         R"({"id":"doc","name":"Docs","description":"documentation, with the documents' outlines"}]})";
}

std::string Agent::config_options_json() {
  const AgentSwitch now = agent_switch();
  const std::string about = "Agent: the model reads, searches and runs the tests itself. Ask: it answers from what you "
                            "attach, and asks before editing a file you did not." +
                            (now.available ? std::string() : " Agent is unavailable: " + now.reason + ".");
  return R"([{"id":"agent","name":"Ask or Agent","description":)" + json_string(about) +
         R"(,"type":"select","currentValue":)" + json_string(now.on && now.available ? "agent" : "ask") +
         R"(,"options":[{"value":"ask","name":"Ask","description":"answers from the context you give"},)"
         R"({"value":"agent","name":"Agent","description":"the model calls acdc's tools, step by step"}]}])";
}

void Agent::make_current(const std::string& session_id) {
  if (string_member(parse_json(o_.engine.call("LLMService.get_current_state", "[]")), "session_id") != session_id)
    o_.engine.call("LLMService.load_session_into_context", "[" + json_string(session_id) + "]");
}

void Agent::remember_session(const std::string& session_id) {
  std::lock_guard lock(mu_);
  sessions_.try_emplace(session_id, std::make_shared<std::atomic<bool>>(false));
}

std::shared_ptr<std::atomic<bool>> Agent::session_state(const std::string& session_id) {
  std::lock_guard lock(mu_);
  auto it = sessions_.find(session_id);
  if (it == sessions_.end())
    throw acdc::Error(ACDC_E_NOT_FOUND, "unknown session " + session_id + ": call session/new or session/load first");
  return it->second;
}

void Agent::new_session(const Incoming& in) {
  open_repository(in.params(), "session/new");
  const std::string id = string_member(parse_json(o_.engine.call("LLMService.new_session", "[]")), "session_id");
  remember_session(id);
  o_.engine.call("LLMService.set_agent_mode", "[true]");  // an editor's agent is expected to act
  o_.conn.result(in.id, R"({"sessionId":)" + json_string(id) + R"(,"modes":)" + modes_json() +
                            R"(,"configOptions":)" + config_options_json() + "}");
  o_.conn.notify("session/update", available_commands_update(id));
}

void Agent::load_session(const Incoming& in) { open_session(in, "session/load", true); }

// session/resume is session/load without the replay: the editor still shows
// the conversation, and only needs acdc to go on with it.
void Agent::resume_session(const Incoming& in) { open_session(in, "session/resume", false); }

void Agent::open_session(const Incoming& in, const char* method, bool replay) {
  const fs::path root = open_repository(in.params(), method);
  const std::string id = required_string(in.params(), "sessionId", method);
  rapidjson::Document state = parse_json(o_.engine.call("LLMService.get_current_state", "[]"));
  // The current session may have no message yet (nothing to load from the
  // history file); it is already in context.
  if (string_member(state, "session_id") != id)
    state = parse_json(o_.engine.call("LLMService.load_session_into_context", "[" + json_string(id) + "]"));
  remember_session(id);
  if (replay && state.IsObject() && state.HasMember("messages"))
    for (const std::string& update : replay_updates(id, state["messages"], root)) o_.conn.notify("session/update", update);
  o_.conn.result(in.id, R"({"modes":)" + modes_json() + R"(,"configOptions":)" + config_options_json() + "}");
  o_.conn.notify("session/update", available_commands_update(id));
}

// Its running prompt is cancelled (it ends as stopped, its history written)
// and its "allow always" forgotten; its history stays, for session/load.
void Agent::close_session(const Incoming& in) {
  const std::string id = required_string(in.params(), "sessionId", "session/close");
  session_state(id);  // an unknown session is an error, as for every session method
  std::shared_ptr<PromptTurn> turn;
  {
    std::lock_guard lock(mu_);
    if (running_session_ == id) turn = running_;
    sessions_.erase(id);
  }
  if (turn) turn->cancel();
  o_.conn.result(in.id, "{}");
}

void Agent::prompt(const Incoming& in) {
  const std::string session = required_string(in.params(), "sessionId", "session/prompt");
  auto always_allow = session_state(session);
  auto prompt = in.params()->FindMember("prompt");
  if (prompt == in.params()->MemberEnd()) throw acdc::invalid_params("session/prompt needs \"prompt\": content blocks");
  const PromptParts parts = prompt_parts(prompt->value, root_);
  {
    // Only this worker starts a prompt, so none can start between this
    // check and the turn's start below; a running one may end meanwhile.
    std::lock_guard lock(mu_);
    if (running_)
      throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "a prompt is still running: wait for it or cancel it (session/cancel)");
  }
  make_current(session);  // the browser may have switched sessions since: this prompt belongs to its own
  if (auto command = slash_command(parts.message); command && parts.images.empty() && parts.context.empty())
    return run_slash(in, session, *command);
  std::shared_ptr<PromptTurn> turn;
  {
    std::lock_guard lock(mu_);
    turn = std::make_shared<PromptTurn>(PromptTurn::Setup{
        .conn = o_.conn,
        .engine = o_.engine,
        .session_id = session,
        .answer_id = in.id,
        .request_id = "acp-" + std::to_string(next_request_++),
        .root = root_,
        .editor_reads = editor_reads_,
        .editor_writes = editor_writes_,
        .editor_terminal = editor_terminal_,
        .ask_before_edits = o_.settings.ask_before_edits,
        .always_allow = always_allow,
        .on_finished = [this] {
          std::lock_guard lock(mu_);
          running_.reset();
          running_session_.clear();
        }});
    running_ = turn;
    running_session_ = session;
  }
  turn->start(parts);
}

void Agent::set_mode(const Incoming& in) {
  const std::string session = required_string(in.params(), "sessionId", "session/set_mode");
  const std::string mode = required_string(in.params(), "modeId", "session/set_mode");
  session_state(session);
  if (mode != "code" && mode != "doc")
    throw acdc::invalid_params("unknown mode '" + mode + "': acdc's modes are code and doc");
  o_.engine.call("LLMService.switch_mode", "[" + json_string(mode) + "]");
  o_.conn.result(in.id, "{}");
}

void Agent::set_config_option(const Incoming& in) {
  const std::string session = required_string(in.params(), "sessionId", "session/set_config_option");
  const std::string id = required_string(in.params(), "configId", "session/set_config_option");
  session_state(session);
  if (id != "agent") throw acdc::invalid_params("unknown config option '" + id + "': acdc's is agent (ask or agent)");
  const std::string value = string_member(*in.params(), "value");
  if (value != "ask" && value != "agent")
    throw acdc::invalid_params("agent: \"value\" must be \"ask\" or \"agent\", not '" + value + "'");
  make_current(session);
  o_.conn.result(in.id, R"({"configOptions":)" + switch_agent(value == "agent") + "}");
}

std::string Agent::switch_agent(bool on) {
  if (const AgentSwitch now = agent_switch(); on && !now.available)
    throw acdc::Error(ACDC_E_FAILED_PRECONDITION,
                      "Agent mode is unavailable: " + now.reason + ". Name a model that calls tools in llm.yaml.");
  o_.engine.call("LLMService.set_agent_mode", on ? "[true]" : "[false]");
  return config_options_json();
}

// The history's sessions (LLMService.history_list_sessions, newest first),
// as SessionInfo: the first message is the title. An editor asking for
// another folder, or before any session opened the repository, hears of none.
void Agent::list_sessions(const Incoming& in) {
  constexpr std::size_t kPage = 50;
  const rapidjson::Value* params = in.params();
  const std::string cwd = params ? string_member(*params, "cwd") : "";
  const std::string cursor = params ? string_member(*params, "cursor") : "";
  std::size_t from = 0;
  if (!cursor.empty()) {
    const auto end = cursor.data() + cursor.size();
    if (std::from_chars(cursor.data(), end, from).ptr != end)
      throw acdc::invalid_params("session/list: \"cursor\" is not one this agent gave (" + cursor + ")");
  }
  if (!cwd.empty() && !fs::path(cwd).is_absolute())
    throw acdc::invalid_params("session/list: \"cwd\" must be an absolute path");
  std::error_code ec;
  if (root_.empty() || (!cwd.empty() && fs::canonical(cwd, ec) != root_)) return o_.conn.result(in.id, R"({"sessions":[]})");
  const rapidjson::Document all = parse_json(o_.engine.call("LLMService.history_list_sessions", "[null]"));
  std::string out = R"({"sessions":[)";
  const std::size_t count = all.IsArray() ? all.Size() : 0;
  for (std::size_t i = from; i < count && i < from + kPage; ++i) {
    const rapidjson::Value& s = all[static_cast<rapidjson::SizeType>(i)];
    out += std::string(i > from ? "," : "") + R"({"sessionId":)" + json_string(string_member(s, "session_id")) +
           R"(,"cwd":)" + json_string(root_.string()) + R"(,"title":)" + json_string(string_member(s, "preview")) +
           R"(,"updatedAt":)" + json_string(string_member(s, "timestamp")) + "}";
  }
  out += "]";
  if (from + kPage < count) out += R"(,"nextCursor":)" + json_string(std::to_string(from + kPage));
  o_.conn.result(in.id, out + "}");
}

}  // namespace acdc::adapters::acp
