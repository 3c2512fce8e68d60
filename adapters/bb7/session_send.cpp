// bb7/session_send.cpp -- `send` (bb7.md §7): reserve the stream slot, store
// the user message, build SYS and BODY, stream through LLMService.converse,
// then act on the tool calls and finish (§7.4, §7.5, §7.7).
#include "bb7/session.hpp"

#include "bb7/chat_files.hpp"
#include "bb7/engine.hpp"
#include "bb7/files.hpp"
#include "bb7/instructions.hpp"
#include "bb7/prompt.hpp"
#include "bb7/send_run.hpp"
#include "bb7/send_finish.hpp"

#include <acdc/host/json.hpp>
#include <acdc/sdk/error.hpp>
#include <acdc/util/utc_time.hpp>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

namespace {

std::atomic<unsigned long> next_engine_id{1};

rapidjson::Value snapshot_refs(Chat& chat) {
  auto& a = chat.alloc();
  rapidjson::Value refs(rapidjson::kArrayType);
  for (const auto& f : chat.context_files) {
    rapidjson::Value r(rapidjson::kObjectType);
    r.AddMember("path", rapidjson::Value(f.path.c_str(), a), a);
    r.AddMember("file_id", rapidjson::Value(f.version.c_str(), a), a);
    if (f.is_section()) {
      r.AddMember("start_line", f.start_line, a);
      r.AddMember("end_line", f.end_line, a);
    }
    refs.PushBack(r, a);
  }
  return refs;
}

void append_user_message(Chat& chat, const std::string& content, const std::string& model,
                         const std::string& effort) {
  auto& a = chat.alloc();
  rapidjson::Value msg(rapidjson::kObjectType);
  msg.AddMember("role", "user", a);
  msg.AddMember("model", rapidjson::Value(model.c_str(), a), a);
  rapidjson::Value parts(rapidjson::kArrayType);
  rapidjson::Value part(rapidjson::kObjectType);
  part.AddMember("type", "text", a);
  part.AddMember("content", rapidjson::Value(content.c_str(), static_cast<rapidjson::SizeType>(content.size()), a), a);
  parts.PushBack(part, a);
  msg.AddMember("parts", parts, a);
  msg.AddMember("timestamp", rapidjson::Value(util::utc_now().c_str(), a), a);
  if (!effort.empty()) msg.AddMember("reasoning_effort", rapidjson::Value(effort.c_str(), a), a);
  msg.AddMember("context_snapshot", snapshot_refs(chat), a);
  chat.append(std::move(msg));
}

}  // namespace

// The @retry_context block of §7.2 from a request's retry_context.
std::string retry_context_block(const rapidjson::Value* ctx, const std::string& diff_mode) {
  if (!ctx || !ctx->IsObject()) return "";
  std::string out = "@retry_context\nThe previous file changes failed:\n";
  if (auto e = ctx->FindMember("errors"); e != ctx->MemberEnd() && e->value.IsArray())
    for (const auto& s : e->value.GetArray())
      if (s.IsString()) out += "- " + std::string(s.GetString()) + "\n";
  out += diff_mode == "anchored"
             ? "Anchors must be exact lines of the current writable file; re-read it and retry the failed changes.\n"
             : "Use the current writable @file id as file_id and copy old_string exactly from that file; "
               "retry only the failed changes.\n";
  out += "Previous tool calls:\n";
  if (auto c = ctx->FindMember("tool_calls"); c != ctx->MemberEnd() && c->value.IsArray())
    for (const auto& call : c->value.GetArray()) out += rpc::to_text(call) + "\n";
  return out + "@end retry_context";
}

