// mcp/tools_edit.cpp -- the tools that change files: the agent's own edits
// through acdc's edit engine, and a turn of acdc's own model (tools.hpp).
#include "mcp/json_read.hpp"
#include "mcp/tools.hpp"

#include <acdc/host/json.hpp>

#include <algorithm>

namespace acdc::adapters::mcp {
namespace {

void write_results(JsonOut& o, const rapidjson::Value& doc, std::string& text) {
  o.key("results");
  o.w.StartArray();
  if (doc.HasMember("edit_results") && doc["edit_results"].IsArray())
    for (const auto& r : doc["edit_results"].GetArray()) {
      o.w.StartObject();
      for (const char* k : {"file", "status", "message", "error_type"}) o.key(k), o.string(str(r, k));
      o.w.EndObject();
      text += str(r, "file") + ": " + str(r, "status") + " — " + str(r, "message") + "\n";
    }
  o.w.EndArray();
}

}  // namespace

void Tools::apply_edits(Args& a, Done done) {
  const auto blocks = a.text("edit_blocks");
  const bool dry_run = a.flag("dry_run").value_or(false);
  std::string pairs;
  if (const rapidjson::Value* r = a.raw("replacements")) {
    if (!r->IsArray() || r->Empty()) a.fail("replacements: expected a non-empty array of {path, search, replace}");
    else
      for (const auto& e : r->GetArray()) {
        const bool whole = e.IsObject() && e.MemberCount() == 3;
        for (const char* k : {"path", "search", "replace"})
          if (!whole || !e.HasMember(k) || !e[k].IsString())
            a.fail("replacements: each one is {path, search, replace}, all strings");
      }
    if (a.ok()) pairs = rpc::to_text(*r);
  }
  if (a.ok() && blocks.has_value() == !pairs.empty())
    a.fail("give replacements (search/replace pairs) or edit_blocks (acdc's edit-block text), one of the two");
  if (!a.ok()) return;
  std::string args = "[" + (blocks ? json_string(*blocks) : std::string("null")) + "," +
                     (pairs.empty() ? std::string("null") : pairs) + "," + (dry_run ? "true" : "false") + "]";
  plugin("LLMService.apply_edits", std::move(args), done, [done](std::string result) {
    rapidjson::Document doc;
    if (!parse(result, doc) || !doc.IsObject()) return done(tool_error("the edit engine answered nothing readable"));
    JsonOut o;
    std::string text;
    o.w.StartObject();
    write_results(o, doc, text);
    o.key("applied"), o.w.Int64(num(doc, "passed"));
    o.key("already_applied"), o.w.Int64(num(doc, "already_applied"));
    o.key("failed"), o.w.Int64(num(doc, "failed"));
    o.key("files_modified"), o.strings(strs(doc, "files_modified"));
    o.key("dry_run"), o.w.Bool(flag(doc, "dry_run"));
    o.w.EndObject();
    std::string out = o.text();
    // A result with a failed edit is still a result: each edit says how it went.
    done(tool_result(text, out));
  });
}

std::function<void()> Tools::ask_acdc(Args& a, Progress progress, Done done) {
  const std::string question = a.text("question", true).value_or("");
  const auto files = a.texts("files").value_or(std::vector<std::string>{});
  if (!a.ok()) return {};
  const std::string id = "mcp-" + std::to_string(next_turn_++);
  auto sent = std::make_shared<size_t>(0);  // how much of the answer went out as progress
  engine_.watch_stream(
      id, {.chunk =
               [progress, sent](std::string_view accumulated) {
                 if (!progress || accumulated.size() <= *sent) return;
                 progress(accumulated.substr(*sent));
                 *sent = accumulated.size();
               },
           // Each tool call of acdc's model, as it starts and ends: "read_file src/a.py", "read_file: 40 lines".
           .step =
               [progress](std::string_view step_json) {
                 rapidjson::Document step;
                 if (!progress || !parse(step_json, step) || !step.IsObject()) return;
                 const std::string status = str(step, "status");
                 progress(status == "running" ? "[" + str(step, "tool") + "]"
                                              : "[" + str(step, "tool") + " " + status + ": " + str(step, "summary") + "]");
               },
           .complete =
               [this, done](std::string_view result) {
                 turn_ended();
                 rapidjson::Document doc;
                 if (!parse(result, doc) || !doc.IsObject()) return done(tool_error("acdc's turn ended unreadably"));
                 if (doc.HasMember("error") && !str(doc, "error").empty())
                   return done(tool_error("acdc's model failed: " + str(doc, "error")));
                 JsonOut o;
                 std::string edits;
                 const std::string answer = str(doc, "response");
                 o.w.StartObject();
                 o.key("answer"), o.string(answer);
                 o.key("edit_results");
                 o.w.StartArray();
                 if (doc.HasMember("edit_results") && doc["edit_results"].IsArray())
                   for (const auto& r : doc["edit_results"].GetArray()) {
                     r.Accept(o.w);
                     edits += str(r, "file") + ": " + str(r, "status") + "\n";
                   }
                 o.w.EndArray();
                 o.key("files_modified"), o.strings(strs(doc, "files_modified"));
                 o.key("cancelled"), o.w.Bool(flag(doc, "cancelled"));
                 o.w.EndObject();
                 done(tool_result(edits.empty() ? answer : answer + "\n\nEdits:\n" + edits, o.text()));
               }});
  // The reply only says the turn started ({"status":"started"}); the stream follows.
  Done not_started = [this, id, done](std::string error) {
    engine_.forget_stream(id);
    turn_ended();
    done(std::move(error));
  };
  // An agent asked: acdc's model may read and search on its own (Agent mode).
  std::string start = "[" + json_string(id) + "," + json_string(question) + R"(,null,[],null,null,null,null,{"agent":true}])";
  auto run = [this, start, not_started] {
    plugin("LLMService.chat_streaming", start, not_started, [](std::string) {});
  };
  auto aborted = std::make_shared<std::atomic<bool>>(false);
  begin_turn([this, files, not_started, run, aborted, id] {
    if (aborted->load()) {  // cancelled while it waited: nothing to start
      engine_.forget_stream(id);
      return turn_ended();
    }
    if (files.empty()) return run();
    // The files join the session's selection (the browser shares it), as if
    // the user had ticked them: the turn sees them in full and may edit them.
    plugin("LLMService.get_selected_files", "[]", not_started, [this, files, not_started, run](std::string result) {
      rapidjson::Document doc;
      std::vector<std::string> selected;
      if (parse(result, doc) && doc.IsArray())
        for (const auto& f : doc.GetArray())
          if (f.IsString()) selected.emplace_back(f.GetString(), f.GetStringLength());
      for (const auto& f : files)
        if (std::find(selected.begin(), selected.end(), f) == selected.end()) selected.push_back(f);
      JsonOut o;
      o.w.StartArray();
      o.strings(selected);
      o.w.EndArray();
      plugin("LLMService.set_selected_files", o.text(), not_started, [run](std::string) { run(); });
    });
  });
  return [this, id, aborted] {
    // The turn stops within a read; its answer no longer reaches the agent.
    aborted->store(true);
    engine_.call("LLMService.cancel_streaming", "[" + json_string(id) + "]", [](acdc_status, std::string_view) {});
  };
}

void Tools::begin_turn(std::function<void()> start) {
  {
    std::lock_guard lock(turn_mu_);
    if (turn_running_) return waiting_turns_.push_back(std::move(start));
    turn_running_ = true;
  }
  start();
}

void Tools::turn_ended() {
  std::function<void()> next;
  {
    std::lock_guard lock(turn_mu_);
    if (waiting_turns_.empty()) {
      turn_running_ = false;
      return;
    }
    next = std::move(waiting_turns_.front());
    waiting_turns_.pop_front();
  }
  next();
}

}  // namespace acdc::adapters::mcp
