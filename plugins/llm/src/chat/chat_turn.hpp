// chat/chat_turn.hpp -- one LLMService.chat_streaming request, run on the
// plugin's chat worker thread after {status:"started"} went back
// (acdc-features.md §4.2, seed 002 "Request Flow"):
//
//   file context sync (binary / missing files refused and reported) ->
//   re-index of changed files and the mode's map (symbol map or doc
//   outlines; with cross-reference both) without the selected files
//   (SymbolIndex.*, when that plugin is loaded) ->
//   the message's first three new URLs fetched and summarised, with
//   compactionEvent url_fetch / url_ready (UrlFetch.* when loaded; §4.2 step 5) ->
//   pasted images stored (bad ones refused and logged) ->
//   content checked against the model's context window, then placed in
//   cache tiers (context engine, §4.7) -> user message persisted ->
//   prompt assembly (§4.6) -> provider stream -> coalesced
//   AcApp.streamChunk (and AcApp.streamThinking while the model reasons)
//   to the caller -> edit parsing and application
//   through Repo.* -> assistant message persisted ->
//   AcApp.streamComplete(request_id, result) -> filesChanged / filesModified
//   -> (on success) session totals, terminal HUD
//
// In Agent mode the provider stream is a loop of steps (agent/agent_loop.hpp,
// chat/agent_turn.cpp): each step's edits are applied as it ends, its tool
// calls run through the host (AcApp.agentStep), and each finished step is
// in history before the next begins.
//
// ChatTurns::run (service/chat_turns.cpp) makes a ChatTurn from its TurnDeps
// and the TurnRequest, calls run(clear_active_stream), which blocks and
// never throws, then checks compaction and sends AcApp.postResponseComplete.
#pragma once

#include "agent/agent_loop.hpp"
#include "agent/checks.hpp"
#include "agent/tool_consent.hpp"
#include "chat/chunk_coalescer.hpp"
#include "chat/turn_options.hpp"
#include "chat/turn_outcome.hpp"
#include "context/context_engine.hpp"
#include "prompt/prompt_input.hpp"
#include "prompt/prompt_store.hpp"
#include "provider/provider.hpp"
#include "history/chat_session.hpp"
#include "context/model_limits.hpp"
#include "context/model_prices.hpp"
#include "history/turn_snapshots.hpp"
#include "clients/repo_client.hpp"
#include "clients/symbol_map_client.hpp"
#include "edit/caller_files.hpp"
#include "edit/recording_files.hpp"

