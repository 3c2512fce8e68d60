// provider/anthropic_decoder.hpp -- Anthropic Messages streaming (llm-wire.md
// §2): message_start, content blocks (text, thinking, tool_use), cumulative
// message_delta usage, message_stop as the only successful end, `ping` and
// unknown events ignored, `event: error` after HTTP 200 reported with the
// partial text. Stop reasons are mapped to the OpenAI vocabulary
// (end_turn -> stop, max_tokens -> length, tool_use -> tool_calls).
//
//   AnthropicDecoder d(result, callbacks);
//   d.feed(bytes);
#pragma once

#include "provider/sse_parser.hpp"
#include "provider/stream_decoder.hpp"

#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace acdc::llm {

class AnthropicDecoder : public StreamDecoder {
 public:
  using StreamDecoder::StreamDecoder;

  void feed(std::string_view bytes) override;
  void parse_complete(std::string_view body) override;
  long progress() const override { return sse_.events_seen(); }

  static std::string finish_reason_of(std::string_view stop_reason);

 private:
  void on_event(const SseEvent& event);
  void on_block_start(const rapidjson::Value& event);
  void on_block_delta(const rapidjson::Value& event);
  void on_usage(const rapidjson::Value& usage);
  void on_stop_reason(std::string_view stop_reason);

  SseParser sse_;
};

}  // namespace acdc::llm
