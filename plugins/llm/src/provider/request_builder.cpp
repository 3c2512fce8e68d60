// provider/request_builder.cpp -- see request_builder.hpp.
#include "provider/request_builder.hpp"

#include "provider/bedrock_request.hpp"
#include "provider/json_fields.hpp"

#include <acdc/sdk/error.hpp>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <cstdlib>

namespace acdc::llm {
namespace {

using Alloc = rapidjson::Document::AllocatorType;
using rapidjson::Value;

// OpenAI-compatible servers other than OpenRouter reject or ignore
// cache_control; a text-only array becomes one string for the strictest ones.
void strip_cache_control(Value& message, Alloc& a) {
  Value* content = message.IsObject() && message.HasMember("content") ? &message["content"] : nullptr;
  if (!content || !content->IsArray()) return;
  bool all_text = true;
  std::string joined;
  for (auto& block : content->GetArray()) {
    if (block.IsObject()) block.RemoveMember("cache_control");
    if (str(block, "type") == "text") joined.append(str(block, "text"));
    else all_text = false;
  }
  if (all_text) *content = string_value(joined, a);
}

// A tool message's images (an Agent step's: agent/tool_answer.hpp) in the
// OpenAI dialect, which takes images in user messages only: they leave their
// tool messages and follow the last of them, in one user message that says
// whose they are. (Ollama's /api/chat takes them there too.)
Value tool_images_moved(Value& messages, Alloc& a) {
  Value out(rapidjson::kArrayType), images(rapidjson::kArrayType);
  std::string owners;
  auto flush = [&] {
    if (images.Empty()) return;
    Value note(rapidjson::kObjectType), message(rapidjson::kObjectType), content(rapidjson::kArrayType);
    note.AddMember("type", "text", a);
    note.AddMember("text", string_value("The images the tool results above returned (" + owners + "):", a), a);
    content.PushBack(note, a);
    for (auto& image : images.GetArray()) content.PushBack(image, a);
    message.AddMember("role", "user", a);
    message.AddMember("content", content, a);
    out.PushBack(message, a);
    images.SetArray();
    owners.clear();
  };
  for (auto& m : messages.GetArray()) {
    if (str(m, "role") != "tool") flush();
    Value* content = str(m, "role") == "tool" && m.HasMember("content") ? &m["content"] : nullptr;
    if (content && content->IsArray()) {
      Value kept(rapidjson::kArrayType);
      const std::size_t before = images.Size();
      for (auto& block : content->GetArray())
        (str(block, "type") == "image_url" ? images : kept).PushBack(block, a);
      if (images.Size() > before) owners += (owners.empty() ? "" : ", ") + std::string(str(m, "tool_call_id"));
      *content = kept;
    }
    out.PushBack(m, a);
  }
  flush();
  return out;
}

// Ollama's /api/chat takes a message's images beside its text, as bare
// base64 in "images", not as content blocks.
void ollama_images(Value& message, Alloc& a) {
  Value* content = message.IsObject() && message.HasMember("content") ? &message["content"] : nullptr;
  if (!content || !content->IsArray()) return;
  std::string text;
  Value images(rapidjson::kArrayType);
  for (const auto& block : content->GetArray()) {
    if (str(block, "type") == "text") text.append(str(block, "text"));
    if (str(block, "type") != "image_url" || !block.HasMember("image_url")) continue;
    std::string_view url = str(block["image_url"], "url");
    if (auto comma = url.find(','); url.starts_with("data:") && comma != std::string_view::npos)
      images.PushBack(string_value(url.substr(comma + 1), a), a);
  }
  *content = string_value(text, a);
  if (!images.Empty()) message.AddMember("images", images, a);
}

// Ollama's /api/chat wants a tool call's arguments as an object, where
// OpenAI's shape (the internal one) has them as JSON text.
void ollama_tool_arguments(Value& message, Alloc& a) {
  Value* calls = message.IsObject() && message.HasMember("tool_calls") ? &message["tool_calls"] : nullptr;
  if (!calls || !calls->IsArray()) return;
  for (auto& call : calls->GetArray()) {
    Value* function = call.IsObject() && call.HasMember("function") ? &call["function"] : nullptr;
    if (!function || !function->IsObject() || !function->HasMember("arguments") || !(*function)["arguments"].IsString())
      continue;
    rapidjson::Document args;
    args.Parse((*function)["arguments"].GetString(), (*function)["arguments"].GetStringLength());
    if (args.HasParseError() || !args.IsObject()) args.SetObject();
    (*function)["arguments"].CopyFrom(args, a);
  }
}

// One internal content block in Anthropic's shape.
Value anthropic_block(const Value& block, Alloc& a) {
  if (str(block, "type") != "image_url") return Value(block, a);
  std::string_view url = block.HasMember("image_url") ? str(block["image_url"], "url") : "";
  // data:<media type>;base64,<data>
  auto semi = url.find(';'), comma = url.find(',');
  Value source(rapidjson::kObjectType), out(rapidjson::kObjectType);
  source.AddMember("type", "base64", a);
  if (url.starts_with("data:") && semi != std::string_view::npos && comma != std::string_view::npos) {
    source.AddMember("media_type", string_value(url.substr(5, semi - 5), a), a);
    source.AddMember("data", string_value(url.substr(comma + 1), a), a);
  }
  out.AddMember("type", "image", a);
  out.AddMember("source", source, a);
  if (const auto* cc = field(block, "cache_control")) out.AddMember("cache_control", Value(*cc, a), a);
  return out;
}

void append_blocks(Value& target, const Value& content, Alloc& a) {
  if (content.IsString()) {
    if (content.GetStringLength() == 0) return;  // Anthropic rejects empty text blocks
    Value text(rapidjson::kObjectType);
    text.AddMember("type", "text", a);
    text.AddMember("text", Value(content, a), a);
    target.PushBack(text, a);
  } else if (content.IsArray()) {
    for (const auto& block : content.GetArray())
      if (!(str(block, "type") == "text" && str(block, "text").empty()))
        target.PushBack(anthropic_block(block, a), a);
  }
}

// An OpenAI assistant message's tool_calls as Anthropic tool_use blocks.
void append_tool_uses(Value& target, const Value& calls, Alloc& a) {
  if (!calls.IsArray()) return;
  for (const auto& call : calls.GetArray()) {
    const Value* function = field(call, "function");
    if (!function) continue;
    rapidjson::Document input;
    std::string_view arguments = str(*function, "arguments");
    input.Parse(arguments.data(), arguments.size());
    Value block(rapidjson::kObjectType);
    block.AddMember("type", "tool_use", a);
    block.AddMember("id", string_value(str(call, "id"), a), a);
    block.AddMember("name", string_value(str(*function, "name"), a), a);
    // Arguments the model wrote as broken JSON go back as an empty input:
    // the API accepts only an object there.
    if (input.HasParseError() || !input.IsObject()) block.AddMember("input", Value(rapidjson::kObjectType), a);
    else block.AddMember("input", Value(input, a), a);
    target.PushBack(block, a);
  }
}

// An OpenAI tool message as an Anthropic tool_result block (in a user turn).
// Its content may be blocks (an agent step's last message carries the
// step's cache marker there; a tool's images follow its text); the marker
// moves onto the tool_result block, the images stay in it.
Value tool_result(const Value& m, Alloc& a) {
  Value block(rapidjson::kObjectType);
  block.AddMember("type", "tool_result", a);
  block.AddMember("tool_use_id", string_value(str(m, "tool_call_id"), a), a);
  const Value* content = field(m, "content");
  if (!content || !content->IsArray()) {
    block.AddMember("content", string_value(str(m, "content"), a), a);
    return block;
  }
  std::string text;
  const Value* cache = nullptr;
  Value images(rapidjson::kArrayType);
  for (const auto& b : content->GetArray()) {
    if (str(b, "type") == "image_url") {
      images.PushBack(anthropic_block(b, a), a);
      images[images.Size() - 1].RemoveMember("cache_control");
    } else {
      text.append(str(b, "text"));
    }
    if (const Value* cc = field(b, "cache_control")) cache = cc;
  }
  if (images.Empty()) {
    block.AddMember("content", string_value(text, a), a);
  } else {
    Value blocks(rapidjson::kArrayType), t(rapidjson::kObjectType);
    t.AddMember("type", "text", a);
    t.AddMember("text", string_value(text, a), a);
    blocks.PushBack(t, a);
    for (auto& image : images.GetArray()) blocks.PushBack(image, a);
    block.AddMember("content", blocks, a);
  }
  if (cache) block.AddMember("cache_control", Value(*cache, a), a);
  return block;
}

// The signed thinking an assistant message of an agent step carries
// ("thinking": {"text", "signature"}): Anthropic requires it back, first,
// in the assistant turn that made tool calls while thinking was on.
void append_thinking(Value& target, const Value& m, Alloc& a) {
  const Value* thinking = field(m, "thinking");
  if (!thinking || str(*thinking, "signature").empty()) return;
  Value block(rapidjson::kObjectType);
  block.AddMember("type", "thinking", a);
  block.AddMember("thinking", string_value(str(*thinking, "text"), a), a);
  block.AddMember("signature", string_value(str(*thinking, "signature"), a), a);
  target.PushBack(block, a);
}

void anthropic_messages(const Value& messages, rapidjson::Document& body) {
  Alloc& a = body.GetAllocator();
  Value system(rapidjson::kArrayType), out(rapidjson::kArrayType);
  for (const auto& m : messages.GetArray()) {
    std::string_view role = str(m, "role");
    const Value* content = field(m, "content");
    const Value* calls = field(m, "tool_calls");
    if (!content && !calls) continue;
    if (role == "system") {
      if (content) append_blocks(system, *content, a);
      continue;
    }
    // Tool results travel in the user's turn (Anthropic has no tool role).
    std::string_view turn_role = role == "tool" ? std::string_view("user") : role;
    if (out.Empty() || str(out[out.Size() - 1], "role") != turn_role) {
      Value msg(rapidjson::kObjectType);
      msg.AddMember("role", string_value(turn_role, a), a);
      msg.AddMember("content", Value(rapidjson::kArrayType), a);
      out.PushBack(msg, a);
    }
    Value& target = out[out.Size() - 1]["content"];
    if (role == "tool") {
      target.PushBack(tool_result(m, a), a);
      continue;
    }
    if (role == "assistant") append_thinking(target, m, a);
    if (content) append_blocks(target, *content, a);
    if (calls) append_tool_uses(target, *calls, a);
  }
  if (!system.Empty()) body.AddMember("system", system, a);
  body.AddMember("messages", out, a);
}

std::string to_text(const rapidjson::Document& doc) {
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  doc.Accept(w);
  return b.GetString();
}

rapidjson::Document parse_messages(const std::string& messages_json) {
  rapidjson::Document doc;
  doc.Parse(messages_json.data(), messages_json.size());
  if (doc.HasParseError() || !doc.IsArray())
    throw invalid_params("ChatRequest.messages_json must be a JSON array of messages");
  return doc;
}

// `text` parsed as a JSON array (`array`) or object; throws naming `what`.
rapidjson::Document parse_json_of(const std::string& text, const char* what, bool array) {
  rapidjson::Document doc;
  doc.Parse(text.data(), text.size());
  if (doc.HasParseError() || (array ? !doc.IsArray() : !doc.IsObject()))
    throw invalid_params(std::string("ChatRequest.") + what + " must be a JSON " + (array ? "array" : "object"));
  return doc;
}

// OpenAI function schemas as Anthropic tools ({name, description, input_schema}).
Value anthropic_tools(const std::string& tools_json, Alloc& a) {
  rapidjson::Document tools = parse_json_of(tools_json, "tools_json", true);
  Value out(rapidjson::kArrayType);
  for (const auto& t : tools.GetArray()) {
    const Value* function = field(t, "function");
    if (!function) continue;
    Value tool(rapidjson::kObjectType);
    tool.AddMember("name", string_value(str(*function, "name"), a), a);
    if (auto d = str(*function, "description"); !d.empty()) tool.AddMember("description", string_value(d, a), a);
    if (const Value* p = field(*function, "parameters")) tool.AddMember("input_schema", Value(*p, a), a);
    else tool.AddMember("input_schema", Value(rapidjson::kObjectType).AddMember("type", "object", a), a);
    out.PushBack(tool, a);
  }
  return out;
}

std::string body_for(const ProviderConfig& config, const ChatRequest& request, bool stream) {
  rapidjson::Document messages = parse_messages(request.messages_json);
  rapidjson::Document body(rapidjson::kObjectType);
  Alloc& a = body.GetAllocator();
  body.AddMember("model", string_value(request.model.empty() ? config.model : request.model, a), a);
  body.AddMember("stream", stream, a);
  if (config.kind == ProviderKind::anthropic) {
    body.AddMember("max_tokens", request.max_tokens, a);
    anthropic_messages(messages, body);
    if (!request.tools_json.empty()) body.AddMember("tools", anthropic_tools(request.tools_json, a), a);
    if (int budget = thinking_budget(request.reasoning_effort, request.max_tokens); budget > 0) {
      Value thinking(rapidjson::kObjectType);
      thinking.AddMember("type", "enabled", a);
      thinking.AddMember("budget_tokens", budget, a);
      body.AddMember("thinking", thinking, a);
    }
    return to_text(body);
  }
  bool openrouter = config.base_url.find("openrouter.ai") != std::string::npos;
  Value moved = tool_images_moved(messages, messages.GetAllocator());
  static_cast<Value&>(messages).Swap(moved);
  for (auto& m : messages.GetArray()) {
    if (!openrouter) strip_cache_control(m, a);
    // Anthropic's signed thinking means nothing to these servers, and strict ones refuse an unknown field.
    if (m.IsObject()) m.RemoveMember("thinking");
  }
  body.AddMember("messages", Value(messages, a), a);
  if (config.kind == ProviderKind::ollama) {
    for (auto& m : body["messages"].GetArray()) {
      ollama_images(m, a);
      ollama_tool_arguments(m, a);
    }
    Value options(rapidjson::kObjectType);
    options.AddMember("num_predict", request.max_tokens, a);
    // The window acdc budgets for: Ollama's own default would cut the prompt's front silently.
    if (config.num_ctx > 0) options.AddMember("num_ctx", static_cast<int64_t>(config.num_ctx), a);
    body.AddMember("options", options, a);
    if (!config.keep_alive_json.empty()) {
      rapidjson::Document keep;
      keep.Parse(config.keep_alive_json.data(), config.keep_alive_json.size());
      if (!keep.HasParseError()) body.AddMember("keep_alive", Value(keep, a), a);
    }
    if (!request.reasoning_effort.empty()) body.AddMember("think", true, a);
    // /api/chat takes OpenAI's function schemas as they are.
    if (!request.tools_json.empty()) body.AddMember("tools", Value(parse_json_of(request.tools_json, "tools_json", true), a), a);
    return to_text(body);
  }
  // api.openai.com's newer models refuse max_tokens; compatible servers know only it.
  bool official = config.base_url.find("api.openai.com") != std::string::npos;
  body.AddMember(rapidjson::StringRef(official ? "max_completion_tokens" : "max_tokens"),
                 request.max_tokens, a);
  if (stream) {
    Value options(rapidjson::kObjectType);
    options.AddMember("include_usage", true, a);
    body.AddMember("stream_options", options, a);
  }
  if (!request.reasoning_effort.empty())
    body.AddMember("reasoning_effort", string_value(request.reasoning_effort, a), a);
  if (!request.tools_json.empty()) body.AddMember("tools", Value(parse_json_of(request.tools_json, "tools_json", true), a), a);
  if (!request.extra_json.empty()) {
    rapidjson::Document extra = parse_json_of(request.extra_json, "extra_json", false);
    for (auto& m : extra.GetObject()) {
      body.RemoveMember(m.name);  // the caller's value wins
      body.AddMember(Value(m.name, a), Value(m.value, a), a);
    }
  }
  return to_text(body);
}

std::vector<std::string> headers_for(const ProviderConfig& config) {
  std::vector<std::string> headers{"Content-Type: application/json"};
  const char* key = !config.api_key.empty()     ? config.api_key.c_str()
                    : config.api_key_env.empty() ? nullptr
                                                 : std::getenv(config.api_key_env.c_str());
  if (config.kind == ProviderKind::anthropic) {
    headers.push_back("anthropic-version: 2023-06-01");
    if (key && *key) headers.push_back(std::string("x-api-key: ") + key);
  } else if (key && *key) {
    headers.push_back(std::string("Authorization: Bearer ") + key);
  }
  headers.push_back(config.kind == ProviderKind::ollama ? "Accept: application/x-ndjson"
                                                        : "Accept: text/event-stream");
  for (const auto& [name, value] : config.extra_headers) headers.push_back(name + ": " + value);
  return headers;
}

std::string url_for(const ProviderConfig& config) {
  switch (config.kind) {
    case ProviderKind::anthropic: return config.base_url + "/messages";
    case ProviderKind::ollama: return config.base_url + "/api/chat";
    case ProviderKind::openai:
    case ProviderKind::bedrock: break;  // bedrock: build_bedrock_call
  }
  return config.base_url + "/chat/completions";
}

}  // namespace

int thinking_budget(const std::string& effort, int max_tokens) {
  if (effort.empty()) return 0;
  constexpr int kMinimum = 1024;  // the API's floor
  int wanted = effort == "minimal" ? kMinimum
               : effort == "low"   ? 4096
               : effort == "high"  ? 32000
               : effort == "xhigh" || effort == "max" ? 64000
                                   : 16000;  // medium, and an effort we do not know
  // budget_tokens must stay below max_tokens, leaving room for the answer.
  int room = max_tokens - max_tokens / 4;
  int budget = std::min(wanted, room);
  return budget >= kMinimum ? budget : 0;
}

HttpCall build_call(const ProviderConfig& config, const ChatRequest& request, bool stream, bool cache_points) {
  HttpCall call;
  if (config.kind == ProviderKind::bedrock) {
    call = build_bedrock_call(config, request, stream, cache_points);
  } else {
    call.url = url_for(config);
    call.headers = headers_for(config);
    call.body = body_for(config, request, stream);
  }
  call.connect_timeout_s = config.connect_timeout_seconds;
  if (stream) {
    call.first_chunk_timeout_s = request.reasoning_effort.empty()
                                     ? config.first_chunk_timeout_seconds
                                     : std::max(config.first_chunk_timeout_seconds,
                                                config.reasoning_first_chunk_timeout_seconds);
    call.chunk_timeout_s = config.chunk_timeout_seconds;
  } else {
    call.first_chunk_timeout_s = 0;  // nothing arrives before the whole answer
    call.chunk_timeout_s = 0;
    call.total_timeout_s = config.request_timeout_seconds;
  }
  return call;
}

}  // namespace acdc::llm
