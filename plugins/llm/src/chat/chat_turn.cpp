#include "chat/chat_turn.hpp"

#include "chat/oversize_message.hpp"
#include "chat/terminal_hud.hpp"

#include "context/map_budget.hpp"
#include "context/served_window.hpp"
#include "edit/caller_files.hpp"
#include "edit/edit_applier.hpp"
#include "edit/edit_parser.hpp"
#include "edit/line_ends.hpp"
#include "edit/recording_files.hpp"
#include "edit/shell_commands.hpp"
#include "prompt/prompt_assembler.hpp"

#include <algorithm>
#include <set>
#include <sstream>

namespace acdc::llm {
namespace {

std::string object_json(std::initializer_list<std::pair<const char*, std::string>> string_fields,
                        const char* list_key = nullptr, const std::vector<std::string>* list = nullptr) {
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  for (const auto& [k, v] : string_fields) {
    w.Key(k);
    acdc::to_json(w, v);
  }
  if (list_key) {
    w.Key(list_key);
    acdc::to_json(w, *list);
  }
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::string retry_info(const RetryNotice& n) {
  std::ostringstream s;
  s << R"({"attempt":)" << n.attempt << R"(,"max_attempts":)" << n.max_attempts
    << R"(,"wait_seconds":)" << n.wait_seconds << R"(,"error_type":")" << error_type_name(n.error.kind)
    << R"(","message":)" << acdc::to_json_text(n.error.message) << "}";
  return s.str();
}

}  // namespace

ChatTurn::ChatTurn(TurnDeps deps, TurnRequest request) : d_(std::move(deps)), req_(std::move(request)) {
  const acdc::Host& host = d_.host;
  std::string args_prefix = "[" + acdc::to_json_text(req_.request_id) + ",";
  // To every client, as all AcApp.* calls go (jrpc-oo's call[...]): a tab
  // that reconnected mid-answer, or another tab, follows it live too.
  auto frames_to = [&](const char* method) {
    return ChunkCoalescer::create(
        [&host, args_prefix, method](const std::string& text) {
          host.notify(ACDC_CLIENT_ALL, method, args_prefix + acdc::to_json_text(text) + "]");
        },
        [&host](std::function<void()> task, std::chrono::milliseconds delay) {
          host.post(std::move(task), static_cast<uint32_t>(delay.count()));
        },
        d_.frame_interval);
  };
  coalescer_ = frames_to("AcApp.streamChunk");
  thinking_ = frames_to("AcApp.streamThinking");
}

std::string ChatTurn::partial_text() const { return coalescer_->text(); }

void ChatTurn::run(const std::function<void()>& on_complete) {
  out_.turn_id = new_turn_id();
  out_.user_message = req_.message;
  out_.model = d_.model;
  out_.provider = d_.provider_name;
  try {
    std::vector<FileEntry> files = sync_file_context();
    const std::vector<ChatMessage> history = d_.session.prompt_history();
    const MapFocus focus{.budget_tokens = d_.map_budget_tokens,
                         .message = req_.message,
                         .history = recent_history_text(history)};
    map_ = d_.symbols.for_turn(d_.session.selected(), d_.mode, &focus);
    if (d_.cross_reference) other_map_ = d_.symbols.current(d_.session.selected(), other_mode(d_.mode), &focus);
    seed_tiers();
    // §4.2 step 5, before placement so the window check counts the URLs too.
    if (d_.url_context) url_parts_ = d_.url_context(req_.request_id, req_.message, req_.excluded_urls);
    if (std::optional<PromptInput> in = place(files, history)) {
      SavedImages images = save_images();
      in->images = req_.images;
      d_.session.add("user", req_.message,
                     {.files = d_.session.selected(), .turn_id = out_.turn_id, .images = images.uris, .image_refs = images.names});
      d_.host.notify(ACDC_CLIENT_ALL, "AcApp.userMessage", "[" + object_json({{"content", req_.message}}) + "]");
      stream(PromptAssembler(d_.count_tokens).assemble(*in));
      out_.shell_commands = detect_shell_commands(out_.response);
      if (!agent()) out_.blocks = EditParser::parse(out_.response);  // an Agent turn's, step by step
      if (!agent() && !out_.error && !out_.cancelled && !out_.blocks.empty()) {
        if (d_.review_context.empty()) apply_edits();
        else out_.edits_not_applied = "Review mode: edits are not applied. End the review to make changes.";
      }
      if (!agent()) run_checks(0, out_.steps);  // an Agent turn's ran in its loop
      persist_answer();
    }
  } catch (const std::exception& e) {
    out_.error = ProviderError{ErrorKind::llm_error, e.what()};
  }
  // The turn is over, and counted in the session's totals, before anyone
  // hears of it: a client that sends again on streamComplete must not be
  // told another stream is active, and one that asks for the totals then
  // (the Context tab, ACP's usage_update) must find this turn in them.
  // What follows runs on the chat worker, which a next turn waits for.
  on_complete();
  std::optional<SessionTotals> totals;
  if (!out_.error && !out_.cancelled) totals = d_.session.record_usage(out_.usage);
  d_.host.notify(ACDC_CLIENT_ALL, "AcApp.streamComplete", "[" + acdc::to_json_text(req_.request_id) + "," + out_.to_json() + "]");
  notify_after_complete();
  if (totals) print_hud(*totals);
}

