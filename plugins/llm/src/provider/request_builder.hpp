// provider/request_builder.hpp -- the HTTP call for one completion in the
// provider's own dialect, from the internal OpenAI-style messages of
// acdc-features.md §8.1:
// - OpenAI-compatible: POST {base_url}/chat/completions, Bearer key,
//   stream_options.include_usage; cache_control markers are passed through to
//   OpenRouter (which forwards them to Anthropic models) and stripped, with
//   text-only block arrays flattened to strings, for every other server.
// - Anthropic: POST {base_url}/messages, x-api-key and anthropic-version;
//   system messages move into the top-level `system` blocks with their
//   cache_control, images become base64 image blocks, consecutive messages
//   of the same role are merged.
// - Ollama native: POST {base_url}/api/chat, NDJSON.
// - Bedrock: ConverseStream, see bedrock_request.hpp.
// Reasoning (ChatRequest::reasoning_effort): Anthropic `thinking` with a
// budget, OpenAI-compatible `reasoning_effort`, Ollama `think`; the
// first-chunk watchdog then waits reasoning_first_chunk_timeout_seconds.
//
//   HttpCall call = build_call(config, request, /*stream=*/true);
#pragma once

#include "provider/http_transfer.hpp"
#include "provider/provider_config.hpp"

namespace acdc::llm {

// Throws acdc::Error(ACDC_E_INVALID_PARAMS) when messages_json is not a JSON
// array of messages. `cache_points` false: Bedrock's retry without them.
HttpCall build_call(const ProviderConfig& config, const ChatRequest& request, bool stream,
                    bool cache_points = true);

}  // namespace acdc::llm
