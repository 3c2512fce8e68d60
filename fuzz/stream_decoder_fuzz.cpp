// fuzz/stream_decoder_fuzz.cpp -- provider response bodies into the llm
// plugin's stream decoders: OpenAI-compatible SSE, Anthropic SSE, Ollama
// NDJSON and Bedrock event-stream frames (plugins/llm/src/provider).
//
// The first byte picks the decoder and whether the body is a stream or a
// complete (non-streaming) answer; the second seeds the sizes of the reads a
// stream arrives in. A stream fed in those pieces must decode exactly as the
// same bytes fed at once (llm-wire.md §0: events split across reads anywhere),
// and the text the callbacks saw must be the text of the result.
#include "provider/stream_decoder.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

using namespace acdc::llm;

struct Decoded {
  ChatResult result;
  std::string streamed_text;
  std::string streamed_reasoning;
};

void decode(ProviderKind kind, std::string_view body, bool complete, uint8_t seed, Decoded& out) {
  StreamCallbacks callbacks{
      .on_text = [&](std::string_view d) { out.streamed_text += d; },
      .on_reasoning = [&](std::string_view d) { out.streamed_reasoning += d; },
  };
  auto decoder = make_decoder(kind, out.result, callbacks);
  if (complete) return decoder->parse_complete(body);
  if (seed == 0) {
    decoder->feed(body);
  } else {
    uint32_t state = seed;
    while (!body.empty()) {
      state = state * 1103515245u + 12345u;
      size_t n = std::min<size_t>(body.size(), 1 + (state >> 16) % 37);
      decoder->feed(body.substr(0, n));
      body.remove_prefix(n);
    }
  }
  decoder->finish();
}

[[noreturn]] void differ(const char* what, std::string_view a, std::string_view b) {
  std::fprintf(stderr, "%s differs: '%.*s' vs '%.*s'\n", what, static_cast<int>(a.size()), a.data(),
               static_cast<int>(b.size()), b.data());
  std::abort();
}

void expect_same(const char* what, std::string_view a, std::string_view b) {
  if (a != b) differ(what, a, b);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const auto kind = static_cast<ProviderKind>(data[0] & 3);
  const bool complete = data[0] & 4;
  const uint8_t seed = data[1];
  std::string_view body(reinterpret_cast<const char*>(data + 2), size - 2);

  Decoded once;
  decode(kind, body, complete, 0, once);
  if (!complete) {
    expect_same("streamed text and result text", once.streamed_text, once.result.text);
    expect_same("streamed and result reasoning", once.streamed_reasoning, once.result.reasoning);
  }
  if (complete || seed == 0) return 0;

  Decoded pieces;
  decode(kind, body, false, seed, pieces);
  const ChatResult& a = once.result;
  const ChatResult& b = pieces.result;
  expect_same("text", a.text, b.text);
  expect_same("reasoning", a.reasoning, b.reasoning);
  expect_same("finish_reason", a.finish_reason, b.finish_reason);
  expect_same("completed", a.completed ? "yes" : "no", b.completed ? "yes" : "no");
  expect_same("error", a.error ? a.error->message : "", b.error ? b.error->message : "");
  if (a.tool_calls.size() != b.tool_calls.size()) differ("tool call count", "", "");
  for (size_t i = 0; i < a.tool_calls.size(); ++i) {
    expect_same("tool call name", a.tool_calls[i].name, b.tool_calls[i].name);
    expect_same("tool call arguments", a.tool_calls[i].arguments, b.tool_calls[i].arguments);
  }
  if (a.usage.input_tokens != b.usage.input_tokens || a.usage.output_tokens != b.usage.output_tokens)
    differ("usage", "", "");
  return 0;
}