std::vector<FileEntry> ChatTurn::sync_file_context() {
  std::vector<FileEntry> files;
  const std::vector<std::string> selected = d_.session.selected();
  for (const auto& path : selected) {
    try {
      files.push_back(FileEntry{path, d_.repo.read_for_prompt(path)});
    } catch (const FileAccessError& e) {
      // Gone, binary (Repo's message says), or there but not readable now
      // (too large, no permission, Repo busy). Only a file that is gone
      // leaves the selection.
      const std::string why = e.what();
      if (e.status() == ACDC_E_NOT_FOUND) out_.invalid_files.push_back(path);
      else if (why.find("Binary") != std::string::npos) out_.binary_files.push_back(path);
      else report_unreadable(path, why);
    }
  }
  in_context_.insert(selected.begin(), selected.end());
  for (const auto& gone : out_.invalid_files) in_context_.erase(gone);
  add_turn_context(files);
  if (!out_.invalid_files.empty()) {
    d_.session.remove_selected(out_.invalid_files);
    broadcast_selection();
    d_.host.notify(ACDC_CLIENT_ALL, "AcApp.binaryFilesSkipped",
                   "[" + object_json({{"kind", "deleted"}}, "paths", &out_.invalid_files) + "]");
  }
  if (!out_.binary_files.empty())
    d_.host.notify(ACDC_CLIENT_ALL, "AcApp.binaryFilesSkipped",
                   "[" + object_json({{"kind", "binary"}}, "paths", &out_.binary_files) + "]");
  return files;
}

// Counted and placed as selected files are; the selection is left alone.
void ChatTurn::add_turn_context(std::vector<FileEntry>& files) {
  for (const ContextItem& item : req_.options.context) {
    auto same = std::find_if(files.begin(), files.end(), [&item](const FileEntry& f) { return f.path == item.path; });
    std::string text;
    if (item.text) {
      text = to_lf(*item.text);  // the caller's text is newer than the disk's (an unsaved buffer)
    } else if (same != files.end()) {
      continue;  // selected, and read above
    } else {
      try {
        text = d_.repo.read_for_prompt(item.path);
      } catch (const FileAccessError& e) {
        report_unreadable(item.path, e.what());
        continue;
      }
    }
    if (same != files.end()) same->content = std::move(text);
    else files.push_back(FileEntry{item.path, std::move(text)});
    in_context_.insert(item.path);
  }
}

void ChatTurn::report_unreadable(const std::string& path, const std::string& why) {
  d_.host.log(ACDC_LOG_WARN, "request " + req_.request_id + ": " + path + " left out of the context: " + why);
  const std::vector<std::string> paths{path};
  d_.host.notify(ACDC_CLIENT_ALL, "AcApp.binaryFilesSkipped",
                 "[" + object_json({{"kind", "unreadable"}, {"reason", why}}, "paths", &paths) + "]");
}

