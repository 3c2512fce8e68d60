// converse/converse_request.hpp -- the argument and the answer of
// LLMService.converse, the protocol-neutral completion the host's adapters
// (Interactive Mode API, BB-7) call: adapters/README.md.
//
//   ConverseRequest r = parse_converse_request(doc);   // throws acdc::Error naming the field
//   ProviderConfig pc = r.apply_to(ProviderConfig::from_json(config["llm"]));
//   ChatResult result = make_provider(pc)->stream(r.chat, callbacks, cancel);
//   call.ok_raw(converse_result_json(result, history_session));
#pragma once

#include "provider/provider.hpp"
#include "provider/provider_config.hpp"

#include <rapidjson/document.h>

#include <optional>
#include <string>

namespace acdc::llm {

struct ConverseRequest {
  ChatRequest chat;  // model "" = the configured one
  // provider: {base_url, api_key?, extra?}: another OpenAI-compatible
  // endpoint for this call only.
  std::optional<std::string> base_url;
  std::optional<std::string> api_key;
  // history: {session?, user?}: record the turn in the repository's history.
  bool record = false;
  std::string history_session;  // "" = a new session
  std::string history_user;     // the user text to record before the answer
  // stream: false asks for one whole answer (a title): no deltas, the
  // provider's non-streaming call.
  bool stream = true;

  // The configuration this call runs with: `configured` with the override
  // and the call's model applied.
  ProviderConfig apply_to(ProviderConfig configured) const;
};

// Reads {messages, tools?, model?, reasoning_effort?, max_tokens?, stream?,
// provider?, history?}; throws acdc::Error(ACDC_E_INVALID_PARAMS) saying which field is
// wrong and what it must be.
ConverseRequest parse_converse_request(const rapidjson::Value& request, int default_max_tokens);

// The answer: {text, thinking, tool_calls:[{id,name,arguments}], finish_reason,
// usage (cost_usd when reported), cancelled, history_session?, error?:{kind,message,status_code,body}}.
// A failed stream still answers with what arrived; `error` says why it ended.
std::string converse_result_json(const ChatResult& result, const std::string& history_session);

}  // namespace acdc::llm
