// provider/bedrock_decoder.cpp -- see bedrock_decoder.hpp.
#include "provider/bedrock_decoder.hpp"

#include "provider/anthropic_decoder.hpp"
#include "provider/json_fields.hpp"

namespace acdc::llm {

void BedrockDecoder::feed(std::string_view bytes) {
  if (frames_.failed()) return;
  frames_.feed(bytes, [this](const EventMessage& m) { on_message(m); });
  if (frames_.failed())
    fail_midstream("corrupt_frame", "the provider's event stream is corrupt (" + frames_.error() +
                                        "); the answer was cut off there, try again");
}

void BedrockDecoder::on_message(const EventMessage& message) {
  rapidjson::Document doc;
  doc.Parse(message.payload.data(), message.payload.size());
  std::string_view kind = message.header(":message-type");
  if (kind == "exception" || kind == "error") {
    std::string_view type = message.header(kind == "error" ? ":error-code" : ":exception-type");
    std::string_view text = doc.IsObject() ? str(doc, "message") : std::string_view();
    if (text.empty()) text = message.header(":error-message");
    fail_midstream(type.empty() ? "exception" : type, text);
    return;
  }
  if (doc.HasParseError() || !doc.IsObject()) return;
  std::string_view type = message.header(":event-type");
  if (type == "contentBlockStart") {
    if (const auto* use = path(doc, "start", "toolUse")) {
      ChatResult::ToolCall& call = tool(static_cast<int>(num(doc, "contentBlockIndex").value_or(0)));
      call.id = str(*use, "toolUseId");
      call.name = str(*use, "name");
    }
  } else if (type == "contentBlockDelta") {
    on_delta(doc);
  } else if (type == "messageStop") {
    on_stop_reason(str(doc, "stopReason"));
    result_.completed = true;
  } else if (type == "metadata") {
    if (const auto* usage = field(doc, "usage")) on_usage(*usage);
  }
}

void BedrockDecoder::on_delta(const rapidjson::Value& event) {
  const auto* delta = field(event, "delta");
  if (!delta) return;
  text(str(*delta, "text"));
  if (const auto* r = field(*delta, "reasoningContent")) {
    reasoning(str(*r, "text"));
    result_.reasoning_signature.append(str(*r, "signature"));
  }
  if (const auto* use = field(*delta, "toolUse"))
    tool(static_cast<int>(num(event, "contentBlockIndex").value_or(0))).arguments.append(str(*use, "input"));
}

void BedrockDecoder::on_usage(const rapidjson::Value& usage) {
  Usage& u = result_.usage;
  u.input_tokens = num(usage, "inputTokens").value_or(u.input_tokens);
  u.output_tokens = num(usage, "outputTokens").value_or(u.output_tokens);
  u.cache_read_tokens = num(usage, "cacheReadInputTokens").value_or(u.cache_read_tokens);
  u.cache_write_tokens = num(usage, "cacheWriteInputTokens").value_or(u.cache_write_tokens);
}

void BedrockDecoder::on_stop_reason(std::string_view stop_reason) {
  if (!stop_reason.empty() && result_.finish_reason.empty())
    result_.finish_reason = stop_reason == "content_filtered" || stop_reason == "guardrail_intervened"
                                ? "content_filter"
                                : AnthropicDecoder::finish_reason_of(stop_reason);
}

void BedrockDecoder::parse_complete(std::string_view body) {
  rapidjson::Document doc;
  doc.Parse(body.data(), body.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    fail_midstream("invalid_response", "the provider's answer is not JSON");
    return;
  }
  const auto* content = path(doc, "output", "message");
  if (content) content = field(*content, "content");
  if (content && content->IsArray())
    for (const auto& block : content->GetArray()) {
      text(str(block, "text"));
      if (const auto* r = field(block, "reasoningContent"))
        if (const auto* rt = field(*r, "reasoningText")) reasoning(str(*rt, "text"));
    }
  on_stop_reason(str(doc, "stopReason"));
  if (const auto* usage = field(doc, "usage")) on_usage(*usage);
  result_.completed = true;
}

}  // namespace acdc::llm