SavedImages ChatTurn::save_images() {
  // A bad image is dropped from the turn, never the message: the rest is
  // stored and sent, and the log and the user hear which image was refused and why.
  SavedImages saved = d_.session.images().save_all(req_.images);
  for (const auto& why : saved.refused) d_.host.log(ACDC_LOG_WARN, "request " + req_.request_id + ": " + why);
  out_.refused_images = saved.refused;
  req_.images = saved.uris;
  return saved;
}

// The reference graph ranks code files: it seeds code mode's tiers only,
// with the map's stable core (the focus changes turn by turn).
void ChatTurn::seed_tiers() {
  if (d_.mode != ChatMode::code || !map_.available() || !d_.engine.needs_seed()) return;
  std::optional<ReferenceGraph> graph = d_.symbols.reference_graph();
  if (!graph) return;
  std::set<std::string> core;
  for (const auto& b : map_.blocks)
    if (b.core()) core.insert(b.path);
  auto outside_core = [&core](const std::string& path) { return !core.contains(path); };
  if (map_.figures && !map_.figures->complete) {
    std::erase_if(graph->by_references, outside_core);
    for (auto& component : graph->components) std::erase_if(component, outside_core);
    std::erase_if(graph->components, [](const auto& c) { return c.empty(); });
  }
  d_.engine.seed(graph->by_references, graph->components);
}

std::optional<PromptInput> ChatTurn::place(const std::vector<FileEntry>& files,
                                            const std::vector<ChatMessage>& history) {
  const bool reviewing = !d_.review_context.empty();
  TurnContent content{.system_prompt = reviewing                  ? d_.prompts.review_prompt()
                                       : d_.compact_system        ? d_.prompts.compact_system_prompt()
                                       : d_.mode == ChatMode::doc ? d_.prompts.doc_system_prompt()
                                                                  : d_.prompts.system_prompt(),
                      .files = files,
                      .history = history};
  add_maps(content, map_, other_map_ ? &*other_map_ : nullptr);
  const std::string user_prompt = req_.message + d_.prompts.system_reminder();
  // Measured before the tracker counts this turn: a refused request is no turn.
  PromptInput in;
  const Placement preview = d_.engine.preview(content, in);
  const std::size_t prompt_tokens = d_.count_tokens(user_prompt);
  std::size_t total = prompt_tokens + kImageTokens * req_.images.size();
  for (int t = 0; t < kTierCount; ++t) total += preview.tokens(static_cast<Tier>(t));
  std::size_t url_tokens = 0;
  for (const auto& part : url_parts_) url_tokens += d_.count_tokens(part);
  total += url_tokens;
  if (agent()) total += d_.count_tokens(d_.agent_tools->provider_json());  // sent with every step
  // The answer needs room too: max_tokens is reserved out of the window.
  const long room = d_.limits.context_window - d_.max_tokens;
  // The map gives way to what the user chose; only that can refuse a request.
  const std::size_t chosen = total - map_tokens(preview);
  if (static_cast<long>(chosen) <= room) {
    fit_map_to(content, preview, chosen, room);
    in = PromptInput{};
    const std::filesystem::path root = d_.repo_root;
    placement_ = d_.engine.place(content, in, [&root](const std::string& path) { return std::filesystem::exists(root / path); });
    in.user_prompt = user_prompt;
    in.review_context = d_.review_context;
    in.url_parts = url_parts_;
    in.min_cacheable_tokens = d_.limits.min_cacheable_tokens;
    if (agent()) in.max_cache_marks = 3;  // each step marks its own end (agent/agent_loop.hpp)
    return in;
  }
  out_.error = ProviderError{ErrorKind::context_window_exceeded,
                             oversize_message(preview, {.total = chosen,
                                                        .message_tokens = prompt_tokens,
                                                        .url_tokens = url_tokens,
                                                        .model = d_.model,
                                                        .context_window = d_.limits.context_window,
                                                        .max_tokens = d_.max_tokens})};
  return std::nullopt;
}

