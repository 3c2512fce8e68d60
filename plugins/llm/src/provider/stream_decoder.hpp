// provider/stream_decoder.hpp -- turns one provider's response body into the
// provider-neutral ChatResult (llm-wire.md §3 "Normalisation"), calling the
// stream callbacks as text and reasoning arrive. One subclass per wire
// format: OpenAI-compatible SSE, Anthropic SSE, Ollama NDJSON, Bedrock
// event-stream frames.
//
//   auto decoder = make_decoder(ProviderKind::anthropic, result, callbacks);
//   decoder->feed(bytes);      // any split; call for every read
//   decoder->finish();         // at EOF: flags a truncated stream
#pragma once

#include "provider/provider.hpp"
#include "provider/provider_config.hpp"

#include <memory>
#include <string_view>

namespace acdc::llm {

class StreamDecoder {
 public:
  StreamDecoder(ChatResult& result, const StreamCallbacks& callbacks)
      : result_(result), callbacks_(callbacks) {}
  virtual ~StreamDecoder() = default;

  virtual void feed(std::string_view bytes) = 0;
  // Decodes a whole non-streaming response body.
  virtual void parse_complete(std::string_view body) = 0;
  // Events that carried data (never comments or keep-alives): stall watchdogs
  // count progress with this.
  virtual long progress() const = 0;
  // The body ended: a stream without its terminator and without an error
  // already reported is a truncated stream, reported as a retryable error.
  void finish();
  // True once text, reasoning or a tool call reached the caller: from then on
  // a failure cannot be retried without repeating output.
  bool has_output() const { return has_output_; }

 protected:
  void text(std::string_view delta);
  void reasoning(std::string_view delta);
  ChatResult::ToolCall& tool(int index);
  void fail_midstream(std::string_view type, std::string_view message);

  ChatResult& result_;
  const StreamCallbacks& callbacks_;

 private:
  bool has_output_ = false;
};

std::unique_ptr<StreamDecoder> make_decoder(ProviderKind kind, ChatResult& result,
                                            const StreamCallbacks& callbacks);

}  // namespace acdc::llm
