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

namespace {

// A repository with enough code for a map of more than 1,000 tokens.
std::map<std::string, std::string> some_code() {
  std::map<std::string, std::string> files;
  for (int f = 0; f < 12; ++f) {
    std::string text;
    for (int i = 0; i < 15; ++i)
      text += "def handler_" + std::to_string(f) + "_" + std::to_string(i) + "(request, response):\n    return " +
              std::to_string(i) + "\n\n";
    files["src/module_" + std::to_string(f) + ".py"] = text;
  }
  return files;
}

}  // namespace

TEST_CASE("an 8k window: the Agent turn sends the compact prompt and tools in one sentence, and Settings says what shrank") {
  LlmHost h(some_code(), kWithMapAndSettings);
  use_llm_yaml(h, "provider: ollama\nmodel: qwen2.5-coder:7b\n");
  h.start();
  wait_until_indexed(h);
  h.fake.serve_window(8192, 0);
  agent_on(h);
  h.fake.queue(R"([{"text":"Small but whole."}])");
  auto r = h.chat("what is here?");
  INFO(h.host->output());
  CHECK(str(r["response"]) == "Small but whole.");
  auto body = request_body(h, 0);
  CHECK(body["options"]["num_ctx"].GetInt() == 8192);
  const std::string system = str(body["messages"][0]["content"]);
  CHECK_THAT(system, Catch::Contains("the short version of acdc's instructions") && Catch::Contains("Repository Structure"));
  CHECK_THAT(system, !Catch::Contains("# The edit protocol"));  // system.md's, not sent
  REQUIRE(body["tools"].IsArray());
  REQUIRE(body["tools"].Size() > 0);
  for (const auto& t : body["tools"].GetArray()) {
    const std::string d = str(t["function"]["description"]);
    INFO(d);
    CHECK(d.find('\n') == std::string::npos);
    CHECK(d.find(". ") == std::string::npos);
    CHECK_FALSE(acdc::to_json_text(t["function"]["parameters"]).find("\"description\":\"") != std::string::npos);
  }
  CHECK_THAT(h.host->output(), Catch::Contains("shrunk to fit the 8,192-token window: the system prompt: its compact version"));

  auto fit = result(h, "LLMService.get_window_fit", "[]");
  CHECK(fit["window"].GetInt() == 8192);
  CHECK(fit["cap"].GetInt() == 2048);
  CHECK(fit["fixed_tokens"].GetInt() <= 2048);
  std::string shrunk;
  for (const auto& line : fit["shrunk"].GetArray()) shrunk += str(line) + "\n";
  CHECK_THAT(shrunk, Catch::Contains("the symbol map: ") && Catch::Contains("each tool described in one sentence") &&
                         Catch::Contains("its compact version (prompts/system_compact.md)"));
}

TEST_CASE("a large local window shrinks nothing: the whole system prompt and tool list go") {
  LlmHost h(some_code(), kWithMap);
  use_llm_yaml(h, "provider: ollama\nmodel: qwen2.5-coder:7b\n");
  h.start();
  h.fake.serve_window(131072, 0);
  agent_on(h);
  h.fake.queue(R"([{"text":"Roomy."}])");
  h.chat("what is here?");
  auto body = request_body(h, 0);
  CHECK_THAT(str(body["messages"][0]["content"]), Catch::Contains("# The edit protocol"));
  CHECK(result(h, "LLMService.get_window_fit", "[]")["shrunk"].Empty());
}

TEST_CASE("Agent mode on a model Ollama says calls no tools: a clear message and nothing sent, then the switch shows Ask") {
  LlmHost h;
  use_llm_yaml(h, "provider: ollama\nmodel: deepseek-coder:6.7b\n");
  h.start();
  h.fake.serve(R"({"context_length":16384,"capabilities":["completion","insert"]})");
  agent_on(h);  // nothing asked Ollama yet: the switch could not know
  auto refused = h.chat("fix the bug", "req-agent");
  CHECK_THAT(str(refused["error"]), Catch::Contains("Agent mode cannot run: the model deepseek-coder:6.7b does not call tools") &&
                                        Catch::Contains("lists its capabilities as completion, insert, without tools") &&
                                        Catch::Contains("Nothing was sent"));
  CHECK(bodies(h).empty());
  auto mode = result(h, "LLMService.get_agent_mode", "[]");
  CHECK_FALSE(mode["agent"].GetBool());
  CHECK_FALSE(mode["available"].GetBool());
  CHECK_THAT(str(mode["reason"]), Catch::Contains("does not call tools"));
  CHECK_FALSE(h.received("AcApp.agentModeChanged").empty());
  // The user sends again, as the switch now shows: an Ask turn, with no tools.
  h.fake.queue(R"([{"text":"Asked, not acted."}])");
  auto asked = h.chat("fix the bug", "req-ask");
  CHECK(str(asked["response"]) == "Asked, not acted.");
  REQUIRE(bodies(h).size() == 1);
  CHECK_FALSE(request_body(h, 0).HasMember("tools"));
}

