// fake_provider/stream_synth.hpp -- well-formed provider responses for a
// scripted answer text: OpenAI Chat Completions SSE, Anthropic Messages SSE,
// Ollama /api/chat NDJSON, and the matching non-streaming JSON bodies. Used by
// the fake provider's `text` steps (tests/fake_provider/README in the contract).
//
//   SynthUsage usage{.input_tokens = 12, .output_tokens = 5};
//   std::vector<std::string> events = synth_stream(WireFormat::openai, "Hi there", 16, usage);
//   std::string body = synth_complete(WireFormat::anthropic, "Hi there", usage);
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace acdc::test {

enum class WireFormat { openai, anthropic, ollama };

// Provider-neutral: input excludes cache reads and writes.
struct SynthUsage {
  long input_tokens = 10;
  long output_tokens = 6;
  long cache_read_tokens = 0;
  long cache_write_tokens = 0;
};

// The format a request path implies: /messages -> anthropic, /api/chat -> ollama.
WireFormat format_for_path(std::string_view path);
// What an OpenAI stream carries besides its text: reasoning deltas
// (`delta.reasoning`, before the text) and tool calls (after it, each one's
// arguments in pieces, finish_reason "tool_calls"). Other formats ignore it.
struct SynthExtras {
  std::string reasoning;
  struct ToolCall {
    std::string id, name, arguments;
  };
  std::vector<ToolCall> tool_calls;
};

// Splits UTF-8 text into pieces of at most `chars` code points (never inside one).
std::vector<std::string> split_chars(std::string_view text, int chars);
// The stream body as separate writes (one event each), terminator included.
std::vector<std::string> synth_stream(WireFormat format, std::string_view text, int chunk_chars,
                                      const SynthUsage& usage, const SynthExtras& extras = {});
// One complete non-streaming response body.
std::string synth_complete(WireFormat format, std::string_view text, const SynthUsage& usage);
// The Content-Type of a stream in this format.
std::string_view stream_content_type(WireFormat format);

}  // namespace acdc::test
