#include "chat/chat_turn.hpp"

#include "chat/terminal_hud.hpp"

#include "edit/edit_applier.hpp"
#include "edit/edit_parser.hpp"
#include "edit/shell_commands.hpp"
#include "prompt/prompt_assembler.hpp"

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
  coalescer_ = ChunkCoalescer::create(
      [&host, args_prefix](const std::string& text) {
        host.notify(ACDC_CLIENT_ALL, "AcApp.streamChunk", args_prefix + acdc::to_json_text(text) + "]");
      },
      [&host](std::function<void()> task, std::chrono::milliseconds delay) {
        host.post(std::move(task), static_cast<uint32_t>(delay.count()));
      },
      d_.frame_interval);
}

std::string ChatTurn::partial_text() const { return coalescer_->text(); }

void ChatTurn::run(const std::function<void()>& on_complete) {
  out_.turn_id = new_turn_id();
  out_.user_message = req_.message;
  out_.model = d_.model;
  out_.provider = d_.provider_name;
  std::vector<FileEntry> files;
  std::vector<ChatMessage> history;
  try {
    files = sync_file_context();
    map_ = d_.symbols.for_turn(d_.session.selected());
    history = d_.session.messages();
    SavedImages images = save_images();
    d_.session.add("user", req_.message,
                   {.files = d_.session.selected(), .turn_id = out_.turn_id, .images = images.uris, .image_refs = images.names});
    d_.host.notify(ACDC_CLIENT_ALL, "AcApp.userMessage", "[" + object_json({{"content", req_.message}}) + "]");
    if (d_.url_context) url_parts_ = d_.url_context(req_.request_id, req_.message, req_.excluded_urls);
    stream(assemble(files, history));
    out_.blocks = EditParser::parse(out_.response);
    out_.shell_commands = detect_shell_commands(out_.response);
    if (!out_.error && !out_.cancelled && !out_.blocks.empty()) apply_edits();
    persist_answer();
  } catch (const std::exception& e) {
    out_.error = ProviderError{ErrorKind::llm_error, e.what()};
  }
  d_.host.notify(ACDC_CLIENT_ALL, "AcApp.streamComplete", "[" + acdc::to_json_text(req_.request_id) + "," + out_.to_json() + "]");
  notify_after_complete();
  on_complete();
  if (!out_.error && !out_.cancelled) print_hud(files, history);
  d_.host.notify(ACDC_CLIENT_ALL, "AcApp.postResponseComplete", acdc::json_array(req_.request_id));
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

std::string ChatTurn::assemble(const std::vector<FileEntry>& files, const std::vector<ChatMessage>& history) {
  // No stability tracker yet (§4.7, a later issue): L0 holds the system
  // prompt and the symbol map, everything else is active.
  PromptInput in;
  in.system_prompt = d_.prompts.system_prompt();
  if (map_.available()) {
    in.map_header_and_legend = map_.header_and_legend();
    in.tiers[0].symbol_blocks = map_.blocks_text();
  }
  in.url_parts = url_parts_;
  in.active_files = files;
  in.active_history = history;
  in.user_prompt = req_.message + d_.prompts.system_reminder();
  in.images = req_.images;
  in.min_cacheable_tokens = d_.min_cacheable_tokens;
  return PromptAssembler(d_.count_tokens).assemble(in);
}

void ChatTurn::stream(const std::string& messages_json) {
  StreamCallbacks callbacks;
  callbacks.on_text = [this](std::string_view delta) { coalescer_->append(delta); };
  callbacks.on_retry = [this](const RetryNotice& n) {
    d_.host.notify(ACDC_CLIENT_ALL, "AcApp.streamRetry", "[" + acdc::to_json_text(req_.request_id) + "," + retry_info(n) + "]");
  };
  ChatResult r = d_.provider.stream(ChatRequest{d_.model, messages_json, d_.max_tokens}, callbacks, d_.cancel);
  out_.response = coalescer_->finish();
  out_.finish_reason = r.finish_reason;
  out_.usage = r.usage;
  out_.cancelled = r.cancelled || d_.cancel.load();
  if (r.error && !out_.cancelled) out_.error = r.error;
  if (out_.error) out_.response.clear();  // §4.2 step 10: an error clears the content
}

void ChatTurn::apply_edits() {
  out_.applied = EditApplier(d_.repo).apply(out_.blocks, in_context_);
  d_.repo.stage(out_.applied.files_modified);
}

void ChatTurn::persist_answer() {
  if (out_.cancelled) out_.response = out_.response.empty() ? "[stopped]" : out_.response + "\n\n[stopped]";
  if (out_.error || out_.response.empty()) return;
  d_.session.add("assistant", out_.response,
                 {.turn_id = out_.turn_id, .files_modified = out_.applied.files_modified});
}

void ChatTurn::notify_after_complete() {
  std::vector<std::string> added = out_.applied.files_auto_added;
  added.insert(added.end(), out_.applied.files_created.begin(), out_.applied.files_created.end());
  if (!added.empty() && d_.session.add_selected(added)) broadcast_selection();
  if (!out_.applied.files_modified.empty())
    d_.host.notify(ACDC_CLIENT_ALL, "AcApp.filesModified", acdc::json_array(out_.applied.files_modified));
}

void ChatTurn::broadcast_selection() const {
  d_.host.notify(ACDC_CLIENT_ALL, "AcApp.filesChanged", acdc::json_array(d_.session.selected()));
}

void ChatTurn::print_hud(const std::vector<FileEntry>& files, const std::vector<ChatMessage>& history) const {
  const Usage& u = out_.usage;
  HudFigures f{.model = d_.model, .last = u};
  try {
    auto count = [this](const std::string& text) { return static_cast<long>(d_.count_tokens(text)); };
    f.system = count(d_.prompts.system_prompt());
    f.symbol_map = map_.available() ? count(map_.header_and_legend()) + count(map_.blocks_text()) : 0;
    f.files = files.empty() ? 0 : count(PromptAssembler::format_files(files));
    f.history = static_cast<long>(PromptAssembler(d_.count_tokens).history_tokens(history));
    // L0 is cached only past the breakpoint guard (prompt_assembler.hpp).
    long l0 = f.system + f.symbol_map;
    f.blocks = {{"L0", l0, static_cast<size_t>(l0) >= d_.min_cacheable_tokens},
                {"active", f.files + f.history + count(req_.message), false}};
  } catch (const std::exception& e) {
    d_.host.log(ACDC_LOG_WARN, std::string("token counts for the HUD failed: ") + e.what());
  }
  f.session_total = d_.session.add_tokens_used(u.prompt_tokens() + u.output_tokens);
  for (const auto& report : render_hud(f)) d_.host.log(ACDC_LOG_INFO, report);
  d_.host.log(ACDC_LOG_INFO, "Edits: " + std::to_string(out_.applied.passed) + " applied, " +
                                 std::to_string(out_.applied.failed) + " failed, " +
                                 std::to_string(out_.applied.not_in_context) + " not in context");
}

}  // namespace acdc::llm