void ChatTurn::fit_map_to(TurnContent& content, const Placement& preview, std::size_t chosen, long room) {
  std::size_t map_room = static_cast<std::size_t>(room) - chosen;
  if (map_.figures) {
    const std::size_t legend = d_.count_tokens(content.map_header_and_legend);
    const auto budget = static_cast<std::size_t>(map_.figures->budget_tokens);
    if (budget > 0) map_room = std::min(map_room, budget > legend ? budget - legend : 0);
  }
  if (map_tokens(preview) <= map_room) return;
  const std::size_t dropped = fit_map(content, preview, map_room);
  d_.host.log(ACDC_LOG_INFO, "request " + req_.request_id + ": symbol map cut by " + with_thousands(static_cast<long>(dropped)) +
                                 " tokens to fit " + with_thousands(static_cast<long>(map_room)));
}

void ChatTurn::stream(const std::string& messages_json) {
  sent_ = messages_json;
  StreamCallbacks callbacks;
  callbacks.on_text = [this](std::string_view delta) { coalescer_->append(delta); };
  callbacks.on_retry = [this](const RetryNotice& n) {
    d_.host.notify(ACDC_CLIENT_ALL, "AcApp.streamRetry", "[" + acdc::to_json_text(req_.request_id) + "," + retry_info(n) + "]");
  };
  callbacks.on_reasoning = [this](std::string_view delta) { thinking_->append(delta); };
  const ChatRequest request{d_.model, messages_json, d_.max_tokens, req_.reasoning_effort};
  ChatResult r = agent() ? run_agent(request, callbacks) : d_.provider.stream(request, callbacks, d_.cancel);
  if (!agent()) note_truncation(request, r);
  out_.reasoning = thinking_->finish();
  out_.response = coalescer_->finish();
  out_.finish_reason = r.finish_reason;
  out_.usage = r.usage;
  // Anthropic and Bedrock bill thinking inside output_tokens without a
  // separate count: the thinking text's own count stands in for it.
  if (out_.usage.reasoning_tokens == 0 && !out_.reasoning.empty())
    out_.usage.reasoning_tokens = static_cast<long>(d_.count_tokens(out_.reasoning));
  if (!agent()) price_usage(out_.usage, d_.prices);  // an Agent turn's requests were priced one by one
  out_.cancelled = r.cancelled || d_.cancel.load();
  if (r.error && !out_.cancelled) out_.error = r.error;
  // §4.2 step 10 clears the content on an error; what arrived before a
  // stream broke is kept instead, marked, and never applied.
  out_.cut_off = out_.error && !trim(out_.response).empty();
  if (out_.error && !out_.cut_off) out_.response.clear();
}

void ChatTurn::note_truncation(const ChatRequest& request, const ChatResult& r) {
  if (d_.provider_name != "ollama" || !out_.prompt_truncated.empty()) return;
  std::string note = truncation_note(r.usage.input_tokens, d_.count_tokens(request.messages_json));
  if (note.empty()) return;
  d_.host.log(ACDC_LOG_WARN, "request " + req_.request_id + ": " + note);
  out_.prompt_truncated = std::move(note);
}

void ChatTurn::apply_edits() {
  CallerFiles through_caller(d_.host, req_.caller, d_.repo,
                             {.reads = req_.options.caller_reads, .writes = req_.options.caller_writes});
  const bool by_caller = req_.options.caller_reads || req_.options.caller_writes;
  RecordingFiles files(by_caller ? static_cast<FileAccess&>(through_caller) : d_.repo);
  add_unread_for_edits();
  out_.applied = EditApplier(files).apply(out_.blocks, in_context_);
  d_.repo.stage(out_.applied.files_modified);
  if (!d_.snapshots || files.changes().empty()) return;
  try {
    d_.snapshots->save(out_.turn_id, files.changes());
    out_.undoable = true;
  } catch (const std::exception& e) {
    d_.host.log(ACDC_LOG_WARN, "this answer's edits cannot be undone: keeping their files' earlier text failed: " +
                                   std::string(e.what()));
  }
}

