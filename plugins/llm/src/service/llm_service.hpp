// service/llm_service.hpp -- the LLMService class the browser calls
// (acdc-features.md §4.1), a facade: each method is one concern's, and the
// concerns are classes with their own state and lock beside this file:
//
//   chat turns and the selection   ChatTurns       (chat_turns.hpp)
//   what may start while what runs WorkState       (work_state.hpp)
//   sessions and history           ChatSession, HistoryBrowser, and here
//   the context breakdown          context_breakdown.hpp, gathered here
//   modes, review                  ChatModes, ReviewService
//   URLs, the symbol map           UrlService, SymbolService
//   git events, undo of an answer  GitEvents, EditUndo
//   the adapters' completion       ConverseService
//   configuration                  PluginConfig
//
//   LLMService.chat_streaming(id, "fix it", [], ["data:image/png;base64,..."]) -> {"status":"started"}
//     ... AcApp.streamChunk(id, text) ... AcApp.streamComplete(id, result)
//
// Threads: RPC methods run on the host's threads and only take short locks;
// everything that waits on Repo.* or the provider runs on a concern's own
// worker thread.
#pragma once

#include "clients/repo_client.hpp"
#include "clients/symbol_map_client.hpp"
#include "history/chat_session.hpp"
#include "history/history_store.hpp"
#include "history/image_store.hpp"
#include "service/chat_modes.hpp"
#include "service/chat_turns.hpp"
#include "service/converse_service.hpp"
#include "service/edit_service.hpp"
#include "service/edit_undo.hpp"
#include "service/git_events.hpp"
#include "service/history_browser.hpp"
#include "service/local_model.hpp"
#include "service/plugin_config.hpp"
#include "service/review_service.hpp"
#include "service/symbol_service.hpp"
#include "service/url_service.hpp"
#include "service/work_state.hpp"

#include <acdc/sdk.hpp>
#include <acdc/sdk/worker_thread.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

class LLMService {
 public:
  explicit LLMService(acdc::Context& ctx);
  ~LLMService();

  void start();
  void on_event(std::string_view topic, std::string_view json);

  // The reference webapp's whole argument list: excluded_urls leaves fetched
  // URLs out of this turn, agent_tag is accepted and not used, reasoning
  // (bool or {effort}) and effort choose the turn's reasoning (reasoning_effort_of).
  // `files` is ignored: the selection set through set_selected_files rules (§4.1).
  // `options`, last, is a protocol adapter's (chat/turn_options.hpp): this
  // turn's own context files, and edits read/written through the caller.
  void chat_streaming(acdc::Call call, std::string request_id, std::string message,
                      std::optional<acdc::Json> files, std::optional<std::vector<std::string>> images,
                      std::optional<std::vector<std::string>> excluded_urls, std::optional<std::string> agent_tag,
                      std::optional<acdc::Json> reasoning, std::optional<std::string> effort,
                      std::optional<acdc::Json> options);
  std::map<std::string, std::string> cancel_streaming(std::string request_id) { return turns_.cancel(request_id); }

  acdc::RawJson get_current_state();
  void set_selected_files(acdc::Call call, std::vector<std::string> files) {
    turns_.set_selected_files(call, std::move(files));
  }
  std::vector<std::string> get_selected_files() { return session_.selected(); }

  std::map<std::string, std::string> new_session();
  acdc::RawJson load_session_into_context(std::string session_id);
  acdc::RawJson history_list_sessions(std::optional<int> limit) { return history_.list_sessions(limit); }
  acdc::RawJson history_get_session(std::string session_id) { return history_.get_session(session_id); }
  acdc::RawJson history_search(std::string query, std::optional<std::string> role, std::optional<int> limit) {
    return history_.search(query, role, limit);
  }
  acdc::RawJson get_history_status();
  acdc::RawJson get_session_totals();

  void get_context_breakdown(acdc::Call call);
  // How the next turn's fixed parts fit the model's window
  // (service/window_fits.hpp): what a small window shrank, for the Settings tab.
  void get_window_fit(acdc::Call call);

