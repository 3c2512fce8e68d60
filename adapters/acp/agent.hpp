// acp/agent.hpp -- `acdc acp`: an ACP agent (agentclientprotocol.com,
// protocol v1) over one stdio connection. Each request becomes calls on the
// plugins through the Engine; the methods:
//
//   initialize          version 1, capabilities: loadSession, images and embedded context in prompts
//   session/new         cwd = the repository (the plugins load for the first one);
//                       a new acdc history session, the one the browser shows
//   session/load        that session made current, its history replayed as session/update
//   session/list        acdc's history sessions of this repository, newest first, 50 a page
//   session/prompt      one chat turn (prompt_turn.hpp), or one of acdc's slash
//                       commands (slash_commands.hpp), announced when a session opens
//   session/cancel      stops it; its answer says "cancelled"
//   session/set_mode    code or doc (LLMService.switch_mode)
//   session/set_config_option  "agent": ask or agent (LLMService.set_agent_mode),
//                       offered as configOptions by session/new and session/load;
//                       a new session starts in Agent mode (an editor's agent acts)
//
//   Agent agent({.conn = conn, .engine = engine, .settings = s, .version = "0.9",
//                .load_plugins = [&](const fs::path& root) { ...; engine.attach(hub, ex); }});
//   util::read_fd_lines(0, kMaxLine, [&](std::string_view line) { agent.handle(parse_incoming(line)); }, ...);
//   agent.close();
//
// handle() runs on the reader's thread and never blocks: what waits on the
// plugins runs on the agent's worker, so responses to the agent's own
// requests (fs/*, permission) and session/cancel are read meanwhile.
#pragma once

#include "acp/connection.hpp"
#include "acp/engine.hpp"
#include "acp/prompt_turn.hpp"
#include "acp/settings.hpp"
#include "acp/slash_commands.hpp"
#include "acp/wire.hpp"

#include <acdc/sdk/worker_thread.hpp>

#include <atomic>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace acdc::adapters::acp {

inline constexpr int kProtocolVersion = 1;

class Agent {
 public:
  struct Options {
    Connection& conn;
    Engine& engine;
    AcpSettings settings;
    std::string version;
    std::filesystem::path repo;  // --repo; empty: the first session's cwd
    // Loads the plugins for `root` and attaches the engine (or gives up);
    // called once, on the agent's worker.
    std::function<void(const std::filesystem::path& root)> load_plugins;
  };

  explicit Agent(Options options) : o_(std::move(options)) {}

  void handle(const Incoming& in);
  // stdin ended (the editor is gone): a running turn is cancelled, so its
  // history is written; returns once queued work is done.
  void close();

 private:
  void initialize(const Incoming& in);
  void cancel(const Incoming& in);
  void new_session(const Incoming& in);
  void load_session(const Incoming& in);
  void resume_session(const Incoming& in);
  void close_session(const Incoming& in);
  // session/load (replay: the history as updates) and session/resume.
  void open_session(const Incoming& in, const char* method, bool replay);
  void prompt(const Incoming& in);
  void set_mode(const Incoming& in);
  void set_config_option(const Incoming& in);
  void list_sessions(const Incoming& in);
  // A prompt that is a slash command: done here, told as an agent_message_chunk.
  void run_slash(const Incoming& in, const std::string& session_id, const SlashCommand& command);
  std::string slash_agent(const std::string& session_id, const std::string& input);
  std::string slash_mode(const std::string& session_id, const std::string& input);
  std::string slash_undo();
  // Runs `work` on the worker; an acdc::Error it throws is the answer.
  void on_worker(const Incoming& in, std::function<void()> work);
  // The session's cwd checked against the repository (loading the plugins
  // for the first); returns the repository.
  std::filesystem::path open_repository(const rapidjson::Value* params, const char* method);
  std::string modes_json();
  struct AgentSwitch {
    bool on = false;
    bool available = true;
    std::string reason;  // why Agent is unavailable
  };
  AgentSwitch agent_switch();  // LLMService.get_agent_mode: the current session's switch
  // The session's configOptions: Ask or Agent (its current value from LLMService.get_agent_mode).
  std::string config_options_json();
  // Agent (on) or Ask for the current session; returns the configOptions
  // after it. Throws acdc::Error (failed precondition, with the reason) when
  // Agent is asked of a model that calls no tools: then nothing changed.
  std::string switch_agent(bool on);
  // The editor's session made acdc's current one (the browser may have switched since).
  void make_current(const std::string& session_id);
  void remember_session(const std::string& session_id);
  std::shared_ptr<std::atomic<bool>> session_state(const std::string& session_id);

  Options o_;
  std::mutex mu_;
  bool editor_reads_ = false;
  bool editor_terminal_ = false;  // clientCapabilities.terminal: the model's commands run there
  bool editor_writes_ = false;
  std::filesystem::path root_;  // [worker] once the plugins were asked to load
  std::map<std::string, std::shared_ptr<std::atomic<bool>>> sessions_;  // id -> its "allow always"
  std::shared_ptr<PromptTurn> running_;
  std::string running_session_;
  uint64_t next_request_ = 1;
  acdc::WorkerThread worker_{"acp"};  // last: destroyed first, while what its tasks use lives
};

}  // namespace acdc::adapters::acp