std::string converse_request(const SendRun& run, const std::string& body, bool with_reasoning, bool global_chat) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  w.StartObject();
  w.Key("messages");
  w.StartArray();
  for (auto [role, content] : {std::pair<const char*, const std::string*>{"system", &run.system}, {"user", &body}}) {
    w.StartObject();
    w.Key("role"); w.String(role);
    w.Key("content"); w.String(content->c_str(), static_cast<rapidjson::SizeType>(content->size()));
    w.EndObject();
  }
  w.EndArray();
  const std::string tools = tool_schemas_json(run.config.diff_mode, global_chat);
  if (tools != "[]") {
    w.Key("tools");
    w.RawValue(tools.c_str(), tools.size(), rapidjson::kArrayType);
  }
  w.Key("model"); w.String(run.model.c_str());
  // §7.1's body fields beyond the messages travel in the provider's `extra`.
  w.Key("provider");
  w.StartObject();
  w.Key("base_url"); w.String(run.config.base_url.c_str());
  w.Key("api_key"); w.String(run.config.api_key.c_str());
  w.Key("extra");
  w.StartObject();
  if (with_reasoning && !run.reasoning_effort.empty()) {
    w.Key("reasoning");
    w.StartObject();
    w.Key("effort"); w.String(run.reasoning_effort.c_str());
    w.EndObject();
  }
  if (!run.config.allow_training || !run.config.allow_data_retention) {
    w.Key("provider");
    w.StartObject();
    if (!run.config.allow_training) { w.Key("data_collection"); w.String("deny"); }
    if (!run.config.allow_data_retention) { w.Key("zdr"); w.Bool(true); }
    w.EndObject();
  }
  if (run.config.explicit_cache_key && run.active) {
    w.Key("prompt_cache_key");
    w.String(("bb7:" + run.active->id + ":" + run.model).c_str());
  }
  w.EndObject();
  w.EndObject();
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::string Session::send(const Request& req) {
  auto run = std::make_shared<SendRun>();
  run->request_id = req.request_id;
  run->engine_id = "bb7-" + std::to_string(next_engine_id++);
  {
    std::lock_guard lock(stream_mu_);
    if (stream_) throw Error(ACDC_E_FAILED_PRECONDITION, "Another request is already in progress");
    stream_ = run;
  }
  try {
    std::string body;
    {
      std::lock_guard lock(mu_);
      body = prepare_send(*run, req);
    }
    start_round(run, body, true);
  } catch (...) {
    release_stream(run);
    throw;
  }
  return "";
}

// Steps 2-6 of §7, under mu_. Returns BODY.
std::string Session::prepare_send(SendRun& run, const Request& req) {
  const std::string content = req.str("content");
  if (content.empty()) throw Error(ACDC_E_INVALID_PARAMS, "Missing required field: content");
  Active& a = active();
  run.active = a;
  run.config = config();
  run.reasoning_effort = req.str("reasoning_effort");
  const std::string instructions = instructions_block(env_.home, root_, a.global);  // a parse error aborts
  run.chat = std::make_unique<Chat>(a.store.load(a.id));
  Chat& chat = *run.chat;
  run.model = !req.str("model").empty() ? req.str("model") : !chat.model.empty() ? chat.model : run.config.default_model;
  chat.model = run.model;
  run.first_user_message = true;
  for (const auto& m : chat.messages.GetArray())
    if (string_member(m, "role") == "user") run.first_user_message = false;
  run.first_user_text = content;
  append_user_message(chat, content, run.model, run.reasoning_effort);
  run.files = std::make_unique<ChatFiles>(chat_root(a), root_);
  bool fixed = false;
  BodyInput in{chat, *run.files, nullptr, retry_context_block(req.get("retry_context"), run.config.diff_mode)};
  std::string body = build_body(in, fixed);
  a.store.save(chat);
  std::string override_text;
  if (auto text = read_file(bb7_config_dir(env_.home) / "system_prompt.txt")) override_text = strip_comment_lines(*text);
  run.system = system_prompt(override_text, instructions, run.config.diff_mode, a.global);
  return body;
}

void Session::start_round(const std::shared_ptr<SendRun>& run, const std::string& body, bool forward) {
  if (!env_.engine) throw Error(ACDC_E_UNAVAILABLE, "the llm plugin is not loaded: acdc cannot reach a model");
  const bool global_chat = run->active && run->active->global;
  const std::string request = converse_request(*run, body, run->round == 0, global_chat);
  env_.engine->converse(
      run->round_id(), request,
      [this, run, forward](const EngineDelta& d) {
        // A cancel that reached the plugin before its stream had started is
        // repeated once the stream shows it is running.
        if (run->cancel_requested && !run->cancel_repeated.exchange(true)) env_.engine->cancel(run->round_id());
        if (!forward) return;  // the repair retry streams nothing (§7.7)
        if (!d.thinking.empty()) emit(Reply("thinking", run->request_id).field("content", d.thinking).line());
        if (!d.text.empty()) emit(Reply("chunk", run->request_id).field("content", d.text).line());
      },
      [this, run](EngineResult result) { finish_send(*this, run, std::move(result)); });
  // A cancel that came between round one's end and this start.
  if (run->round && run->cancel_requested) env_.engine->cancel(run->round_id());
}

void Session::release_stream(const std::shared_ptr<SendRun>& run) {
  std::lock_guard lock(stream_mu_);
  if (stream_ == run) stream_.reset();
}

}  // namespace acdc::adapters::bb7