  // The symbol map: the reference's names, answered by the symbol-index
  // plugin (symbol_service.hpp).
  void get_file_map_block(acdc::Call call, std::string path) { symbol_methods_.get_file_map_block(call, path); }
  void set_excluded_index_files(acdc::Call call, std::vector<std::string> files,
                                std::optional<bool> /*invalidate_l0: a no-op in the reference too*/) {
    symbol_methods_.set_excluded_files(call, std::move(files));
  }
  void get_excluded_index_files(acdc::Call call) { symbol_methods_.get_excluded_files(call); }
  // The tiers start afresh and are seeded again from the rebuilt index on the next turn.
  void rebuild_cache(acdc::Call call);
  void lsp_get_hover(acdc::Call call, std::string path, int line, int col) { symbol_methods_.hover(call, path, line, col); }
  void lsp_get_definition(acdc::Call call, std::string path, int line, int col) {
    symbol_methods_.definition(call, path, line, col);
  }
  void lsp_get_references(acdc::Call call, std::string path, int line, int col) {
    symbol_methods_.references(call, path, line, col);
  }
  void lsp_get_completions(acdc::Call call, std::string path, int line, int col, std::optional<std::string> prefix) {
    symbol_methods_.completions(call, path, line, col, std::move(prefix));
  }
  // URLs: the reference's names, answered by the url-fetch plugin;
  // summaries by the smaller model (url_service.hpp).
  void detect_urls(acdc::Call call, std::string text) { url_methods_.detect(call, std::move(text)); }
  void fetch_url(acdc::Call call, std::string url, std::optional<bool> use_cache, std::optional<bool> summarize,
                 std::optional<std::string> user_text) {
    url_methods_.fetch(call, std::move(url), use_cache, summarize, std::move(user_text));
  }
  void detect_and_fetch(acdc::Call call, std::string text, std::optional<bool> use_cache, std::optional<bool> summarize) {
    url_methods_.detect_and_fetch(call, std::move(text), use_cache, summarize);
  }
  void get_url_content(acdc::Call call, std::string url) { url_methods_.get_content(call, std::move(url)); }
  void invalidate_url_cache(acdc::Call call, std::string url) { url_methods_.invalidate(call, std::move(url)); }
  void remove_fetched_url(acdc::Call call, std::string url) { url_methods_.remove(call, std::move(url)); }
  void clear_url_cache(acdc::Call call) { url_methods_.clear_cache(call); }
  // The chat mode's snippets, from the settings plugin (their one owner);
  // [] in a build without it.
  void get_snippets(acdc::Call call);

  // Modes and cross-reference (llm_service_modes.cpp, §4.12), and the
  // viewer's navigation.
  void get_mode(acdc::Call call);
  // Ask or Agent for the current session (agent/agent_modes.hpp):
  // {"agent": bool, "available": bool, "reason": "..."}; a change goes to
  // every client as AcApp.agentModeChanged(the same object).
  acdc::RawJson get_agent_mode();
  // A tool for models (agent/agent_modes.cpp's neighbour, llm_service_modes.cpp):
  // {"paths": [...]} join the selection, from the next message on.
  void add_to_context(acdc::Call call, std::optional<acdc::Json> args);
  acdc::RawJson set_agent_mode(bool enabled);
  std::map<std::string, std::string> switch_mode(std::string mode);
  acdc::RawJson set_cross_reference(bool enabled);
  std::map<std::string, std::string> navigate_file(std::string path);

  // Commit and reset with a system event the model sees (git_events.hpp).
  // generate_commit_message(true) stages everything first, as commit_all
  // does, so the webapp can show the message for editing; commit_all(message)
  // commits with the user's message instead of writing one.
  void generate_commit_message(acdc::Call call, std::optional<bool> stage_all) {
    git_.generate_commit_message(call, stage_all);
  }
  std::map<std::string, std::string> commit_all(std::optional<std::string> message) {
    return git_.commit_all(std::move(message));
  }
  void reset_to_head(acdc::Call call) { git_.reset_to_head(call); }

