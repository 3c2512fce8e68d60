// llm.yaml's provider keys into a ProviderConfig: defaults per provider, the
// keys of briefs/llm_yaml.md, and clear errors for bad values.
#include "provider/provider_config.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/sdk/json.hpp>

#include <catch2/catch.hpp>

using acdc::llm::ProviderConfig;
using acdc::llm::ProviderKind;

TEST_CASE("the llm.yaml keys are read, missing ones keep their defaults") {
  auto json = acdc::parse_json(R"({"provider":"openai","base_url":"https://openrouter.ai/api/v1/",
    "model":"anthropic/claude-sonnet-4.5","smaller_model":"openai/gpt-4o-mini","api_key_env":"OPENROUTER_API_KEY",
    "extra_headers":{"HTTP-Referer":"https://example.org"},"connect_timeout_seconds":3,
    "first_chunk_timeout_seconds":30,"chunk_timeout_seconds":45,"num_retries":2,"cache_min_tokens":1024})");
  auto c = ProviderConfig::from_json(json);
  CHECK(c.kind == ProviderKind::openai);
  CHECK(c.base_url == "https://openrouter.ai/api/v1");
  CHECK(c.api_key_env == "OPENROUTER_API_KEY");
  CHECK(c.extra_headers.at("HTTP-Referer") == "https://example.org");
  CHECK(c.connect_timeout_seconds == 3);
  CHECK(c.first_chunk_timeout_seconds == 30);
  CHECK(c.chunk_timeout_seconds == 45);
  CHECK(c.num_retries == 2);
  CHECK(c.request_timeout_seconds == 300);
  auto aux = c.for_aux();
  CHECK(aux.model == "openai/gpt-4o-mini");
  CHECK(aux.request_timeout_seconds == 60);
}

TEST_CASE("anthropic gets its own base URL and key variable by default") {
  auto c = ProviderConfig::from_json(acdc::parse_json(R"({"provider":"anthropic"})"));
  CHECK(c.base_url == "https://api.anthropic.com/v1");
  CHECK(c.api_key_env == "ANTHROPIC_API_KEY");
}

TEST_CASE("an unknown provider or a value of the wrong type is refused with the key named") {
  CHECK_THROWS_WITH(ProviderConfig::from_json(acdc::parse_json(R"({"provider":"vertex"})")),
                    Catch::Contains("provider 'vertex'"));
  CHECK_THROWS_WITH(ProviderConfig::from_json(acdc::parse_json(R"({"num_retries":"ten"})")),
                    "llm.yaml: 'num_retries' is \"ten\": it must be a number");
  CHECK_THROWS_AS(ProviderConfig::from_json(acdc::parse_json(R"({"extra_headers":[1]})")), acdc::Error);
  // Found by fuzz/yaml_config: a cast this large was undefined behaviour.
  CHECK_THROWS_WITH(ProviderConfig::from_json(acdc::parse_json(R"({"max_output_tokens":7.7e62})")),
                    Catch::Contains("'max_output_tokens' is out of range") && Catch::Contains("give a whole number up to"));
}

TEST_CASE("llm.yaml's ollama: gives the largest window asked for and how long the model stays loaded") {
  auto plain = ProviderConfig::from_json(acdc::parse_json(R"({"provider":"ollama"})"));
  CHECK(plain.num_ctx_max == 32768);
  CHECK(plain.keep_alive_json.empty());
  auto c = ProviderConfig::from_json(acdc::parse_json(R"({"provider":"ollama","ollama":{"num_ctx_max":8192,"keep_alive":"30m"}})"));
  CHECK(c.num_ctx_max == 8192);
  CHECK(c.keep_alive_json == "\"30m\"");
  c.num_ctx = 8192;
  CHECK(c.for_aux().num_ctx == 0);  // the smaller model's own window is set for it
  CHECK(ProviderConfig::from_json(acdc::parse_json(R"({"ollama":{"keep_alive":-1}})")).keep_alive_json == "-1");
  CHECK_THROWS_WITH(ProviderConfig::from_json(acdc::parse_json(R"({"ollama":{"num_ctx_max":0}})")),
                    Catch::Contains("'ollama.num_ctx_max' must be a whole number above 0"));
  CHECK_THROWS_WITH(ProviderConfig::from_json(acdc::parse_json(R"({"ollama":{"keep_alive":[1]}})")),
                    Catch::Contains("'ollama.keep_alive'") && Catch::Contains("-1 to keep the model loaded"));
  CHECK_THROWS_WITH(ProviderConfig::from_json(acdc::parse_json(R"({"ollama":"big"})")), Catch::Contains("'ollama' must be a mapping"));
}
