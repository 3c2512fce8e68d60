#include "interactive/conversation.hpp"

#include <acdc/host/json.hpp>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::interactive {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void str(Writer& w, std::string_view s) { w.String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }

std::string message(std::string_view role, std::string_view content) {
  rapidjson::StringBuffer b;
  Writer w(b);
  w.StartObject();
  w.Key("role"); str(w, role);
  w.Key("content"); str(w, content);
  w.EndObject();
  return b.GetString();
}

// §10 item 3 (A-14): the client's context comes first, the language is a hint.
std::string system_prompt(const SessionSettings& s) {
  std::string out;
  if (!s.context.empty()) out += s.context + "\n\n";
  out += "You are a helpful assistant: give helpful information and assistance.";
  if (!s.language.empty()) out += " Answer in this language: " + s.language + ".";
  return out;
}

std::string string_member(const rapidjson::Value& v, const char* key) {
  auto m = v.FindMember(key);
  return m != v.MemberEnd() && m->value.IsString() ? std::string(m->value.GetString(), m->value.GetStringLength())
                                                   : std::string();
}

}  // namespace

Conversation::Conversation(SessionSettings settings)
    : settings_(std::move(settings)), system_json_(message("system", system_prompt(settings_))) {}

void Conversation::add_user(std::string_view text) { messages_.push_back(message("user", text)); }

void Conversation::add_assistant(std::string_view text, const std::vector<ToolCall>& tool_calls) {
  if (tool_calls.empty()) return messages_.push_back(message("assistant", text));
  rapidjson::StringBuffer b;
  Writer w(b);
  w.StartObject();
  w.Key("role"); w.String("assistant");
  w.Key("content");
  if (text.empty()) w.Null();
  else str(w, text);
  w.Key("tool_calls");
  w.StartArray();
  for (const auto& call : tool_calls) {
    w.StartObject();
    w.Key("id"); str(w, call.id);
    w.Key("type"); w.String("function");
    w.Key("function");
    w.StartObject();
    w.Key("name"); str(w, call.name);
    w.Key("arguments"); str(w, call.arguments);
    w.EndObject();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  messages_.push_back(b.GetString());
}

void Conversation::add_tool_result(std::string_view call_id, std::string_view content) {
  rapidjson::StringBuffer b;
  Writer w(b);
  w.StartObject();
  w.Key("role"); w.String("tool");
  w.Key("tool_call_id"); str(w, call_id);
  w.Key("content"); str(w, content);
  w.EndObject();
  messages_.push_back(b.GetString());
}

std::string Conversation::request_json(const std::optional<HistoryRecord>& history) const {
  std::string out = R"({"messages":[)" + system_json_;
  for (const auto& m : messages_) {
    out += ',';
    out += m;
  }
  out += ']';
  if (!settings_.tools_json.empty()) out += R"(,"tools":)" + settings_.tools_json;
  if (!settings_.model.empty()) {
    out += R"(,"model":)";
    rpc::append_quoted(out, settings_.model);
  }
  if (history) {
    out += R"(,"history":{"record":true)";
    if (!history->session.empty()) {
      out += R"(,"session":)";
      rpc::append_quoted(out, history->session);
    }
    if (!history->user.empty()) {
      out += R"(,"user":)";
      rpc::append_quoted(out, history->user);
    }
    out += '}';
  }
  out += '}';
  return out;
}

std::optional<RoundReply> parse_round_reply(std::string_view body) {
  rapidjson::Document doc;
  if (rpc::parse_limited(body, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsObject()) return std::nullopt;
  RoundReply r;
  r.text = string_member(doc, "text");
  auto cancelled = doc.FindMember("cancelled");
  r.cancelled = cancelled != doc.MemberEnd() && cancelled->value.IsTrue();
  r.history_session = string_member(doc, "history_session");
  if (auto error = doc.FindMember("error"); error != doc.MemberEnd() && error->value.IsObject()) {
    r.error_kind = string_member(error->value, "kind");
    r.error_message = string_member(error->value, "message");
    if (r.error_message.empty()) r.error_message = "the model's stream failed (" + r.error_kind + ")";
  }
  if (auto u = doc.FindMember("usage"); u != doc.MemberEnd() && u->value.IsObject()) {
    auto integer = [&u](const char* key) {
      auto it = u->value.FindMember(key);
      return std::to_string(it != u->value.MemberEnd() && it->value.IsInt64() ? it->value.GetInt64() : 0);
    };
    auto cost = u->value.FindMember("cost_usd");
    r.usage_json = R"({"inputTokens":)" + integer("input_tokens") + R"(,"outputTokens":)" + integer("output_tokens") +
                   R"(,"cacheReadTokens":)" + integer("cache_read_tokens") + R"(,"costUsd":)" +
                   (cost != u->value.MemberEnd() && cost->value.IsNumber() ? rpc::to_text(cost->value) : "null") + "}";
  }
  auto calls = doc.FindMember("tool_calls");
  if (calls != doc.MemberEnd() && calls->value.IsArray())
    for (const auto& c : calls->value.GetArray())
      if (c.IsObject())
        r.tool_calls.push_back({string_member(c, "id"), string_member(c, "name"), string_member(c, "arguments")});
  return r;
}

std::string arguments_object(std::string_view raw) {
  rapidjson::Document doc;
  if (rpc::parse_limited(raw, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsObject()) return "{}";
  return rpc::to_text(doc);
}

}  // namespace acdc::interactive
