// provider/provider_config.hpp -- the provider keys of llm.yaml
// (briefs/llm_yaml.md), parsed from the plugin's config block where the host
// has already turned the YAML into JSON.
//
//   ProviderConfig c = ProviderConfig::from_json(block["llm"]);
//   auto provider = make_provider(c);
//   auto aux = make_provider(c.for_aux());   // smaller model, aux timeout
#pragma once

#include "provider/provider.hpp"

#include <rapidjson/document.h>

#include <map>
#include <string>

namespace acdc::llm {

enum class ProviderKind { openai, anthropic, ollama, bedrock };

// The name llm.yaml gives the kind ("openai", "anthropic", "ollama", "bedrock").
const char* kind_name(ProviderKind kind);

struct ProviderConfig {
  ProviderKind kind = ProviderKind::openai;
  std::string base_url = "https://api.openai.com/v1";
  std::string model = "gpt-4o";
  std::string smaller_model = "gpt-4o-mini";
  std::string api_key_env = "OPENAI_API_KEY";  // the NAME of the variable, never the key
  // A key handed over by a caller that has its own (LLMService.converse's
  // provider override: a BB-7 user's config.json). Used before api_key_env;
  // never read from llm.yaml, which names a variable instead.
  std::string api_key;
  int max_output_tokens = 8192;
  std::map<std::string, std::string> extra_headers;
  double connect_timeout_seconds = 10;
  double request_timeout_seconds = 300;   // a whole non-streaming call
  double first_chunk_timeout_seconds = 60;
  // A reasoning model thinks before its first visible chunk (§4.9).
  double reasoning_first_chunk_timeout_seconds = 1200;
  double chunk_timeout_seconds = 120;
  double aux_request_timeout_seconds = 60;
  int num_retries = 10;                    // <= 0: a single attempt
  // Bedrock: the AWS region (llm.yaml `region`, else AWS_REGION or
  // AWS_DEFAULT_REGION); base_url defaults to its bedrock-runtime endpoint.
  // Authentication is AWS_BEARER_TOKEN_BEDROCK (api_key_env) when set, SigV4
  // otherwise, with credentials as the AWS CLI finds them (environment, then
  // the profile below).
  std::string region;
  // Bedrock: the AWS profile for SigV4 credentials (provider/aws_credentials.hpp);
  // "" for AWS_PROFILE, else default. Its region is used when none is set.
  std::string profile;
  // Ollama (llm.yaml `ollama:`): num_ctx_max, the largest window asked for
  // (Ollama sizes the model's memory to it); keep_alive as JSON text
  // ("\"30m\"", "-1"; "" for Ollama's default), how long the model stays
  // loaded after a request. num_ctx: the window acdc budgets for, asked for
  // on every request (options.num_ctx; 0: not sent), set from the model's
  // limits (service/plugin_config.hpp), never read from llm.yaml.
  long num_ctx_max = 32768;
  std::string keep_alive_json;
  long num_ctx = 0;

  // Missing keys keep their defaults (per provider for base_url and
  // api_key_env); a key of the wrong type or an unknown provider throws
  // acdc::Error(ACDC_E_INVALID_PARAMS) naming the key and what it expects.
  static ProviderConfig from_json(const rapidjson::Value& llm);
  // The same provider for commit messages and summaries: smaller model, and
  // the aux timeout for the whole call.
  ProviderConfig for_aux() const;
  // What stops a request before anything is sent: "OPENAI_API_KEY
  // (api_key_env in llm.yaml) is not set: ...", or "" when the key is there
  // or the endpoint needs none (api_key_env empty).
  std::string missing_key() const;
};

}  // namespace acdc::llm