TEST_CASE("a prompt Ollama read far less of than was sent is reported to the user") {
  std::string big;
  for (int i = 0; i < 400; ++i) big += "def f" + std::to_string(i) + "(): return " + std::to_string(i * 7) + "\n";
  LlmHost h({{"src/big.py", big}});  // some 4,000 tokens
  use_llm_yaml(h, "provider: ollama\nmodel: qwen2.5-coder:7b\n");
  h.start();
  h.fake.serve_window(32768, 0);
  result(h, "LLMService.set_selected_files", R"([["src/big.py"]])");
  // Ollama's count when it kept half of a 4,096-token window: 2,050.
  h.fake.queue(R"([{"text":"Answered from half.","usage":{"input_tokens":2050,"output_tokens":5}},{"text":"Whole."}])");
  auto cut = h.chat("summarise big.py", "req-cut");
  CHECK(str(cut["response"]) == "Answered from half.");
  CHECK_THAT(str(cut["prompt_truncated"]), Catch::StartsWith("Ollama read 2,050 tokens of this prompt where acdc sent about ") &&
                                               Catch::Contains("the system prompt and the map first"));
  CHECK_THAT(h.host->output(), Catch::Contains("req-cut: Ollama read 2,050 tokens"));
  // Read whole (the fake counts all it got): nothing to say.
  auto whole = h.chat("and again", "req-whole");
  CHECK_FALSE(whole.HasMember("prompt_truncated"));
}

TEST_CASE("a model Ollama has not loaded: the user hears it is loading before the answer starts") {
  LlmHost h;
  use_llm_yaml(h, "provider: ollama\nmodel: qwen2.5-coder:7b\n");
  h.start();
  h.fake.serve(R"({"context_length":32768,"loaded":[]})");
  h.fake.queue(R"([{"text":"Loaded now."},{"text":"Warm."}])");
  h.chat("hello", "req-cold");
  auto loading = [&h](const std::string& id) {
    int n = 0;
    for (const auto& e : h.received("AcApp.compactionEvent"))
      n += str(e[0]) == id && str(e[1]["stage"]) == "loading_model";
    return n;
  };
  REQUIRE(loading("req-cold") == 1);
  for (const auto& e : h.received("AcApp.compactionEvent"))
    if (str(e[0]) == "req-cold")
      CHECK_THAT(str(e[1]["message"]), Catch::Contains("Ollama is loading qwen2.5-coder:7b into memory"));
  // In memory now (Ollama tags a bare name :latest; llm.yaml named the tag).
  h.fake.serve(R"({"context_length":32768,"loaded":["qwen2.5-coder:7b"]})");
  h.chat("again", "req-warm");
  CHECK(loading("req-warm") == 0);
}

TEST_CASE("the local model offer lists each model with the window acdc would use and whether it calls tools") {
  LlmHost h({}, kWithSettings);
  std::string root = h.fake.base_url();
  root = root.substr(0, root.size() - 3);
  h.env = {{"OLLAMA_HOST", root}};
  use_llm_yaml(h, "provider: ollama\nmodel: qwen2.5-coder:7b\nollama:\n  num_ctx_max: 16384\n");
  h.start();
  h.fake.serve(R"({"models":{"qwen2.5-coder:7b":{"context_length":131072,"capabilities":["completion","tools"]},)"
               R"("phi":{"context_length":2048,"capabilities":["completion"]}}})");
  h.fake.queue(R"([{"status":200,"body":"{\"models\":[{\"name\":\"qwen2.5-coder:7b\"},{\"name\":\"phi\"},{\"name\":\"gone\"}]}"}])");
  auto offer = result(h, "LLMService.local_model_offer", "[]");
  INFO(acdc::to_json_text(offer));
  REQUIRE(offer["about"].Size() == 3);
  const auto& qwen = offer["about"][0];
  CHECK(str(qwen["model"]) == "qwen2.5-coder:7b");
  CHECK(qwen["context_length"].GetInt() == 131072);
  CHECK(qwen["window"].GetInt() == 16384);  // capped at ollama.num_ctx_max
  CHECK(qwen["tools"].GetBool());
  CHECK(offer["about"][1]["window"].GetInt() == 2048);
  CHECK_FALSE(offer["about"][1]["tools"].GetBool());
  CHECK(offer["about"][2]["window"].GetInt() == 0);  // the server did not say
  CHECK(offer["about"][2]["tools"].IsNull());
}
