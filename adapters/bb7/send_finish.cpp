// bb7/send_finish.cpp -- see send_finish.hpp.
#include "bb7/send_finish.hpp"

#include "bb7/files.hpp"
#include "bb7/prompt.hpp"
#include "bb7/title.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>
#include <acdc/sdk/error.hpp>
#include <acdc/util/atomic_file.hpp>
#include <acdc/util/utc_time.hpp>

#include <cstdio>
#include <sstream>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;
using rapidjson::Value;

namespace {

constexpr const char* kAborted = "Response aborted by user.";

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

void write_usage(Writer& w, const EngineUsage& u) {
  w.StartObject();
  w.Key("prompt_tokens"); w.Int64(u.prompt_tokens);
  w.Key("completion_tokens"); w.Int64(u.completion_tokens);
  w.Key("cached_tokens"); w.Int64(u.cached_tokens);
  w.Key("total_tokens"); w.Int64(u.total_tokens);
  w.Key("cost"); w.Double(u.cost);
  w.EndObject();
}

EngineUsage sum(const EngineUsage& a, const EngineUsage& b) {
  return {a.prompt_tokens + b.prompt_tokens, a.completion_tokens + b.completion_tokens,
          a.cached_tokens + b.cached_tokens, a.total_tokens + b.total_tokens, a.cost + b.cost, a.present || b.present};
}

// ~/.bb7/usage.csv, one line per send with a cost (§5).
void append_usage_csv(const Session& s, const SendRun& run, const EngineUsage& u) {
  if (u.cost <= 0) return;
  std::string stamp = util::utc_now();
  stamp.pop_back();  // no "Z": YYYY-MM-DDTHH:MM:SS
  char cost[64];
  std::snprintf(cost, sizeof cost, "%.6f", u.cost);
  std::ostringstream line;
  line << stamp << ',' << s.root_.string() << ',' << run.model << ',' << u.prompt_tokens << ','
       << u.completion_tokens << ',' << u.cached_tokens << ',' << cost;
  try {
    acdc::util::append_line(s.global_dir() / "usage.csv", line.str());
  } catch (const Error&) {
    // A usage line that cannot be written is not worth failing the send.
  }
}

Value text_part(const char* type, const std::string& text, Chat& chat) {
  Value p(rapidjson::kObjectType);
  p.AddMember("type", rapidjson::StringRef(type), chat.alloc());
  p.AddMember("content", Value(text.c_str(), static_cast<rapidjson::SizeType>(text.size()), chat.alloc()), chat.alloc());
  return p;
}

// The assistant message of §5.1: thinking, text, then one event per write.
void append_assistant(Chat& chat, const SendRun& run, const EngineResult& r, const ToolCalls* committed,
                      const std::vector<std::string>& written, const EngineUsage& usage) {
  auto& a = chat.alloc();
  Value msg(rapidjson::kObjectType);
  msg.AddMember("role", "assistant", a);
  msg.AddMember("model", Value(run.model.c_str(), a), a);
  Value parts(rapidjson::kArrayType);
  if (!r.thinking.empty()) parts.PushBack(text_part("thinking", r.thinking, chat), a);
  if (!r.text.empty()) parts.PushBack(text_part("text", r.text, chat), a);
  Value files(rapidjson::kArrayType);
  for (const auto& path : written) {
    const auto& w = committed->writes.at(path);
    parts.PushBack(chat.event_part({.action = "AssistantWriteFile", .path = path,
                                    .version = content_version(path, w.content), .added = w.added}), a);
    files.PushBack(Value(path.c_str(), a), a);
  }
  msg.AddMember("parts", parts, a);
  msg.AddMember("timestamp", Value(util::utc_now().c_str(), a), a);
  if (!written.empty()) msg.AddMember("output_files", files, a);
  if (usage.present) {
    Value u(rapidjson::kObjectType);
    u.AddMember("prompt_tokens", static_cast<int64_t>(usage.prompt_tokens), a);
    u.AddMember("completion_tokens", static_cast<int64_t>(usage.completion_tokens), a);
    u.AddMember("cached_tokens", static_cast<int64_t>(usage.cached_tokens), a);
    u.AddMember("total_tokens", static_cast<int64_t>(usage.total_tokens), a);
    u.AddMember("cost", usage.cost, a);
    u.AddMember("duration", seconds_since(run.started), a);
    msg.AddMember("usage", u, a);
  }
  if (!run.reasoning_effort.empty()) msg.AddMember("reasoning_effort", Value(run.reasoning_effort.c_str(), a), a);
  chat.append(std::move(msg));
}

class Finisher {
 public:
  Finisher(Session& s, const std::shared_ptr<SendRun>& run) : s_(s), run_(run) {}

