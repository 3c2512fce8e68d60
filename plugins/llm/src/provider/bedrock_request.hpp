// provider/bedrock_request.hpp -- the Bedrock Converse call (acdc-features.md
// §8.4a) from the internal OpenAI-style messages: POST
// {base_url}/model/{modelId}/converse-stream (or /converse), the system
// messages as top-level `system` blocks, consecutive same-role messages
// merged, each cache_control marker becoming a following
// {"cachePoint":{"type":"default"}} block, images as
// {"image":{"format","source":{"bytes"}}}, blank text as " " (Bedrock
// rejects empty text with a 400), inferenceConfig.maxTokens, and thinking
// in additionalModelRequestFields. Signed with a bearer token
// (AWS_BEARER_TOKEN_BEDROCK) or SigV4.
//
//   HttpCall call = build_bedrock_call(config, request, /*stream=*/true, /*cache_points=*/true);
#pragma once

#include "provider/http_transfer.hpp"
#include "provider/provider_config.hpp"

namespace acdc::llm {

// `cache_points` false leaves every cachePoint out: the retry after an empty
// answer (an undersized cached block made Bedrock answer 200 with nothing).
HttpCall build_bedrock_call(const ProviderConfig& config, const ChatRequest& request, bool stream,
                            bool cache_points);

}  // namespace acdc::llm
