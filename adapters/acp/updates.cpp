// acp/updates.cpp -- see updates.hpp.
#include "acp/updates.hpp"

#include "acp/wire.hpp"

#include <acdc/host/json.hpp>

#include <rapidjson/document.h>

namespace acdc::adapters::acp {
namespace {

std::string text_content(std::string_view text) {
  return R"({"type":"content","content":{"type":"text","text":)" + json_string(text) + "}}";
}

std::string update(const std::string& session_id, const std::string& body) {
  return R"({"sessionId":)" + json_string(session_id) + R"(,"update":)" + body + "}";
}

}  // namespace

std::string message_chunk(const std::string& session_id, std::string_view kind, std::string_view text) {
  return update(session_id, R"({"sessionUpdate":)" + json_string(kind) + R"(,"content":{"type":"text","text":)" +
                                json_string(text) + "}}");
}

std::string tool_call(const std::string& session_id, const EditCall& call) {
  std::string content = R"([{"type":"diff","path":)" + json_string(call.path) +
                        R"(,"oldText":)" + (call.old_text ? json_string(*call.old_text) : "null") +
                        R"(,"newText":)" + json_string(call.new_text) + "}";
  if (!call.note.empty()) content += "," + text_content(call.note);
  content += "]";
  const std::string title = (call.old_text ? "Edit " : "Create ") + call.path;
  return update(session_id, R"({"sessionUpdate":"tool_call","toolCallId":)" + json_string(call.id) +
                                R"(,"title":)" + json_string(title) + R"(,"kind":"edit","status":)" + json_string(call.status) +
                                R"(,"content":)" + content + R"(,"locations":[{"path":)" + json_string(call.path) + "}]}");
}

std::string tool_call_status(const std::string& session_id, const std::string& id, std::string_view status,
                             std::string_view note) {
  std::string body = R"({"sessionUpdate":"tool_call_update","toolCallId":)" + json_string(id) + R"(,"status":)" + json_string(status);
  // Content replaces the call's content: a note keeps the diff out of view,
  // so it is only sent when there is something to say (why it failed).
  if (!note.empty()) body += R"(,"content":[)" + text_content(note) + "]";
  return update(session_id, body + "}");
}

std::string agent_step_update(const std::string& session_id, std::string_view step_json, const std::string& root) {
  rapidjson::Document step;
  if (rpc::parse_limited(step_json, step, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !step.IsObject()) return "";
  auto text = [&step](const char* key) {
    auto it = step.FindMember(key);
    return it != step.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString()) : std::string();
  };
  const std::string id = "step-" + text("id"), tool = text("tool"), status = text("status");
  if (status != "running")
    return tool_call_status(session_id, id, status == "ok" ? "completed" : "failed", tool + ": " + text("summary"));
  const auto args = step.FindMember("arguments");
  std::string path, pattern;
  if (args != step.MemberEnd() && args->value.IsObject()) {
    for (const char* key : {"path", "file"})
      if (auto p = args->value.FindMember(key); path.empty() && p != args->value.MemberEnd() && p->value.IsString())
        path = p->value.GetString();
    for (const char* key : {"command", "pattern", "name", "question"})
      if (auto p = args->value.FindMember(key); pattern.empty() && p != args->value.MemberEnd() && p->value.IsString())
        pattern = p->value.GetString();
  }
  const bool search = tool.find("search") != std::string::npos || tool.starts_with("find_") || tool == "repo_map";
  const char* kind = tool == "run_command" ? "execute" : search ? "search" : "read";
  const std::string title = tool + (path.empty() ? pattern.empty() ? "" : " " + pattern : " " + path);
  std::string body = R"({"sessionUpdate":"tool_call","toolCallId":)" + json_string(id) + R"(,"title":)" + json_string(title) +
                     R"(,"kind":)" + json_string(kind) + R"(,"status":"in_progress")";
  if (args != step.MemberEnd()) body += R"(,"rawInput":)" + rpc::to_text(args->value);
  if (!path.empty()) body += R"(,"locations":[{"path":)" + json_string(root + "/" + path) + "}]";
  return update(session_id, body + "}");
}

std::string usage_update(const std::string& session_id, std::string_view breakdown_json) {
  rapidjson::Document doc;
  if (rpc::parse_limited(breakdown_json, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsObject()) return "";
  auto number = [](const rapidjson::Value& v, const char* key) -> std::optional<double> {
    auto it = v.FindMember(key);
    return it != v.MemberEnd() && it->value.IsNumber() ? std::optional(it->value.GetDouble()) : std::nullopt;
  };
  const auto used = number(doc, "total_tokens");
  const auto size = number(doc, "max_input_tokens");
  if (!used || !size) return "";
  std::string cost = "null";
  if (auto totals = doc.FindMember("session_totals"); totals != doc.MemberEnd() && totals->value.IsObject()) {
    // cost_usd holds the cache warm-ups' cost too.
    const auto spent = number(totals->value, "cost_usd");
    if (spent && number(totals->value, "unpriced_turns").value_or(0) == 0)
      cost = R"({"amount":)" + std::to_string(*spent) + R"(,"currency":"USD"})";
  }
  return update(session_id, R"({"sessionUpdate":"usage_update","used":)" + std::to_string(static_cast<long long>(*used)) +
                                R"(,"size":)" + std::to_string(static_cast<long long>(*size)) + R"(,"cost":)" + cost + "}");
}

Completion parse_completion(std::string_view result_json) {
  Completion c;
  rapidjson::Document doc;
  if (rpc::parse_limited(result_json, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsObject()) {
    c.error = "the llm plugin's turn ended with something that is not a result";
    return c;
  }
  if (auto it = doc.FindMember("cancelled"); it != doc.MemberEnd() && it->value.IsBool()) c.cancelled = it->value.GetBool();
  if (auto it = doc.FindMember("error"); it != doc.MemberEnd() && it->value.IsString() && !c.cancelled)
    c.error = it->value.GetString();
  c.finish_reason = string_member(doc, "finish_reason");
  c.edits_not_applied = string_member(doc, "edits_not_applied");
  c.prompt_truncated = string_member(doc, "prompt_truncated");
  if (auto it = doc.FindMember("edit_results"); it != doc.MemberEnd() && it->value.IsArray())
    for (const auto& r : it->value.GetArray())
      if (r.IsObject())
        c.edits.push_back({string_member(r, "file"), string_member(r, "status"), string_member(r, "message"), string_member(r, "error_type"),
                           string_member(r, "old_preview"),
                           string_member(r, "new_preview")});
  return c;
}

const char* stop_reason(const Completion& c) {
  if (c.cancelled) return "cancelled";
  const std::string& f = c.finish_reason;
  if (f == "length" || f == "max_tokens") return "max_tokens";
  if (f == "content_filter" || f == "refusal") return "refusal";
  return "end_turn";
}

}  // namespace acdc::adapters::acp
