// A local model for a user with no key (issue 30), through the real host
// with the settings plugin: the fake provider plays the Ollama server
// (OLLAMA_HOST pointed at it), its /api/tags listing the models. And the
// window a local server serves (issue 41): Ollama's /api/show and
// llama.cpp's /props, as the fake answers them, set the window acdc
// budgets for, asks Ollama for (num_ctx) and shows with its source.
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
  CHECK(str(offer["base_url"]) == root);
  REQUIRE(offer["models"].Size() == 2);

  auto used = h.call("LLMService.use_local_model", R"(["qwen2.5-coder:7b"])");
  INFO(acdc::to_json_text(used) << "\n" << h.host->output());
  REQUIRE(used.HasMember("result"));
  const std::string yaml = acdc::test::read_file(h.config_home.path() / "llm.yaml");
  CHECK_THAT(yaml, Catch::StartsWith("# mine\nprovider: ollama   # the kind\n") &&
                       Catch::Contains("base_url: \"" + root + "\"") && Catch::Contains("model: \"qwen2.5-coder:7b\"") &&
                       Catch::Contains("api_key_env: \"\"") && Catch::Contains("num_retries: 0") &&
                       Catch::EndsWith("smaller_model: \"qwen2.5-coder:7b\"\n"));  // a key it lacked, added
  h.fake.serve_window(32768, 0);  // Ollama has the model: /api/show answers
  auto r = h.chat("hello", "req-local");
  REQUIRE_FALSE(r.HasMember("error"));
  CHECK(str(r["response"]) == "Hi from qwen.");
}

namespace {

// The one request body the provider got, parsed.
rapidjson::Document only_body(LlmHost& h) {
  REQUIRE(bodies(h).size() == 1);
  return request_body(h, 0);
}

}  // namespace

TEST_CASE("Ollama is asked the model's context length once, each request asks for that window, capped, and keeps the model loaded") {
  LlmHost h;
  use_llm_yaml(h, "provider: ollama\nmodel: qwen2.5-coder:7b\nollama:\n  num_ctx_max: 32768\n  keep_alive: 30m\n");
  h.start();
  h.fake.serve_window(131072, 0);
  h.fake.queue(R"([{"text":"Hi from Ollama."}])");
  auto r = h.chat("hello");
  INFO(h.host->output());
  CHECK(str(r["response"]) == "Hi from Ollama.");
  auto body = only_body(h);
  CHECK(body["options"]["num_ctx"].GetInt() == 32768);
  CHECK(str(body["keep_alive"]) == "30m");
  const std::string source = "Ollama's /api/show: the model's 131,072, capped at ollama.num_ctx_max 32,768";
  auto breakdown = result(h, "LLMService.get_context_breakdown", "[]");
  CHECK(breakdown["max_input_tokens"].GetInt() == 32768);
  CHECK(str(breakdown["window_source"]) == source);
  CHECK_THAT(h.host->output(), Catch::Contains("Window:        32,768 tokens (" + source + ")"));
  // The turn and the breakdown: the model was asked about once.
  rapidjson::Document asked;
  asked.Parse(h.fake.asked().c_str());
  int about_model = 0;
  for (const auto& a : asked.GetArray()) about_model += str(a).ends_with(R"(/api/show {"model":"qwen2.5-coder:7b"})");
  CHECK(about_model == 1);
}

TEST_CASE("a window under llm.yaml's models: is asked of Ollama as it is") {
  LlmHost h;
  use_llm_yaml(h, "provider: ollama\nmodel: qwen2.5-coder:7b\nmodels:\n  qwen2.5-coder: {context_window: 65536}\n");
  h.start();
  h.fake.serve_window(131072, 0);
  h.fake.queue(R"([{"text":"ok"}])");
  h.chat("hello");
  CHECK(only_body(h)["options"]["num_ctx"].GetInt() == 65536);
  CHECK(str(result(h, "LLMService.get_context_breakdown", "[]")["window_source"]) == "llm.yaml models:");
}

TEST_CASE("a model Ollama does not have, or no Ollama server at all, is said before anything is sent") {
  LlmHost h;
  use_llm_yaml(h, "provider: ollama\nmodel: qwen2.5-coder:7b\n");
  h.start();
  // The fake answers /api/show 404 until told a window, as Ollama does for a model not pulled.
  auto r = h.chat("hello", "req-no-model");
  CHECK_THAT(str(r["error"]), Catch::Contains("has no model 'qwen2.5-coder:7b'") &&
                                  Catch::Contains("ollama pull qwen2.5-coder:7b") && Catch::Contains("Nothing was sent"));
  CHECK(bodies(h).empty());
  // Pulled since: the next send goes, with no restart.
  h.fake.serve_window(32768, 0);
  h.fake.queue(R"([{"text":"pulled"}])");
  CHECK(str(h.chat("hello", "req-pulled")["response"]) == "pulled");

  LlmHost down;
  acdc::test::write_file(down.config_home.path() / "llm.yaml",
                         "provider: ollama\nmodel: qwen2.5-coder:7b\nbase_url: http://127.0.0.1:9\nnum_retries: 0\n");
  down.start();
  auto refused = down.chat("hello", "req-down");
  CHECK_THAT(str(refused["error"]), Catch::Contains("No Ollama server answers at http://127.0.0.1:9") &&
                                        Catch::Contains("ollama serve") && Catch::Contains("Nothing was sent"));
  CHECK(bodies(down).empty());
}

TEST_CASE("llama.cpp's n_ctx is the window: a prompt over it is refused before sending, never cut by the server") {
  std::string big;
  for (int i = 0; i < 3000; ++i) big += "def f" + std::to_string(i) + "(): return " + std::to_string(i * 7) + "\n";
  LlmHost h({{"src/big.py", big}});  // some 30,000 tokens
  use_llm_yaml(h, "provider: openai\nmodel: qwen2.5-coder\n");
  h.start();
  h.fake.serve_window(0, 16384);
  auto breakdown = result(h, "LLMService.get_context_breakdown", "[]");
  CHECK(breakdown["max_input_tokens"].GetInt() == 16384);
  CHECK(str(breakdown["window_source"]) == "llama.cpp's /props (the n_ctx the server runs with)");
  h.fake.queue(text_step("fits"));
  CHECK(str(h.chat("hello", "req-small")["response"]) == "fits");
  REQUIRE(bodies(h).size() == 1);
  result(h, "LLMService.set_selected_files", R"([["src/big.py"]])");
  auto r = h.chat("and this file?", "req-big");
  REQUIRE(r["error_info"].IsObject());
  CHECK(str(r["error_info"]["error_type"]) == "context_window_exceeded");
  CHECK_THAT(str(r["error"]), Catch::Contains("16,384-token context window") && Catch::Contains("nothing was sent"));
  CHECK(bodies(h).size() == 1);
}
