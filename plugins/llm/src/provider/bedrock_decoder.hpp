// provider/bedrock_decoder.hpp -- Bedrock ConverseStream (acdc-features.md
// §8.4a): event-stream frames whose :event-type header names a JSON payload:
// messageStart, contentBlockStart (toolUse), contentBlockDelta (text,
// reasoningContent text/signature, toolUse input), contentBlockStop,
// messageStop {stopReason}, metadata {usage}. An `exception` frame
// (throttlingException, modelStreamErrorException, ...) and a corrupt frame
// are errors that keep the partial text. Usage is Anthropic-like: input
// excludes cache reads and writes. The non-streaming Converse answer is
// decoded by parse_complete.
//
//   BedrockDecoder d(result, callbacks);
//   d.feed(bytes);   // any split
#pragma once

#include "provider/event_stream.hpp"
#include "provider/stream_decoder.hpp"

#include <rapidjson/document.h>

namespace acdc::llm {

class BedrockDecoder : public StreamDecoder {
 public:
  using StreamDecoder::StreamDecoder;

  void feed(std::string_view bytes) override;
  void parse_complete(std::string_view body) override;
  long progress() const override { return frames_.messages(); }

 private:
  void on_message(const EventMessage& message);
  void on_delta(const rapidjson::Value& event);
  void on_usage(const rapidjson::Value& usage);
  void on_stop_reason(std::string_view stop_reason);

  EventStreamParser frames_;
};

}  // namespace acdc::llm
