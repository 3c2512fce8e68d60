// The model table: real context windows, the user's additions, a stated default.
#include "context/model_limits.hpp"

#include <catch2/catch.hpp>

using namespace acdc::llm;

TEST_CASE("known models get their published context window and output ceiling") {
  CHECK(model_limits("gpt-4o").context_window == 128000);
  CHECK(model_limits("gpt-4o-mini").context_window == 128000);
  CHECK(model_limits("gpt-4o").output_ceiling == 16384);
  CHECK(model_limits("claude-sonnet-4-5").context_window == 200000);
  CHECK(model_limits("anthropic/claude-opus-4.5").min_cacheable_tokens == 4096);
  CHECK(model_limits("gpt-4.1").context_window == 1047576);
  CHECK(model_limits("gpt-4").context_window == 8192);
  CHECK(model_limits("gpt-4o").known);
}

TEST_CASE("an unknown model gets a stated default and a note saying how to set the real one") {
  ModelLimits m = model_limits("my-local-model");
  CHECK_FALSE(m.known);
  CHECK(m.context_window == kDefaultContextWindow);
  CHECK_THAT(m.note, Catch::Contains("my-local-model") && Catch::Contains("models:") && Catch::Contains("llm.yaml"));
}

TEST_CASE("llm.yaml's models: adds models and overrides the table, the longest name winning") {
  rapidjson::Document llm;
  llm.Parse(R"({"model":"x","models":{"my-local":{"context_window":32768,"max_output_tokens":2048},
                "my-local-model-large":{"context_window":65536},"gpt-4o":{"cache_min_tokens":2048},
                "broken":"not a mapping"}})");
  UserModels user = user_models(llm);
  CHECK(user.size() == 3);
  ModelLimits m = model_limits("my-local-model", user);
  CHECK(m.known);
  CHECK(m.context_window == 32768);
  CHECK(m.output_ceiling == 2048);
  CHECK(model_limits("my-local-model-large-v2", user).context_window == 65536);
  ModelLimits g = model_limits("gpt-4o", user);
  CHECK(g.context_window == 128000);
  CHECK(g.min_cacheable_tokens == 2048);
}

TEST_CASE("which models take images: the table, text-only members of a family, and llm.yaml's images: override") {
  for (const char* sees : {"gpt-4o", "gpt-4.1-mini", "gpt-5", "o3", "claude-sonnet-4-5", "anthropic.claude-3-5-sonnet",
                           "gemini-2.5-pro", "llava:13b", "qwen2.5-vl:7b", "llama3.2-vision", "gemma3:12b"})
    CHECK(model_limits(sees).sees_images);
  for (const char* blind : {"gpt-3.5-turbo", "gpt-4", "o3-mini", "claude-2.1", "qwen2.5-coder:7b", "deepseek-chat",
                            "my-local-model"})
    CHECK_FALSE(model_limits(blind).sees_images);
  rapidjson::Document llm;
  llm.Parse(R"({"models":{"qwen2.5-coder":{"images":true},"gpt-4o":{"images":false}}})");
  UserModels user = user_models(llm);
  CHECK(model_limits("qwen2.5-coder:7b", user).sees_images);
  CHECK_FALSE(model_limits("gpt-4o", user).sees_images);
}
