// converse/converse_request.cpp -- see converse_request.hpp.
#include "converse/converse_request.hpp"

#include "chat/turn_outcome.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/sdk/json.hpp>
#include <acdc/util/json_writer.hpp>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::llm {
namespace {

using rapidjson::Value;

std::string text_of(const Value& v) {
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  v.Accept(w);
  return {b.GetString(), b.GetSize()};
}

const Value* member(const Value& obj, const char* key) {
  auto it = obj.FindMember(key);
  return it == obj.MemberEnd() || it->value.IsNull() ? nullptr : &it->value;
}

std::optional<std::string> string_member(const Value& obj, const char* key, const std::string& where) {
  const Value* v = member(obj, key);
  if (!v) return std::nullopt;
  if (!v->IsString()) throw acdc::invalid_params(where + "." + key + " must be a string");
  return std::string(v->GetString(), v->GetStringLength());
}

void read_messages(const Value& request, ChatRequest& chat) {
  const Value* messages = member(request, "messages");
  if (!messages || !messages->IsArray() || messages->Empty())
    throw acdc::invalid_params("request.messages must be a non-empty array of chat messages ({role, content})");
  for (const auto& m : messages->GetArray()) {
    const Value* role = m.IsObject() ? member(m, "role") : nullptr;
    if (!role || !role->IsString())
      throw acdc::invalid_params("every message in request.messages needs a string \"role\" (system, user, assistant or tool)");
  }
  chat.messages_json = text_of(*messages);
}

}  // namespace

ProviderConfig ConverseRequest::apply_to(ProviderConfig configured) const {
  if (base_url) {
    // Another endpoint speaks the OpenAI dialect with its own key; the
    // configured timeouts and retries still apply.
    configured.kind = ProviderKind::openai;
    configured.base_url = *base_url;
    configured.extra_headers.clear();
    configured.api_key_env.clear();
    configured.api_key = api_key.value_or("");
  }
  if (!chat.model.empty()) configured.model = chat.model;
  return configured;
}

ConverseRequest parse_converse_request(const Value& request, int default_max_tokens) {
  if (!request.IsObject())
    throw acdc::invalid_params("converse takes (request_id, request) where request is {messages, tools?, model?, ...}");
  ConverseRequest r;
  read_messages(request, r.chat);
  if (const Value* tools = member(request, "tools")) {
    if (!tools->IsArray()) throw acdc::invalid_params("request.tools must be an array of OpenAI function schemas");
    if (!tools->Empty()) r.chat.tools_json = text_of(*tools);
  }
  r.chat.model = string_member(request, "model", "request").value_or("");
  r.chat.reasoning_effort = string_member(request, "reasoning_effort", "request").value_or("");
  r.chat.max_tokens = default_max_tokens;
  if (const Value* max = member(request, "max_tokens")) {
    if (!max->IsInt() || max->GetInt() <= 0) throw acdc::invalid_params("request.max_tokens must be a positive integer");
    r.chat.max_tokens = max->GetInt();
  }
  if (const Value* stream = member(request, "stream")) {
    if (!stream->IsBool()) throw acdc::invalid_params("request.stream must be true or false");
    r.stream = stream->GetBool();
  }
  if (const Value* provider = member(request, "provider")) {
    if (!provider->IsObject()) throw acdc::invalid_params("request.provider must be {base_url, api_key?, extra?}");
    r.base_url = string_member(*provider, "base_url", "request.provider");
    if (!r.base_url || r.base_url->empty())
      throw acdc::invalid_params("request.provider.base_url is required: the OpenAI-compatible endpoint, e.g. https://openrouter.ai/api/v1");
    while (r.base_url->ends_with('/')) r.base_url->pop_back();
    r.api_key = string_member(*provider, "api_key", "request.provider");
    if (const Value* extra = member(*provider, "extra")) {
      if (!extra->IsObject()) throw acdc::invalid_params("request.provider.extra must be an object of request body fields");
      r.chat.extra_json = text_of(*extra);
    }
  }
  if (const Value* history = member(request, "history")) {
    if (!history->IsObject()) throw acdc::invalid_params("request.history must be {session?, user?}");
    r.record = true;
    r.history_session = string_member(*history, "session", "request.history").value_or("");
    r.history_user = string_member(*history, "user", "request.history").value_or("");
  }
  return r;
}

std::string converse_result_json(const ChatResult& result, const std::string& history_session) {
  rapidjson::StringBuffer b;
  acdc::JsonWriter w(b);
  w.StartObject();
  util::write_member(w, "text", result.text);
  util::write_member(w, "thinking", result.reasoning);
  w.Key("tool_calls");
  w.StartArray();
  for (const auto& call : result.tool_calls) {
    w.StartObject();
    util::write_member(w, "id", call.id);
    util::write_member(w, "name", call.name);
    util::write_member(w, "arguments", call.arguments);
    w.EndObject();
  }
  w.EndArray();
  util::write_member(w, "finish_reason", result.finish_reason);
  w.Key("usage");
  w.StartObject();
  util::write_member(w, "input_tokens", result.usage.input_tokens);
  util::write_member(w, "output_tokens", result.usage.output_tokens);
  util::write_member(w, "cache_read_tokens", result.usage.cache_read_tokens);
  util::write_member(w, "cache_write_tokens", result.usage.cache_write_tokens);
  util::write_member(w, "reasoning_tokens", result.usage.reasoning_tokens);
  util::write_member(w, "cost_usd", result.usage.cost_usd);  // null: the model's price is unknown
  util::write_member(w, "cache_saved_usd", result.usage.cache_saved_usd);
  w.EndObject();
  w.Key("cancelled");
  w.Bool(result.cancelled);
  if (!history_session.empty()) util::write_member(w, "history_session", history_session);
  if (result.error && !result.cancelled) {
    w.Key("error");
    w.StartObject();
    util::write_member(w, "kind", error_type_name(result.error->kind));
    util::write_member(w, "message", result.error->message);
    util::write_member(w, "status_code", result.error->status_code);
    util::write_member(w, "body", result.error->provider_body);
    w.EndObject();
  }
  w.EndObject();
  return {b.GetString(), b.GetSize()};
}

}  // namespace acdc::llm
