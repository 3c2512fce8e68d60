// provider/bedrock_request.cpp -- see bedrock_request.hpp.
#include "provider/bedrock_request.hpp"

#include "provider/aws_credentials.hpp"
#include "provider/json_fields.hpp"
#include "provider/sigv4.hpp"

#include <acdc/sdk/error.hpp>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdlib>

namespace acdc::llm {
namespace {

using Alloc = rapidjson::Document::AllocatorType;
using rapidjson::Value;

Value cache_point(Alloc& a) {
  Value type(rapidjson::kObjectType), block(rapidjson::kObjectType);
  type.AddMember("type", "default", a);
  block.AddMember("cachePoint", type, a);
  return block;
}

Value text_block(std::string_view text, Alloc& a) {
  Value block(rapidjson::kObjectType);
  // Bedrock refuses blank text blocks with a 400 (§8.4 quirks).
  bool blank = text.find_first_not_of(" \t\r\n") == std::string_view::npos;
  block.AddMember("text", string_value(blank ? std::string_view(" ") : text, a), a);
  return block;
}

// data:image/png;base64,<data> -> {"image":{"format":"png","source":{"bytes":<data>}}}
Value image_block(std::string_view url, Alloc& a) {
  auto slash = url.find('/'), semi = url.find(';'), comma = url.find(',');
  Value source(rapidjson::kObjectType), image(rapidjson::kObjectType), block(rapidjson::kObjectType);
  std::string_view format = "png", data;
  if (url.starts_with("data:") && slash < semi && semi < comma && comma != std::string_view::npos) {
    format = url.substr(slash + 1, semi - slash - 1);
    if (format == "jpg") format = "jpeg";
    data = url.substr(comma + 1);
  }
  source.AddMember("bytes", string_value(data, a), a);
  image.AddMember("format", string_value(format, a), a);
  image.AddMember("source", source, a);
  block.AddMember("image", image, a);
  return block;
}

void append_content(Value& target, const Value& content, bool cache_points, Alloc& a) {
  if (content.IsString()) {
    target.PushBack(text_block({content.GetString(), content.GetStringLength()}, a), a);
    return;
  }
  if (!content.IsArray()) return;
  for (const auto& block : content.GetArray()) {
    std::string_view type = str(block, "type");
    if (type == "text") target.PushBack(text_block(str(block, "text"), a), a);
    else if (type == "image_url") {
      const auto* image = field(block, "image_url");
      target.PushBack(image_block(image ? str(*image, "url") : std::string_view(), a), a);
    } else {
      continue;
    }
    if (cache_points && field(block, "cache_control")) target.PushBack(cache_point(a), a);
  }
}

// An agent step's blocks in Converse's words: the assistant's signed
// thinking (reasoningContent, first, as Claude wants it back), its tool calls
// (toolUse), and a tool message's result (toolResult, in the user's turn; its
// cache marker becomes a cachePoint after it).
void append_thinking(Value& target, const Value& m, Alloc& a) {
  const Value* thinking = field(m, "thinking");
  if (!thinking || str(*thinking, "signature").empty()) return;
  Value text(rapidjson::kObjectType), reasoning(rapidjson::kObjectType), block(rapidjson::kObjectType);
  text.AddMember("text", string_value(str(*thinking, "text"), a), a);
  text.AddMember("signature", string_value(str(*thinking, "signature"), a), a);
  reasoning.AddMember("reasoningText", text, a);
  block.AddMember("reasoningContent", reasoning, a);
  target.PushBack(block, a);
}

void append_tool_uses(Value& target, const Value& m, Alloc& a) {
  const Value* calls = field(m, "tool_calls");
  if (!calls || !calls->IsArray()) return;
  for (const auto& call : calls->GetArray()) {
    const Value* function = field(call, "function");
    if (!function) continue;
    rapidjson::Document input;
    const std::string_view arguments = str(*function, "arguments");
    input.Parse(arguments.data(), arguments.size());
    Value use(rapidjson::kObjectType), block(rapidjson::kObjectType);
    use.AddMember("toolUseId", string_value(str(call, "id"), a), a);
    use.AddMember("name", string_value(str(*function, "name"), a), a);
    if (input.HasParseError() || !input.IsObject()) use.AddMember("input", Value(rapidjson::kObjectType), a);
    else use.AddMember("input", Value(input, a), a);
    block.AddMember("toolUse", use, a);
    target.PushBack(block, a);
  }
}

void append_tool_result(Value& target, const Value& m, bool cache_points, Alloc& a) {
  const Value* content = field(m, "content");
  Value texts(rapidjson::kArrayType), result(rapidjson::kObjectType), block(rapidjson::kObjectType);
  bool marked = false;
  if (content && content->IsString()) texts.PushBack(text_block({content->GetString(), content->GetStringLength()}, a), a);
  if (content && content->IsArray())
    for (const auto& b : content->GetArray()) {
      // A tool's images (Converse's toolResult takes them) follow its text.
      if (str(b, "type") == "image_url") {
        const auto* image = field(b, "image_url");
        texts.PushBack(image_block(image ? str(*image, "url") : std::string_view(), a), a);
      } else {
        texts.PushBack(text_block(str(b, "text"), a), a);
      }
      marked = marked || field(b, "cache_control");
    }
  result.AddMember("toolUseId", string_value(str(m, "tool_call_id"), a), a);
  result.AddMember("content", texts, a);
  block.AddMember("toolResult", result, a);
  target.PushBack(block, a);
  if (cache_points && marked) target.PushBack(cache_point(a), a);
}

// OpenAI function schemas as Converse's toolConfig.
Value tool_config(const std::string& tools_json, Alloc& a) {
  rapidjson::Document tools;
  tools.Parse(tools_json.data(), tools_json.size());
  if (tools.HasParseError() || !tools.IsArray()) throw invalid_params("ChatRequest.tools_json must be a JSON array");
  Value list(rapidjson::kArrayType), config(rapidjson::kObjectType);
  for (const auto& t : tools.GetArray()) {
    const Value* function = field(t, "function");
    if (!function) continue;
    Value spec(rapidjson::kObjectType), schema(rapidjson::kObjectType), tool(rapidjson::kObjectType);
    spec.AddMember("name", string_value(str(*function, "name"), a), a);
    spec.AddMember("description", string_value(str(*function, "description"), a), a);
    if (const Value* parameters = field(*function, "parameters")) schema.AddMember("json", Value(*parameters, a), a);
    else schema.AddMember("json", Value(rapidjson::kObjectType), a);
    spec.AddMember("inputSchema", schema, a);
    tool.AddMember("toolSpec", spec, a);
    list.PushBack(tool, a);
  }
  config.AddMember("tools", list, a);
  return config;
}

std::string body_for(const ChatRequest& request, bool cache_points) {
  rapidjson::Document messages;
  messages.Parse(request.messages_json.data(), request.messages_json.size());
  if (messages.HasParseError() || !messages.IsArray())
    throw invalid_params("ChatRequest.messages_json must be a JSON array of messages");
  rapidjson::Document body(rapidjson::kObjectType);
  Alloc& a = body.GetAllocator();
  Value system(rapidjson::kArrayType), out(rapidjson::kArrayType);
  for (const auto& m : messages.GetArray()) {
    const std::string_view role = str(m, "role");
    const Value* content = field(m, "content");
    if (!content && !field(m, "tool_calls")) continue;
    if (role == "system") {
      if (content) append_content(system, *content, cache_points, a);
      continue;
    }
    // Tool results travel in the user's turn, as Anthropic's do.
    const std::string_view turn_role = role == "tool" ? std::string_view("user") : role;
    if (out.Empty() || str(out[out.Size() - 1], "role") != turn_role) {
      Value msg(rapidjson::kObjectType);
      msg.AddMember("role", string_value(turn_role, a), a);
      msg.AddMember("content", Value(rapidjson::kArrayType), a);
      out.PushBack(msg, a);
    }
    Value& target = out[out.Size() - 1]["content"];
    if (role == "tool") {
      append_tool_result(target, m, cache_points, a);
      continue;
    }
    if (role == "assistant") append_thinking(target, m, a);
    // An assistant turn that only calls tools has no text (Bedrock refuses an empty block).
    const bool no_text = content && content->IsString() && content->GetStringLength() == 0 && field(m, "tool_calls");
    if (content && !no_text) append_content(target, *content, cache_points, a);
    if (role == "assistant") append_tool_uses(target, m, a);
  }
  if (!system.Empty()) body.AddMember("system", system, a);
  body.AddMember("messages", out, a);
  Value inference(rapidjson::kObjectType);
  inference.AddMember("maxTokens", request.max_tokens, a);
  body.AddMember("inferenceConfig", inference, a);
  if (!request.tools_json.empty()) body.AddMember("toolConfig", tool_config(request.tools_json, a), a);
  if (int budget = thinking_budget(request.reasoning_effort, request.max_tokens); budget > 0) {
    Value thinking(rapidjson::kObjectType), extra(rapidjson::kObjectType);
    thinking.AddMember("type", "enabled", a);
    thinking.AddMember("budget_tokens", budget, a);
    extra.AddMember("thinking", thinking, a);
    body.AddMember("additionalModelRequestFields", extra, a);
  }
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  body.Accept(w);
  return b.GetString();
}

// "https://host[:port]/prefix" -> host[:port] and /prefix.
std::pair<std::string, std::string> split_url(const std::string& url) {
  auto scheme = url.find("://");
  std::size_t host_at = scheme == std::string::npos ? 0 : scheme + 3;
  auto slash = url.find('/', host_at);
  if (slash == std::string::npos) return {url.substr(host_at), ""};
  return {url.substr(host_at, slash - host_at), url.substr(slash)};
}

}  // namespace

HttpCall build_bedrock_call(const ProviderConfig& config, const ChatRequest& request, bool stream,
                            bool cache_points) {
  HttpCall call;
  std::string model = request.model.empty() ? config.model : request.model;
  // The reference's litellm spelling (bedrock/<id>, bedrock/converse/<id>)
  // names the same model; inference-profile prefixes (global., us.) stay.
  for (std::string_view prefix : {"bedrock/", "converse/"})
    if (model.starts_with(prefix)) model.erase(0, prefix.size());
  auto [host, prefix] = split_url(config.base_url);
  std::string path = prefix + "/model/" + aws_uri_encode(model, false) + (stream ? "/converse-stream" : "/converse");
  call.url = config.base_url.substr(0, config.base_url.size() - prefix.size()) + path;
  call.body = body_for(request, cache_points);
  call.headers = {"Content-Type: application/json",
                  stream ? "Accept: application/vnd.amazon.eventstream" : "Accept: application/json"};
  const char* token = config.api_key_env.empty() ? nullptr : std::getenv(config.api_key_env.c_str());
  if (token && *token) {
    call.headers.push_back(std::string("Authorization: Bearer ") + token);
  } else if (std::optional<AwsCredentials> creds = find_aws_credentials(config.profile, config.region)) {
    SigV4Request r{.method = "POST", .host = host, .path = path, .query = "", .payload = call.body,
                   .headers = {{"content-type", "application/json"}}};
    for (const auto& [name, value] : sign_sigv4(r, *creds, config.region, "bedrock", amz_date_now()))
      call.headers.push_back(name + ": " + value);
  }
  for (const auto& [name, value] : config.extra_headers) call.headers.push_back(name + ": " + value);
  return call;
}

}  // namespace acdc::llm