  // Review mode (review_service.hpp).
  void check_review_ready(acdc::Call call) { review_.check_ready(call); }
  void get_commit_graph(acdc::Call call, std::optional<int> limit, std::optional<int> offset,
                        std::optional<bool> include_remote) {
    review_.commit_graph(call, limit, offset, include_remote);
  }
  void start_review(acdc::Call call, std::string branch, std::optional<std::string> base_commit) {
    review_.start(call, std::move(branch), std::move(base_commit));
  }
  void end_review(acdc::Call call) { review_.end(call); }

  // The cache warmer (cache_warmer.hpp).
  acdc::RawJson get_cache_warmer_status() { return acdc::RawJson{warmer_.status_json()}; }
  // `why`: what the user did ("you started typing"), said in cacheWarmupCancelled.
  std::map<std::string, std::string> cancel_cache_warmup(std::optional<std::string> why) {
    warmer_.cancel(why && !why->empty() ? *why : "cancelled by the user");
    return {{"status", "cancelled"}};
  }

  // A local model for a user with no key (local_model.hpp).
  void local_model_offer(acdc::Call call);
  void use_local_model(acdc::Call call, std::string model) { local_.use(call, std::move(model)); }

  // An answer's applied edits taken back (edit_undo.hpp).
  void undo_turn(acdc::Call call, std::string turn_id) { undo_.undo_turn(call, std::move(turn_id)); }
  // A caller's own edits through acdc's edit engine (edit_service.hpp).
  void apply_edits(acdc::Call call, std::optional<std::string> text,
                   std::optional<std::vector<EditService::Pair>> pairs, std::optional<bool> dry_run) {
    edits_.apply(call, std::move(text), std::move(pairs), dry_run.value_or(false));
  }
  acdc::RawJson get_review_state() { return review_.state(); }
  void get_review_file_diff(acdc::Call call, std::string path) { review_.file_diff(call, std::move(path)); }

  // The protocol adapters' completion (converse_service.hpp).
  void converse(acdc::Call call, std::string request_id, acdc::Json request) {
    converse_.start(call, std::move(request_id), std::move(request));
  }
  std::map<std::string, std::string> cancel_converse(std::string request_id) { return converse_.cancel(request_id); }
  std::vector<long> count_tokens(std::vector<std::string> texts) { return converse_.count_tokens(texts); }

 private:
  void reload_history(std::string_view json);
  std::string context_breakdown();
  // Sends AcApp.sessionChanged({session_id, messages}) to every client;
  // returns that object's JSON text.
  std::string broadcast_session() const;
  // {"agent","available","reason"} of the current session.
  std::string agent_mode_json() const;
  // AcApp.modeChanged({mode, cross_ref_enabled}) to every client.
  void broadcast_mode() const;

  acdc::Host& host_;
  PluginConfig config_;
  WorkState work_;
  RepoClient repo_;
  SymbolMapClient symbols_;
  SymbolService symbol_methods_;
  const std::filesystem::path state_dir_;  // <repo>/.acdc: history, images, snippets.yaml
  HistoryStore store_;
  ImageStore images_;
  ChatSession session_;
  TurnSnapshots snapshots_;  // <state>/undo: applied edits' earlier text
  AgentModes agent_modes_;   // <state>/agent-mode.json: which sessions are in Agent mode
  CacheWarmer warmer_;       // its thread uses the host and the session
  HistoryBrowser history_;
  TokenCounter count_tokens_;
  ChatModes modes_;  // code or doc, cross-reference, each mode's tiers (§4.12)
  // Declared last: destroyed first, so queued work finishes while the
  // members it uses are still alive.
  UrlService url_methods_;
  ConverseService converse_;
  GitEvents git_;
  EditUndo undo_;
  EditService edits_;
  LocalModel local_;
  ReviewService review_;
  ChatTurns turns_;                       // uses the review and the URLs: after them
  acdc::WorkerThread aux_worker_{"llm"};  // the context breakdown, which waits on Repo.*
};

}  // namespace acdc::llm
