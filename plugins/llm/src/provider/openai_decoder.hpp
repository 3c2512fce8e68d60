// provider/openai_decoder.hpp -- OpenAI-compatible Chat Completions (OpenAI,
// OpenRouter, Ollama's /v1, llama.cpp, vLLM): SSE chunks without `event:`
// lines ending in `data: [DONE]` (llm-wire.md §1, §3). Usage is normalised so
// input_tokens excludes cache reads and writes, as for Anthropic.
//
//   OpenAiDecoder d(result, callbacks);
//   d.feed("data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n");
#pragma once

#include "provider/sse_parser.hpp"
#include "provider/stream_decoder.hpp"

#include <rapidjson/document.h>

namespace acdc::llm {

class OpenAiDecoder : public StreamDecoder {
 public:
  using StreamDecoder::StreamDecoder;

  void feed(std::string_view bytes) override;
  void parse_complete(std::string_view body) override;
  long progress() const override { return sse_.events_seen(); }

 private:
  void on_event(const SseEvent& event);
  // `message` is a stream's "delta" or a complete response's "message".
  void on_message(const rapidjson::Value& message);
  void on_tool_call(const rapidjson::Value& call);
  void on_choices_and_usage(const rapidjson::Value& chunk, const char* message_key);
  void on_usage(const rapidjson::Value& usage);

  SseParser sse_;
};

}  // namespace acdc::llm
