// provider/anthropic_decoder.cpp -- see anthropic_decoder.hpp.
#include "provider/anthropic_decoder.hpp"

#include "provider/json_fields.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace acdc::llm {

std::string AnthropicDecoder::finish_reason_of(std::string_view stop_reason) {
  if (stop_reason == "end_turn" || stop_reason == "stop_sequence") return "stop";
  if (stop_reason == "max_tokens") return "length";
  if (stop_reason == "tool_use") return "tool_calls";
  return std::string(stop_reason);  // pause_turn, refusal, ... passed on as they are
}

void AnthropicDecoder::feed(std::string_view bytes) {
  sse_.feed(bytes, [this](const SseEvent& e) { on_event(e); });
}

void AnthropicDecoder::on_event(const SseEvent& event) {
  rapidjson::Document doc;
  doc.Parse(event.data.data(), event.data.size());
  if (doc.HasParseError() || !doc.IsObject()) return;
  std::string_view type = str(doc, "type");
  if (type.empty()) type = event.event;
  if (type == "message_start") {
    if (const auto* usage = path(doc, "message", "usage")) on_usage(*usage);
  } else if (type == "content_block_start") {
    on_block_start(doc);
  } else if (type == "content_block_delta") {
    on_block_delta(doc);
  } else if (type == "content_block_stop") {
    for (auto& call : result_.tool_calls)  // an empty input_json means {}
      if (call.index == num(doc, "index").value_or(-1) && call.arguments.empty()) call.arguments = "{}";
  } else if (type == "message_delta") {
    if (const auto* delta = field(doc, "delta")) on_stop_reason(str(*delta, "stop_reason"));
    if (const auto* usage = field(doc, "usage")) on_usage(*usage);
  } else if (type == "message_stop") {
    result_.completed = true;
  } else if (type == "error") {
    const auto* error = field(doc, "error");
    fail_midstream(error ? str(*error, "type") : "api_error", error ? str(*error, "message") : "");
  }
}

void AnthropicDecoder::on_block_start(const rapidjson::Value& event) {
  const auto* block = field(event, "content_block");
  if (!block || str(*block, "type") != "tool_use") return;
  ChatResult::ToolCall& call = tool(static_cast<int>(num(event, "index").value_or(0)));
  call.id = str(*block, "id");
  call.name = str(*block, "name");
}

void AnthropicDecoder::on_block_delta(const rapidjson::Value& event) {
  const auto* delta = field(event, "delta");
  if (!delta) return;
  std::string_view type = str(*delta, "type");
  if (type == "text_delta") text(str(*delta, "text"));
  else if (type == "thinking_delta") reasoning(str(*delta, "thinking"));
  else if (type == "signature_delta") result_.reasoning_signature.append(str(*delta, "signature"));
  else if (type == "input_json_delta")
    tool(static_cast<int>(num(event, "index").value_or(0))).arguments.append(str(*delta, "partial_json"));
}

void AnthropicDecoder::on_usage(const rapidjson::Value& usage) {
  // Cumulative: a field present replaces the stored value; absent ones stay.
  Usage& u = result_.usage;
  u.input_tokens = num(usage, "input_tokens").value_or(u.input_tokens);
  u.output_tokens = num(usage, "output_tokens").value_or(u.output_tokens);
  u.cache_read_tokens = num(usage, "cache_read_input_tokens").value_or(u.cache_read_tokens);
  u.cache_write_tokens = num(usage, "cache_creation_input_tokens").value_or(u.cache_write_tokens);
}

void AnthropicDecoder::on_stop_reason(std::string_view stop_reason) {
  if (!stop_reason.empty() && result_.finish_reason.empty())
    result_.finish_reason = finish_reason_of(stop_reason);
}

void AnthropicDecoder::parse_complete(std::string_view body) {
  rapidjson::Document doc;
  doc.Parse(body.data(), body.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    fail_midstream("invalid_response", "the provider's answer is not JSON");
    return;
  }
  if (const auto* content = field(doc, "content"); content && content->IsArray()) {
    int index = 0;
    for (const auto& block : content->GetArray()) {
      std::string_view type = str(block, "type");
      if (type == "text") text(str(block, "text"));
      else if (type == "thinking") reasoning(str(block, "thinking"));
      else if (type == "tool_use") {
        ChatResult::ToolCall& call = tool(index);
        call.id = str(block, "id");
        call.name = str(block, "name");
        rapidjson::StringBuffer b;
        rapidjson::Writer<rapidjson::StringBuffer> w(b);
        if (const auto* input = field(block, "input")) input->Accept(w);
        call.arguments = b.GetSize() ? b.GetString() : "{}";
      }
      ++index;
    }
  }
  on_stop_reason(str(doc, "stop_reason"));
  if (const auto* usage = field(doc, "usage")) on_usage(*usage);
  result_.completed = true;
}

}  // namespace acdc::llm