  void finish(EngineResult r);

 private:
  void finish_retry(EngineResult r);
  Chat load() { return store().load(run_->active->id); }
  void save(const Chat& chat) { store().save(chat); }
  // Where the chat is now: chat_move is allowed during a stream (§3.9), and
  // the answer goes where the chat went, not into the store it left.
  ChatStore& store() {
    Session::Active& a = *run_->active;
    if (!a.store.exists(a.id))
      for (bool global : {false, true}) {
        try {
          if (ChatStore moved = s_.store_for(global); moved.exists(a.id)) {
            a.store = moved, a.global = global;
            break;
          }
        } catch (const std::exception&) {
          // global-only: there is no project store to look in
        }
      }
    return a.store;
  }
  void terminal(const std::string& line) {
    s_.release_stream(run_);  // before the line: a client may send again at once (§15 Q7)
    s_.emit(line);
  }
  void fail(const std::string& message, const EngineResult* partial);
  void diff_error(const ToolCalls& tools, const EngineResult& r, const EngineUsage& usage);
  void success(const ToolCalls& tools, const EngineResult& r, const EngineUsage& usage);
  bool retry(ToolCalls& tools, const EngineResult& r);

  Session& s_;
  std::shared_ptr<SendRun> run_;
};

void Finisher::fail(const std::string& message, const EngineResult* partial) {
  {
    std::lock_guard lock(s_.mu_);
    try {
      Chat chat = load();
      if (partial && (!partial->text.empty() || !partial->thinking.empty()))
        append_assistant(chat, *run_, *partial, nullptr, {}, partial->usage);
      chat.append_text("system", message);
      save(chat);
    } catch (const std::exception& e) {
      log::error(std::string("bb7: could not record the end of a send: ") + e.what());
    }
  }
  terminal(error_line(message, run_->request_id));
}

void Finisher::diff_error(const ToolCalls& tools, const EngineResult& r, const EngineUsage& usage) {
  {
    std::lock_guard lock(s_.mu_);
    Chat chat = load();
    append_assistant(chat, *run_, r, nullptr, {}, usage);  // thinking and text only; nothing written
    save(chat);
    append_usage_csv(s_, *run_, usage);
  }
  Reply reply("diff_error", run_->request_id);
  auto& w = reply.raw("errors");
  w.StartArray();
  for (const auto& e : tools.diff_errors) w.String(e.c_str(), static_cast<rapidjson::SizeType>(e.size()));
  w.EndArray();
  const std::string calls = tools.calls_json();
  reply.raw("tool_calls").RawValue(calls.c_str(), calls.size(), rapidjson::kArrayType);
  if (usage.present) write_usage(reply.raw("usage"), usage);
  reply.field("duration", seconds_since(run_->started));
  terminal(reply.line());
}

void Finisher::success(const ToolCalls& tools, const EngineResult& r, const EngineUsage& usage) {
  std::vector<std::string> written;
  {
    std::lock_guard lock(s_.mu_);
    for (const auto& path : tools.order) {
      try {
        run_->files->write_output(path, tools.writes.at(path).content);
        written.push_back(path);
      } catch (const std::exception& e) {
        // Checked when the call was handled; only an I/O failure lands here,
        // and then the path is not claimed (§15 Q6).
        log::error("bb7: could not write output " + path + ": " + e.what());
      }
    }
    Chat chat = load();
    append_assistant(chat, *run_, r, &tools, written, usage);
    save(chat);
    append_usage_csv(s_, *run_, usage);
    if (run_->first_user_message && !run_->config.title_model.empty())
      start_title(s_, store(), run_->active->id, run_->first_user_text, run_->config);
  }
  Reply reply("done", run_->request_id);
  reply.strings("output_files", written);
  if (usage.present) write_usage(reply.raw("usage"), usage);
  reply.field("duration", seconds_since(run_->started));
  terminal(reply.line());
}

void Finisher::finish(EngineResult r) {
  if (run_->round == 1) return finish_retry(std::move(r));
  if (r.cancelled || run_->cancel_requested) return fail(kAborted, &r);
  if (r.error) return fail(*r.error, nullptr);
  auto tools = std::make_unique<ToolCalls>(*run_->chat, *run_->files, s_.root_, run_->config.diff_mode);
  for (const auto& call : r.tool_calls) tools->apply(call.name, call.arguments);
  for (const auto& c : tools->chunks) s_.emit(Reply("chunk", run_->request_id).field("content", c).line());
  if (tools->terminal) return fail(*tools->terminal, nullptr);
  if (tools->diff_errors.empty()) return success(*tools, r, r.usage);
  if (run_->config.auto_retry_partial_edits) {
    run_->first_tools = std::move(tools);
    if (retry(*run_->first_tools, r)) return;
    tools = std::move(run_->first_tools);
  }
  diff_error(*tools, r, r.usage);
}

// The repair retry's own result (§7.7), applied on top of round one's
// writes. As in the reference: a cancel, a transport error or a terminal
// tool error ends the send as it would in round one; diff errors again give
// round one's errors, then the retry's prefixed, with both rounds' calls.
void Finisher::finish_retry(EngineResult r) {
  const EngineResult first = std::move(run_->first);
  if (r.cancelled || run_->cancel_requested) return fail(kAborted, &first);
  if (r.error) return fail(*r.error, nullptr);
  ToolCalls tools(*run_->first_tools);
  tools.reset_for_retry();
  for (const auto& call : r.tool_calls) tools.apply(call.name, call.arguments);
  if (tools.terminal) return fail(*tools.terminal, nullptr);
  const EngineUsage usage = sum(first.usage, r.usage);
  if (tools.diff_errors.empty()) return success(tools, first, usage);
  std::vector<std::string> errors = run_->first_tools->diff_errors;
  for (const auto& e : tools.diff_errors) errors.push_back("retry attempt: " + e);
  tools.diff_errors = std::move(errors);
  diff_error(tools, first, usage);
}

// Starts the hidden repair round; false when it cannot start.
bool Finisher::retry(ToolCalls& tools, const EngineResult& r) {
  s_.emit(Reply("chunk", run_->request_id).field("content", "\n[Reattempting to apply file changes...]\n").line());
  rapidjson::Document ctx;
  ctx.SetObject();
  Value errors(rapidjson::kArrayType);
  for (const auto& e : tools.diff_errors) errors.PushBack(Value(e.c_str(), ctx.GetAllocator()), ctx.GetAllocator());
  ctx.AddMember("errors", errors, ctx.GetAllocator());
  rapidjson::Document calls;
  calls.Parse(tools.calls_json().c_str());
  ctx.AddMember("tool_calls", Value(calls, ctx.GetAllocator()), ctx.GetAllocator());
  std::map<std::string, std::string> overrides;
  for (const auto& [path, w] : tools.writes) overrides[path] = w.content;
  std::string body;
  {
    std::lock_guard lock(s_.mu_);
    bool fixed = false;
    BodyInput in{*run_->chat, *run_->files, &overrides, retry_context_block(&ctx, run_->config.diff_mode)};
    body = build_body(in, fixed);
  }
  run_->first = r;
  run_->round = 1;
  try {
    s_.start_round(run_, body, false);
    return true;
  } catch (const std::exception&) {
    run_->round = 0;
    return false;
  }
}

}  // namespace

void finish_send(Session& session, const std::shared_ptr<SendRun>& run, EngineResult result) {
  try {
    Finisher(session, run).finish(std::move(result));
  } catch (const std::exception& e) {
    log::error(std::string("bb7: send failed while finishing: ") + e.what());
    session.release_stream(run);
    session.emit(error_line(e.what(), run->request_id));
  }
}

}  // namespace acdc::adapters::bb7
