// provider/stream_decoder.cpp -- see stream_decoder.hpp.
#include "provider/stream_decoder.hpp"

#include "provider/anthropic_decoder.hpp"
#include "provider/bedrock_decoder.hpp"
#include "provider/error_classifier.hpp"
#include "provider/ollama_decoder.hpp"
#include "provider/openai_decoder.hpp"

namespace acdc::llm {

void StreamDecoder::finish() {
  if (result_.completed || result_.error) return;
  result_.error = classify_truncated(has_output_);
}

void StreamDecoder::text(std::string_view delta) {
  if (delta.empty()) return;
  has_output_ = true;
  result_.text.append(delta);
  if (callbacks_.on_text) callbacks_.on_text(delta);
}

void StreamDecoder::reasoning(std::string_view delta) {
  if (delta.empty()) return;
  has_output_ = true;
  result_.reasoning.append(delta);
  if (callbacks_.on_reasoning) callbacks_.on_reasoning(delta);
}

ChatResult::ToolCall& StreamDecoder::tool(int index) {
  has_output_ = true;
  for (auto& call : result_.tool_calls)
    if (call.index == index) return call;
  result_.tool_calls.push_back({.index = index});
  return result_.tool_calls.back();
}

void StreamDecoder::fail_midstream(std::string_view type, std::string_view message) {
  if (!result_.error) result_.error = classify_stream_error(type, message, has_output_);
}

std::unique_ptr<StreamDecoder> make_decoder(ProviderKind kind, ChatResult& result,
                                            const StreamCallbacks& callbacks) {
  switch (kind) {
    case ProviderKind::anthropic: return std::make_unique<AnthropicDecoder>(result, callbacks);
    case ProviderKind::ollama: return std::make_unique<OllamaDecoder>(result, callbacks);
    case ProviderKind::bedrock: return std::make_unique<BedrockDecoder>(result, callbacks);
    case ProviderKind::openai: break;
  }
  return std::make_unique<OpenAiDecoder>(result, callbacks);
}

}  // namespace acdc::llm
