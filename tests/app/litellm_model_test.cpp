// AC-DC's litellm model strings as acdc's provider and model (app/src/import/litellm_model.hpp).
#include "import/litellm_model.hpp"

#include <catch2/catch.hpp>

using acdc::app::importer::map_litellm_model;

namespace {

std::string shown(std::string_view litellm) {
  auto m = map_litellm_model(litellm);
  if (!m.mapped) return "not mapped: " + m.why;
  return m.mapped->provider + " " + m.mapped->model + " " + m.mapped->base_url + " " + m.mapped->key_env;
}

}  // namespace

TEST_CASE("bedrock/ strings keep the model id whole, inference-profile prefix and version suffix included") {
  CHECK(shown("bedrock/global.anthropic.claude-opus-4-7") ==
        "bedrock global.anthropic.claude-opus-4-7  AWS_BEARER_TOKEN_BEDROCK");
  CHECK(shown("bedrock/global.anthropic.claude-haiku-4-5-20251001-v1:0") ==
        "bedrock global.anthropic.claude-haiku-4-5-20251001-v1:0  AWS_BEARER_TOKEN_BEDROCK");
  // litellm's API selector is no part of the id.
  CHECK(shown("bedrock/converse/us.anthropic.claude-sonnet-4-5-20250929-v1:0") ==
        "bedrock us.anthropic.claude-sonnet-4-5-20250929-v1:0  AWS_BEARER_TOKEN_BEDROCK");
}

TEST_CASE("anthropic/ and openai/ strings take acdc's providers of the same name") {
  CHECK(shown("anthropic/claude-sonnet-4-5-20250929") == "anthropic claude-sonnet-4-5-20250929  ANTHROPIC_API_KEY");
  CHECK(shown("openai/gpt-5") == "openai gpt-5  OPENAI_API_KEY");
}

TEST_CASE("ollama/ strings reach Ollama as config/llm.yaml documents it: OpenAI-compatible at /v1, no key") {
  CHECK(shown("ollama/llama3") == "openai llama3 http://127.0.0.1:11434/v1 ");
  CHECK(shown("ollama_chat/qwen2.5-coder:7b") == "openai qwen2.5-coder:7b http://127.0.0.1:11434/v1 ");
  CHECK(map_litellm_model("ollama/llama3").mapped->api_base_suffix == "/v1");
}

TEST_CASE("OpenAI-compatible services are the openai provider at their endpoint") {
  CHECK(shown("openrouter/anthropic/claude-sonnet-4.5") ==
        "openai anthropic/claude-sonnet-4.5 https://openrouter.ai/api/v1 OPENROUTER_API_KEY");
  CHECK(shown("deepseek/deepseek-chat") == "openai deepseek-chat https://api.deepseek.com/v1 DEEPSEEK_API_KEY");
}

TEST_CASE("a bare model name is mapped as litellm infers it, or not at all") {
  CHECK(shown("claude-3-5-sonnet-20241022") == "anthropic claude-3-5-sonnet-20241022  ANTHROPIC_API_KEY");
  CHECK(shown("gpt-4o") == "openai gpt-4o  OPENAI_API_KEY");
  CHECK_THAT(shown("my-model"), Catch::StartsWith("not mapped: 'my-model' has no provider prefix"));
}

TEST_CASE("a route acdc has no provider for says so and what to do") {
  CHECK_THAT(shown("vertex_ai/gemini-2.5-pro"),
             Catch::StartsWith("not mapped: acdc has no provider for litellm's 'vertex_ai/' route") &&
                 Catch::EndsWith("set provider, base_url and model in llm.yaml by hand"));
  CHECK_THAT(shown("bedrock/"), Catch::StartsWith("not mapped: names no model after 'bedrock/'"));
  CHECK_THAT(shown(""), Catch::StartsWith("not mapped: is empty"));
}