#include <acdc/sdk.hpp>

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace acdc::llm {

struct TurnDeps {
  const acdc::Host& host;
  RepoClient& repo;
  const SymbolMapClient& symbols;
  ChatSession& session;
  ContextEngine& engine;
  std::filesystem::path repo_root;
  PromptStore prompts;
  Provider& provider;
  std::string provider_name;  // llm.yaml's provider:, for error_info
  std::string model;
  int max_tokens = 4096;
  ModelLimits limits;
  std::optional<Prices> prices;  // the model's; none: the turn's cost is unknown
  // Where applied edits are kept for undo (null: they are not).
  const TurnSnapshots* snapshots = nullptr;
  long map_budget_tokens = 0;  // the symbol map's share of the window (context/map_budget.hpp)
  // A small window's compact system prompt instead of the mode's (context/window_fit.hpp).
  bool compact_system = false;
  TokenCounter count_tokens;
  const CancelFlag& cancel;
  std::chrono::milliseconds frame_interval{25};
  // §4.12: the mode picks the map, the system prompt (and, in the caller,
  // `engine`); cross-reference adds the other mode's map.
  ChatMode mode = ChatMode::code;
  bool cross_reference = false;
  // Review mode (§4.13) when set: the review prompt, this context in the
  // prompt, and edit blocks parsed but never applied.
  std::string review_context;
  // §4.2 step 5: the URL parts of the prompt (request id, message, excluded URLs).
  std::function<std::vector<std::string>(const std::string&, const std::string&, const std::vector<std::string>&)>
      url_context;
  // An Agent turn (agent/agent_loop.hpp) when set and not empty: the tools
  // the model may call, and the turn's limits.
  const AgentTools* agent_tools = nullptr;
  AgentLimits agent_limits;
  ToolPermissions agent_permissions;  // app.yaml permissions:
  ToolGrants* tool_grants = nullptr;  // the session's "always allow" answers
  // Exec.status: whether the model's commands run sandboxed, and whether each
  // must ask because the sandbox app.yaml wants cannot be made here.
  bool commands_sandboxed = true;
  bool commands_ask_always = false;
  CheckSettings checks;               // lint and tests after the turn's edits (agent/checks.hpp)
};

struct TurnRequest {
  std::string request_id;
  std::string message;
  std::vector<std::string> images;
  std::vector<std::string> excluded_urls;  // URLs the user unticked for this turn
  std::string reasoning_effort;            // "" for none (chat/reasoning_choice.hpp)
  TurnOptions options;                     // an adapter's context and file access (turn_options.hpp)
  acdc_client caller = ACDC_CLIENT_NONE;   // who asked: where caller_reads / caller_writes go
};

class ChatTurn {
 public:
  ChatTurn(TurnDeps deps, TurnRequest request);

  // Runs the whole turn. `on_complete` runs just before streamComplete is
  // sent (§4.2 step 13 moved ahead of step 12), so a client that sends again
  // on it is not refused.
  void run(const std::function<void()>& on_complete);

  const TurnOutcome& outcome() const { return out_; }
  // The request as it was sent to the provider ("" before it was): what the
  // cache warmer re-reads.
  const std::string& sent_messages() const { return sent_; }
  // Its tool list as sent ("" in Ask mode): the cache warmer sends it too.
  std::string sent_tools() const { return agent() ? d_.agent_tools->provider_json() : std::string(); }
  // The text streamed so far (for get_current_state while it runs).
  std::string partial_text() const;

 private:
  std::vector<FileEntry> sync_file_context();
  // The request's own context items (TurnOptions::context) into `files`.
  void add_turn_context(std::vector<FileEntry>& files);
  // A selected file that exists but could not be read: it stays selected,
  // and the log and the clients hear why it is not in this request.
  void report_unreadable(const std::string& path, const std::string& why);
  SavedImages save_images();
  // The content sorted into tiers; nullopt (and out_.error) when it cannot
  // fit the model's context window with room for the answer.
  std::optional<PromptInput> place(const std::vector<FileEntry>& files, const std::vector<ChatMessage>& history);
  // The map's blocks cut until it fits both its budget and what the
  // window has left after what the user chose (`chosen` tokens).
  void fit_map_to(TurnContent& content, const Placement& preview, std::size_t chosen, long room);
  void seed_tiers();
  void stream(const std::string& messages_json);
  void apply_edits();
  // An Ask turn's edits to files outside its context (chat/unread_edits.cpp):
  // the files that exist and are edited, not created, by a finished block;
  // then the user's answer, asked once, whether to add them and apply.
  std::vector<std::string> unread_edited_files() const;
  void add_unread_for_edits();
  // Agent turns (chat/agent_turn.cpp): the steps' loop, each step's edits
  // applied as it ends (failures are returned for the model), and each
  // finished request's record in history.
  bool agent() const { return d_.agent_tools && !d_.agent_tools->empty(); }
  // Ollama's count of the prompt it read, against what `request` sent: a
  // cut is said to the user (out_.prompt_truncated) and logged.
  void note_truncation(const ChatRequest& request, const ChatResult& r);
  ChatResult run_agent(const ChatRequest& first, const StreamCallbacks& callbacks);
  std::string apply_step_edits(const std::string& step_text);
  // Asks the turn's client to allow a tool call (agent/tool_consent.hpp's Ask).
  std::string ask_caller(const std::string& ask);
  // The checks, when edits they have not seen were applied; steps into
  // `steps` and into the next history record. What the model is told of a
  // failure, or "".
  std::string run_checks(int step, std::vector<AgentStep>& steps);
  void save_undo();
  void persist_request(const ChatResult& r, const std::vector<AgentStep>& steps);
  void persist_answer();
  void notify_after_complete();
  void print_hud(const SessionTotals& totals) const;
  void broadcast_selection() const;

  TurnDeps d_;
  TurnRequest req_;
  TurnOutcome out_;
  std::string sent_;
  // The selection this turn was sent with (§4.3 step 2): a selected file that
  // could not be loaded (binary, too large) is still in it, so an edit to it
  // is refused for what it is, not called out of context.
  std::set<std::string> in_context_;
  SymbolMap map_;
  std::vector<std::string> url_parts_;
  std::optional<SymbolMap> other_map_;  // cross-reference only
  Placement placement_;
  std::shared_ptr<ChunkCoalescer> coalescer_;
  // The model's thinking, as AcApp.streamThinking frames (webapp/README.md).
  std::shared_ptr<ChunkCoalescer> thinking_;
  // What an Agent turn's edits went through, kept across its steps (undo
  // restores every file any step changed), and the files it read whole.
  std::unique_ptr<CallerFiles> caller_files_;
  std::unique_ptr<RecordingFiles> recording_;
  std::vector<std::string> read_whole_;
  std::vector<std::string> added_for_edits_;  // an Ask turn's files the user let its edits add
  std::string last_request_text_;  // the last request's own text: the answer's history record
  std::vector<AgentStep> unrecorded_checks_;  // checks run since the last history record
  int checked_edits_ = 0;                     // applied edits the checks last ran after
  int fix_rounds_ = 0;                        // failures given back to the model
};

}  // namespace acdc::llm
