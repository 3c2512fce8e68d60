// A local model for a user with no key (issue 30), through the real host
// with the settings plugin: the fake provider plays the Ollama server
// (OLLAMA_HOST pointed at it), its /api/tags listing the models.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

using namespace acdc::llm::test;

namespace {

const char* kTags = R"({"status":200,"body":"{\"models\":[{\"name\":\"qwen2.5-coder:7b\"},{\"name\":\"llama3.1\"}]}"})";

}  // namespace

TEST_CASE("with no key and Ollama answering, the message offers it and one call switches llm.yaml to it") {
  LlmHost h({}, kWithSettings);
  std::string root = h.fake.base_url();
  root = root.substr(0, root.size() - 3);  // without /v1: Ollama's own root
  h.env = {{"OLLAMA_HOST", root}};
  acdc::test::write_file(h.config_home.path() / "llm.yaml",
                         "# mine\nprovider: openai            # the kind\nbase_url: https://api.openai.com/v1\n"
                         "model: gpt-4o\napi_key_env: ACDC_TEST_KEY_NOBODY_SET\nnum_retries: 0\n");
  h.start();
  h.fake.queue(std::string("[") + kTags + "," + kTags + "," + kTags + R"(,{"text":"Hi from qwen."}])");

  auto refused = h.call("LLMService.chat_streaming", acdc::json_array(std::string("req-nokey"), std::string("hi")));
  REQUIRE(refused.HasMember("error"));
  CHECK_THAT(str(refused["error"]["message"]),
             Catch::StartsWith("ACDC_TEST_KEY_NOBODY_SET (api_key_env in llm.yaml) is not set") &&
                 Catch::Contains("needs none). An Ollama server answers at " + root + " with qwen2.5-coder:7b, llama3.1"));
  // Nothing was chosen for the user.
  CHECK_THAT(acdc::test::read_file(h.config_home.path() / "llm.yaml"), Catch::Contains("model: gpt-4o"));

  auto offer = result(h, "LLMService.local_model_offer", "[]");
  CHECK(str(offer["base_url"]) == root + "/v1");
  REQUIRE(offer["models"].Size() == 2);

  auto used = h.call("LLMService.use_local_model", R"(["qwen2.5-coder:7b"])");
  INFO(acdc::to_json_text(used) << "\n" << h.host->output());
  REQUIRE(used.HasMember("result"));
  const std::string yaml = acdc::test::read_file(h.config_home.path() / "llm.yaml");
  CHECK_THAT(yaml, Catch::StartsWith("# mine\nprovider: openai   # the kind\n") &&
                       Catch::Contains("base_url: \"" + root + "/v1\"") && Catch::Contains("model: \"qwen2.5-coder:7b\"") &&
                       Catch::Contains("api_key_env: \"\"") && Catch::Contains("num_retries: 0") &&
                       Catch::EndsWith("smaller_model: \"qwen2.5-coder:7b\"\n"));  // a key it lacked, added
  auto r = h.chat("hello", "req-local");
  REQUIRE_FALSE(r.HasMember("error"));
  CHECK(str(r["response"]) == "Hi from qwen.");
}
