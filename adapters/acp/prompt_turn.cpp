// acp/prompt_turn.cpp -- see prompt_turn.hpp.
#include "acp/prompt_turn.hpp"

#include "acp/history_replay.hpp"
#include "acp/wire.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>

#include <rapidjson/document.h>

namespace acdc::adapters::acp {
namespace {

// The option the user picked in a session/request_permission answer; "" when
// the prompt was cancelled or the answer is not one.
std::string picked_option(std::string_view result_json) {
  rapidjson::Document doc;
  if (rpc::parse_limited(result_json, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsObject()) return "";
  auto outcome = doc.FindMember("outcome");
  if (outcome == doc.MemberEnd() || !outcome->value.IsObject()) return "";
  auto id = outcome->value.FindMember("optionId");
  return id != outcome->value.MemberEnd() && id->value.IsString() ? id->value.GetString() : "";
}

constexpr const char* kPermissionOptions =
    R"([{"optionId":"allow_once","name":"Allow","kind":"allow_once"},)"
    R"({"optionId":"allow_always","name":"Allow all edits in this session","kind":"allow_always"},)"
    R"({"optionId":"reject_once","name":"Reject","kind":"reject_once"}])";

}  // namespace

void PromptTurn::start(const PromptParts& parts) {
  std::string images = "[";
  for (const auto& uri : parts.images) images += (images.size() > 1 ? "," : "") + json_string(uri);
  images += "]";
  const std::string options = R"({"context":)" + context_json(parts.context) +
                              R"(,"caller_reads":)" + (s_.editor_reads ? "true" : "false") +
                              R"(,"caller_writes":true,"caller_runs":)" +
                              (s_.editor_terminal ? "true" : "false") + "}";
  // Every write comes back to this turn (on_write): it is told to the editor
  // as a tool call, asked about when edits ask, and written by the editor or
  // the repo plugin. Ask or Agent is the session's (session/set_config_option).
  const std::string args = "[" + json_string(s_.request_id) + "," + json_string(parts.message) + ",null," + images +
                           ",null,null,null,null," + options + "]";
  s_.engine.begin(s_.request_id, shared_from_this());
  std::weak_ptr<PromptTurn> weak = weak_from_this();
  s_.engine.call_async("LLMService.chat_streaming", args, [weak](acdc_status status, std::string_view text) {
    auto self = weak.lock();
    if (self && status != ACDC_OK) self->finish(std::nullopt, jsonrpc_code(status), std::string(text));
  });
}

void PromptTurn::cancel() {
  cancelled_ = true;
  std::shared_ptr<EditorTerminal> running;
  {
    std::lock_guard lock(mu_);
    running = terminal_;
  }
  if (running) running->kill();
  s_.engine.call_async("LLMService.cancel_streaming", "[" + json_string(s_.request_id) + "]", [](acdc_status, std::string_view) {});
}

void PromptTurn::stream_delta(std::string_view accumulated, std::size_t& sent, const char* kind) {
  std::lock_guard lock(mu_);
  // The plugin streams the whole text so far; a shorter one (never, today)
  // would be a new text, not a delta.
  if (accumulated.size() < sent) sent = 0;
  if (accumulated.size() == sent) return;
  s_.conn.notify("session/update", message_chunk(s_.session_id, kind, accumulated.substr(sent)));
  sent = accumulated.size();
}

void PromptTurn::on_text(std::string_view accumulated) { stream_delta(accumulated, text_sent_, "agent_message_chunk"); }

void PromptTurn::on_thinking(std::string_view accumulated) {
  stream_delta(accumulated, thought_sent_, "agent_thought_chunk");
}

void PromptTurn::on_step(std::string_view step_json) {
  const std::string update = agent_step_update(s_.session_id, step_json, s_.root.string());
  if (!update.empty()) s_.conn.notify("session/update", update);
}

void PromptTurn::on_read(std::string path, Engine::Reply reply) {
  const std::string params = R"({"sessionId":)" + json_string(s_.session_id) + R"(,"path":)" + json_string(absolute(path)) + "}";
  s_.conn.request("fs/read_text_file", params, [reply = std::move(reply), path](bool ok, std::string_view text) {
    rapidjson::Document doc;
    if (ok && rpc::parse_limited(text, doc, rpc::kMaxDepth) == rpc::ParseOutcome::ok && doc.IsObject() &&
        doc.HasMember("content") && doc["content"].IsString())
      return reply(ACDC_OK, json_string(std::string_view(doc["content"].GetString(), doc["content"].GetStringLength())));
    reply(ACDC_E_APPLICATION, ok ? "the editor sent no content for " + path
                                 : "the editor could not read " + path + ": " + std::string(text));
  });
}

void PromptTurn::on_write(std::string path, std::string content, std::optional<std::string> old_text,
                          Engine::Reply reply) {
  std::string call_id;
  {
    std::lock_guard lock(mu_);
    call_id = "edit-" + s_.request_id + "-" + std::to_string(next_call_++);
    written_[path].push_back(call_id);
  }
  const bool created = !old_text;
  s_.conn.notify("session/update",
                 tool_call(s_.session_id, {.id = call_id, .path = absolute(path), .old_text = old_text, .new_text = content}));
  auto self = shared_from_this();
  auto fail = [self, call_id, reply](const std::string& why) {
    self->s_.conn.notify("session/update", tool_call_status(self->s_.session_id, call_id, "failed", why));
    reply(ACDC_E_PERMISSION_DENIED, why);
  };
  ask_permission(call_id, path, [self, call_id, path, content = std::move(content), created, reply, fail](bool allowed,
                                                                                                    std::string why) {
    if (!allowed) return fail(why);
    self->s_.conn.notify("session/update", tool_call_status(self->s_.session_id, call_id, "in_progress"));
    self->write(path, content, created, [self, call_id, reply, fail](bool ok, std::string why) {
      if (!ok) return fail(why);
      self->s_.conn.notify("session/update", tool_call_status(self->s_.session_id, call_id, "completed"));
      reply(ACDC_OK, "null");
    });
  });
}

void PromptTurn::ask_permission(const std::string& call_id, const std::string& path,
                                std::function<void(bool, std::string)> then) {
  if (!s_.ask_before_edits || s_.always_allow->load()) return then(true, "");
  {
    std::lock_guard lock(mu_);
    if (allowed_writes_.contains(path)) return then(true, "");  // "add and apply" was this write's question
  }
  if (cancelled_) return then(false, "the turn was cancelled");
  const std::string params = R"({"sessionId":)" + json_string(s_.session_id) + R"(,"toolCall":{"toolCallId":)" +
                             json_string(call_id) + R"(},"options":)" + kPermissionOptions + "}";
  auto always = s_.always_allow;
  s_.conn.request("session/request_permission", params, [then = std::move(then), always](bool ok, std::string_view text) {
    const std::string option = ok ? picked_option(text) : "";
    if (option == "allow_always") always->store(true);
    if (option == "allow_once" || option == "allow_always") return then(true, "");
    then(false, option.empty() ? (ok ? "the turn was cancelled before the edit was allowed"
                                     : "the editor did not answer the permission request: " + std::string(text))
                               : "you rejected this edit in the editor");
  });
}

// The editor's answer is the user's: a command the model wants to run is
// the step's tool call (agent_step_update), asked about by its id; an Ask
// turn's edits to files not in its context ask whether to add and apply
// them, and once allowed their writes do not ask again.
void PromptTurn::on_ask(std::string ask_json, Engine::Reply reply) {
  if (cancelled_) return reply(ACDC_OK, R"({"outcome":"deny"})");
  const rapidjson::Document ask = parse_object(ask_json);
  const bool edit = string_member(ask, "kind") == "edit";
  std::vector<std::string> paths;
  if (auto p = ask.FindMember("paths"); edit && p != ask.MemberEnd() && p->value.IsArray())
    for (const auto& v : p->value.GetArray())
      if (v.IsString()) paths.emplace_back(v.GetString(), v.GetStringLength());
  const std::string id = (edit ? "" : "step-") + string_member(ask, "tool_call_id");
  std::string tool_call = R"({"toolCallId":)" + json_string(id) + R"(,"title":)" + json_string(string_member(ask, "title")) +
                          R"(,"kind":)" + std::string(edit ? R"("edit")" : R"("execute")");
  if (edit) {
    std::string locations;
    for (const std::string& p : paths) locations += std::string(locations.empty() ? "" : ",") + R"({"path":)" + json_string(absolute(p)) + "}";
    tool_call += R"(,"locations":[)" + locations + "]";
  }
  if (auto args = ask.FindMember("arguments"); args != ask.MemberEnd()) tool_call += R"(,"rawInput":)" + rpc::to_text(args->value);
  const std::string options =
      edit ? R"([{"optionId":"allow_once","name":"Add and apply","kind":"allow_once"},)"
             R"({"optionId":"allow_always","name":"Always add the files an answer edits","kind":"allow_always"},)"
             R"({"optionId":"reject_once","name":"Do not apply","kind":"reject_once"}])"
           : R"([{"optionId":"allow_once","name":"Allow once","kind":"allow_once"},)"
             R"({"optionId":"allow_always","name":"Always allow this command","kind":"allow_always"},)"
             R"({"optionId":"reject_once","name":"Deny","kind":"reject_once"}])";
  const std::string params =
      R"({"sessionId":)" + json_string(s_.session_id) + R"(,"toolCall":)" + tool_call + R"(},"options":)" + options + "}";
  auto self = shared_from_this();
  s_.conn.request("session/request_permission", params, [self, reply, paths = std::move(paths)](bool ok, std::string_view answer) {
    const std::string option = ok ? picked_option(answer) : "";
    const bool allowed = option == "allow_once" || option == "allow_always";
    if (allowed) {
      std::lock_guard lock(self->mu_);
      self->allowed_writes_.insert(paths.begin(), paths.end());
    }
    reply(ACDC_OK, std::string(R"({"outcome":")") + (allowed ? option.c_str() : "deny") + "\"}");
  });
}

void PromptTurn::on_run(std::string tool_call_id, std::string arguments_json, Engine::Reply reply) {
  auto terminal = std::make_shared<EditorTerminal>(s_.conn, s_.session_id, s_.root);
  {
    std::lock_guard lock(mu_);
    terminal_ = terminal;
  }
  auto self = shared_from_this();
  terminal->run("step-" + tool_call_id, arguments_json, [self, reply](std::string result) {
    {
      std::lock_guard lock(self->mu_);
      self->terminal_.reset();
    }
    reply(ACDC_OK, result);
  });
}

void PromptTurn::write(const std::string& path, const std::string& content, bool created,
                       std::function<void(bool, std::string)> done) {
  if (s_.editor_writes) {
    const std::string params = R"({"sessionId":)" + json_string(s_.session_id) + R"(,"path":)" + json_string(absolute(path)) +
                               R"(,"content":)" + json_string(content) + "}";
    s_.conn.request("fs/write_text_file", params, [done = std::move(done)](bool ok, std::string_view text) {
      done(ok, ok ? "" : "the editor could not write the file: " + std::string(text));
    });
    return;
  }
  // The repo plugin's guard and atomic write, as a browser's edit gets.
  s_.engine.call_async(created ? "Repo.create_file" : "Repo.write_file", "[" + json_string(path) + "," + json_string(content) + "]",
                       [done = std::move(done)](acdc_status status, std::string_view text) {
                         done(status == ACDC_OK, std::string(text));
                       });
}

void PromptTurn::on_complete(std::string_view result_json) {
  const Completion c = parse_completion(result_json);
  report_unwritten_edits(c);
  for (const std::string* note : {&c.edits_not_applied, &c.prompt_truncated})
    if (!note->empty()) s_.conn.notify("session/update", message_chunk(s_.session_id, "agent_message_chunk", "\n\n" + *note));
  if (c.error && !cancelled_) return finish(std::nullopt, rpc::kInternalError, *c.error);
  // What the session holds and has cost, before the answer that ends the
  // turn: an editor shows it beside the prompt (usage_update).
  std::string answer = std::string(R"({"stopReason":")") + (cancelled_ ? "cancelled" : stop_reason(c)) + "\"}";
  s_.engine.call_async("LLMService.get_context_breakdown", "[]",
                       [self = shared_from_this(), answer = std::move(answer)](acdc_status status, std::string_view text) {
                         if (status == ACDC_OK)
                           if (std::string u = usage_update(self->s_.session_id, text); !u.empty())
                             self->s_.conn.notify("session/update", u);
                         self->finish(answer);
                       });
}

void PromptTurn::report_unwritten_edits(const Completion& c) {
  std::lock_guard lock(mu_);
  for (const EditOutcome& e : c.edits) {
    auto& calls = written_[e.file];
    // A write (or a refused one) was told as it happened.
    if ((e.status == "applied" || e.error_type == "write_error") && !calls.empty()) {
      calls.pop_front();
      continue;
    }
    const std::string id = "edit-" + s_.request_id + "-" + std::to_string(next_call_++);
    s_.conn.notify("session/update", tool_call(s_.session_id, {.id = id,
                                                               .path = absolute(e.file),
                                                               .old_text = e.old_preview,
                                                               .new_text = e.new_preview,
                                                               .status = edit_call_status(e.status),
                                                               .note = e.message}));
  }
}

void PromptTurn::finish(std::optional<std::string> result_json, int code, const std::string& message) {
  if (finished_.exchange(true)) return;
  s_.engine.end(s_.request_id);
  if (result_json) s_.conn.result(s_.answer_id, *result_json);
  else s_.conn.error(s_.answer_id, code, message);
  if (s_.on_finished) s_.on_finished();
}

}  // namespace acdc::adapters::acp
