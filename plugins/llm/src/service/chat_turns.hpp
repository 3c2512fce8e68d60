// service/chat_turns.hpp -- the streaming chat turn (acdc-features.md §4.2)
// and the file selection it reads: chat_streaming, cancel_streaming,
// set_selected_files, and the compaction that may follow a turn (§4.11).
//
//   turns.start(call, "r1", "fix it", images, excluded_urls, "high");   // {"status":"started"}
//     ... AcApp.streamChunk(r1, text) ... AcApp.streamComplete(r1, result)
//   turns.cancel("r1");
//
// One stream at a time (WorkState says which); a turn starts after every
// selection change sent before it, because both go through the selection
// worker in arrival order. Everything that waits on Repo.* or the provider
// runs on this class's workers.
#pragma once

#include "agent/agent_modes.hpp"
#include "chat/chat_turn.hpp"
#include "clients/repo_client.hpp"
#include "clients/symbol_map_client.hpp"
#include "history/chat_session.hpp"
#include "service/chat_modes.hpp"
#include "service/plugin_config.hpp"
#include "service/review_service.hpp"
#include "service/url_service.hpp"
#include "service/work_state.hpp"

#include <acdc/sdk.hpp>
#include <acdc/sdk/worker_thread.hpp>

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::llm {

class ChatTurns {
 public:
  // What a turn reads and writes besides its own state.
  struct Parts {
    acdc::Host& host;
    const PluginConfig& config;
    WorkState& work;
    RepoClient& repo;
    SymbolMapClient& symbols;
    ChatSession& session;
    ChatModes& modes;
    const TokenCounter& count;
    UrlService& urls;
    ReviewService& review;
    const TurnSnapshots& snapshots;
    CacheWarmer& warmer;
    AgentModes& agent;
  };
  // Published after a turn: a generation that replaced this one during the
  // turn re-reads the history the turn wrote (LLMService::on_event).
  static constexpr std::string_view kHistoryChanged = "llm.history.changed";

  explicit ChatTurns(Parts parts) : p_(parts) {}

  void set_ready() { ready_ = true; }  // the last session is restored
  bool ready() const { return ready_; }

  // `options`: an adapter's additions to this turn (chat/turn_options.hpp).
  void start(acdc::Call call, std::string request_id, std::string message, std::vector<std::string> images,
             std::vector<std::string> excluded_urls, std::string reasoning_effort, TurnOptions options = {});
  std::map<std::string, std::string> cancel(const std::string& request_id);
  void set_selected_files(acdc::Call call, std::vector<std::string> files);
  // The add_to_context tool: the files the repo plugin serves join the
  // selection (from the next turn on); answers a CallToolResult.
  void add_to_context(acdc::Call call, std::vector<std::string> paths);

 private:
  void run(TurnRequest request, std::shared_ptr<CancelFlag> cancel);
  TurnDeps deps(Provider& provider, const ProviderConfig& pc, const CancelFlag& cancel);
  // Agent or Ask for `request` (its own choice, else the session's); in
  // Agent mode the tools and limits go into `deps`. Returns why Agent mode
  // cannot run when the turn is refused for it: the session's switch showed
  // Agent for a model its server has just said calls no tools
  // (`switch_knew`: the switch already showed why Agent mode was off).
  std::optional<std::string> choose_mode(const TurnRequest& request, const ProviderConfig& pc, TurnDeps& deps,
                                         AgentTools& tools, bool switch_knew);
  // A small window: the map's budget, the system prompt and the tools
  // shrunk so the prompt's fixed parts take at most a quarter of it
  // (context/window_fit.hpp), each change logged.
  void fit_to_window(const std::string& request_id, TurnDeps& deps, AgentTools& tools) const;
  // A cold load takes from seconds to minutes: a model Ollama does not have
  // in memory gets compactionEvent {"stage": "loading_model"} before the turn
  // starts, so the wait is said, not silent.
  void say_if_loading(const ProviderConfig& pc, const std::string& request_id) const;
  // Whether the plugin serving run_command sandboxes it (its Class.status),
  // and whether each command must ask: a sandbox wanted and not possible
  // here, or no answer.
  void read_command_sandbox(const AgentTool& run_command, TurnDeps& deps) const;
  // After a successful turn, on the chat worker (so the next turn sees the
  // result): compacts the history when it passed the trigger (§4.11).
  void compact_if_needed(const std::string& request_id);

  Parts p_;
  std::atomic<bool> ready_{false};
  ToolGrants grants_;  // the user's "always allow" answers, for this acdc session
  // Declared last: destroyed first, so queued work finishes while the
  // members it uses are still alive.
  acdc::WorkerThread chat_worker_{"llm"};
  // set_selected_files, then the start of each turn, in arrival order. Last:
  // its queued turn starts still reach a live chat_worker_.
  acdc::WorkerThread selection_worker_{"llm"};
};

}  // namespace acdc::llm