void ChatTurn::persist_answer() {
  if (out_.cancelled) out_.response = out_.response.empty() ? "[stopped]" : out_.response + "\n\n[stopped]";
  if ((out_.error && !out_.cut_off) || out_.response.empty()) return;
  // An Agent turn's earlier requests are in history already, each with its
  // tool calls (persist_request): this record is the last one's.
  std::string text = agent() ? last_request_text_ : out_.response;
  if (agent() && out_.cancelled) text += "\n\n[stopped]";
  if (agent() && text.empty() && out_.stopped_by.empty()) return;
  d_.session.add("assistant", text,
                 {.turn_id = out_.turn_id, .files_modified = out_.applied.files_modified, .cut_off = out_.cut_off,
                  .error = out_.error ? out_.error->message : std::string(), .reasoning = out_.reasoning,
                  .edit_results = out_.applied.results, .shell_commands = out_.shell_commands,
                  .steps_json = unrecorded_checks_.empty() ? std::string() : steps_json(unrecorded_checks_),
                  .stopped_by = out_.stopped_by});
}

void ChatTurn::notify_after_complete() {
  std::vector<std::string> added = out_.applied.files_auto_added;
  added.insert(added.end(), out_.applied.files_created.begin(), out_.applied.files_created.end());
  // Read whole by the agent: selected from the next turn on, where the
  // tiers keep it, instead of in every step's history again.
  added.insert(added.end(), read_whole_.begin(), read_whole_.end());
  added.insert(added.end(), added_for_edits_.begin(), added_for_edits_.end());
  if (!added.empty() && d_.session.add_selected(added)) broadcast_selection();
  if (!out_.applied.files_modified.empty())
    d_.host.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", acdc::json_array(out_.applied.files_modified));
}

void ChatTurn::broadcast_selection() const {
  d_.host.notify(ACDC_CLIENT_ALL, "AcApp.filesChanged", acdc::json_array(d_.session.selected()));
}

// §4.2 step 14: the session learns its cost, the terminal gets its report
// (the tiers learned this turn's content when it was placed).
void ChatTurn::print_hud(const SessionTotals& totals) const {
  HudFigures f{.model = d_.model,
               .last = out_.usage,
               .session_total = totals.prompt + totals.completion,
               .session_hit_rate = totals.session_hit_rate(),
               .session_cost_usd = totals.cost_usd,
               .window = d_.limits.context_window,
               .window_source = d_.limits.window_source};
  const CacheMarks marks = placement_.marks(d_.limits.min_cacheable_tokens);
  for (int i = 0; i < kTierCount; ++i) {
    const Tier t = static_cast<Tier>(i);
    const long tokens = static_cast<long>(placement_.tokens(t));
    if (tokens == 0) continue;
    f.blocks.push_back({tier_name(t), tokens, t == Tier::active ? marks.conversation : marks.tiers[static_cast<std::size_t>(i)]});
    for (const auto& item : placement_.tiers[i]) {
      if (item.type == "system") f.system += static_cast<long>(item.tokens);
      else if (item.type == "symbols") f.symbol_map += static_cast<long>(item.tokens);
      else if (item.type == "file") f.files += static_cast<long>(item.tokens);
      else f.history += static_cast<long>(item.tokens);
    }
  }
  for (const auto& move : d_.engine.last_changes()) f.tier_changes.push_back({tier_name(move.from), tier_name(move.to), move.key});
  for (const auto& report : render_hud(f)) d_.host.log(ACDC_LOG_INFO, report);
  d_.host.log(ACDC_LOG_INFO, out_.agent ? "Mode: Agent, " + std::to_string(out_.steps.size()) + " tool calls" +
                                             (out_.stopped_by.empty() ? "" : ", stopped by " + out_.stopped_by)
                                       : std::string("Mode: Ask"));
  d_.host.log(ACDC_LOG_INFO, "Edits: " + std::to_string(out_.applied.passed) + " applied, " +
                                 std::to_string(out_.applied.failed) + " failed, " +
                                 std::to_string(out_.applied.not_in_context) + " not in context");
}

}  // namespace acdc::llm
