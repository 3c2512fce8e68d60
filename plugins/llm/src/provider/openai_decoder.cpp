// provider/openai_decoder.cpp -- see openai_decoder.hpp.
#include "provider/openai_decoder.hpp"

#include "provider/json_fields.hpp"

#include <algorithm>

namespace acdc::llm {

void OpenAiDecoder::feed(std::string_view bytes) {
  sse_.feed(bytes, [this](const SseEvent& e) { on_event(e); });
}

void OpenAiDecoder::on_event(const SseEvent& event) {
  if (event.data.starts_with("[DONE]")) {
    result_.completed = true;
    return;
  }
  rapidjson::Document chunk;
  chunk.Parse(event.data.data(), event.data.size());
  if (chunk.HasParseError() || !chunk.IsObject()) return;  // not a chunk: ignored like unknown fields
  on_choices_and_usage(chunk, "delta");
  // A mid-stream error: OpenAI and llama.cpp send {"error":{...}} alone,
  // OpenRouter puts it beside a choice with finish_reason "error".
  if (const auto* error = field(chunk, "error")) {
    if (error->IsString()) fail_midstream("server_error", error->GetString());
    else fail_midstream(str(*error, "type"), str(*error, "message"));
  }
}

void OpenAiDecoder::parse_complete(std::string_view body) {
  rapidjson::Document doc;
  doc.Parse(body.data(), body.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    fail_midstream("invalid_response", "the provider's answer is not JSON");
    return;
  }
  on_choices_and_usage(doc, "message");
  result_.completed = true;
}

void OpenAiDecoder::on_choices_and_usage(const rapidjson::Value& chunk, const char* message_key) {
  if (const auto* choices = field(chunk, "choices"); choices && choices->IsArray()) {
    for (const auto& choice : choices->GetArray()) {
      if (num(choice, "index").value_or(0) != 0) continue;  // n > 1 is never requested
      if (const auto* message = field(choice, message_key)) on_message(*message);
      std::string_view finish = str(choice, "finish_reason");
      if (result_.finish_reason.empty() && !finish.empty() && finish != "error")
        result_.finish_reason = finish;
    }
  }
  if (const auto* usage = field(chunk, "usage"); usage && usage->IsObject()) on_usage(*usage);
}

void OpenAiDecoder::on_message(const rapidjson::Value& message) {
  text(str(message, "content"));
  reasoning(str(message, "reasoning"));          // OpenRouter, Ollama
  reasoning(str(message, "reasoning_content"));  // llama.cpp, vLLM, DeepSeek
  if (const auto* calls = field(message, "tool_calls"); calls && calls->IsArray())
    for (const auto& call : calls->GetArray()) on_tool_call(call);
}

void OpenAiDecoder::on_tool_call(const rapidjson::Value& call) {
  // id, type and name come on the first fragment only; arguments are raw
  // text split anywhere, concatenated and parsed by whoever uses them.
  auto index = static_cast<int>(num(call, "index").value_or(static_cast<long>(result_.tool_calls.size())));
  ChatResult::ToolCall& t = tool(index);
  if (auto id = str(call, "id"); !id.empty()) t.id = id;
  if (const auto* fn = field(call, "function")) {
    if (auto name = str(*fn, "name"); !name.empty()) t.name = name;
    t.arguments.append(str(*fn, "arguments"));
  }
}

void OpenAiDecoder::on_usage(const rapidjson::Value& usage) {
  // prompt_tokens includes cached (and, where reported, cache-write) tokens;
  // completion_tokens includes reasoning tokens.
  long cached = 0, written = 0, reasoning_tokens = 0;
  if (const auto* details = field(usage, "prompt_tokens_details")) {
    cached = num(*details, "cached_tokens").value_or(0);
    written = num(*details, "cache_write_tokens").value_or(0);
  }
  if (const auto* details = field(usage, "completion_tokens_details"))
    reasoning_tokens = num(*details, "reasoning_tokens").value_or(0);
  Usage& u = result_.usage;
  u.input_tokens = std::max(0L, num(usage, "prompt_tokens").value_or(0) - cached - written);
  u.output_tokens = num(usage, "completion_tokens").value_or(0);
  u.cache_read_tokens = cached;
  u.cache_write_tokens = written;
  u.reasoning_tokens = reasoning_tokens;
  if (const auto* cost = field(usage, "cost"); cost && cost->IsNumber()) u.cost_usd = cost->GetDouble();
}

}  // namespace acdc::llm
