// The model table: real context windows, the user's additions, a stated
// default; and the window a local server serves (context/served_window.hpp).
#include "context/model_limits.hpp"
#include "context/served_window.hpp"

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

TEST_CASE("a local server's window is read from Ollama's /api/show and llama.cpp's /props answers") {
  CHECK(show_context_length(R"({"details":{},"model_info":{"general.architecture":"qwen2","qwen2.context_length":32768}})") == 32768);
  CHECK(show_context_length(R"({"model_info":{"llama.context_length":131072,"llama.embedding_length":4096}})") == 131072);
  CHECK(show_context_length(R"({"model_info":{}})") == 0);
  CHECK(show_context_length("not json") == 0);
  CHECK(props_n_ctx(R"({"default_generation_settings":{"n_ctx":8192},"total_slots":1})") == 8192);
  CHECK(props_n_ctx(R"({"n_ctx":4096})") == 4096);
  CHECK(props_n_ctx(R"({"n_ctx":-1})") == 0);
  CHECK(props_n_ctx("{}") == 0);
}

TEST_CASE("the window budgeted for: llm.yaml's first, then what the server serves, Ollama's capped at num_ctx_max") {
  const ServedWindow show{.tokens = 131072, .source = "Ollama's /api/show"};
  ModelLimits big = model_limits("qwen2.5-coder:7b");
  fit_to_served(big, show, true, false, 32768);
  CHECK(big.context_window == 32768);
  CHECK(big.window_source == "Ollama's /api/show: the model's 131,072, capped at ollama.num_ctx_max 32,768");
  ModelLimits small = model_limits("my-local-model");
  CHECK_FALSE(small.known);
  fit_to_served(small, ServedWindow{.tokens = 8192, .source = "Ollama's /api/show"}, true, false, 32768);
  CHECK(small.context_window == 8192);
  CHECK(small.known);
  CHECK(small.window_source == "Ollama's /api/show: the model's 8,192");
  // Ollama did not say: the table's window, capped, and the note says what is asked for.
  ModelLimits unsaid = model_limits("my-local-model");
  fit_to_served(unsaid, ServedWindow{.source = "Ollama's /api/show", .problem = "HTTP 404"}, true, false, 16384);
  CHECK(unsaid.context_window == 16384);
  CHECK_THAT(unsaid.window_source, Catch::Contains("did not say: HTTP 404") && Catch::EndsWith("capped at ollama.num_ctx_max 16,384"));
  CHECK_THAT(unsaid.note, Catch::Contains("acdc asks Ollama for 16,384 tokens") && Catch::Contains("models:"));
  // llama.cpp's n_ctx is what it serves, larger or smaller than the table's.
  ModelLimits llama = model_limits("qwen2.5-coder");
  fit_to_served(llama, ServedWindow{.tokens = 4096, .source = "llama.cpp's /props"}, false, false, 32768);
  CHECK(llama.context_window == 4096);
  CHECK(llama.window_source == "llama.cpp's /props (the n_ctx the server runs with)");
  // A remote endpoint was not asked: the table stands.
  ModelLimits remote = model_limits("gpt-4o");
  fit_to_served(remote, ServedWindow{}, false, false, 32768);
  CHECK(remote.context_window == 128000);
  CHECK(remote.window_source == "acdc's model table");
  // llm.yaml's window wins over any server.
  rapidjson::Document llm;
  llm.Parse(R"({"models":{"qwen2.5-coder":{"context_window":65536}}})");
  ModelLimits mine = model_limits("qwen2.5-coder:7b", user_models(llm));
  fit_to_served(mine, show, true, true, 32768);
  CHECK(mine.context_window == 65536);
  CHECK(mine.window_source == "llm.yaml models:");
}

TEST_CASE("a model Ollama lists without the tools capability keeps Agent mode off, unless llm.yaml says it calls tools") {
  CHECK(show_capabilities(R"({"capabilities":["completion","tools"],"model_info":{}})") ==
        std::vector<std::string>{"completion", "tools"});
  CHECK_FALSE(show_capabilities(R"({"model_info":{}})"));  // an Ollama before capabilities
  ServedWindow no_tools{.tokens = 8192, .source = "Ollama's /api/show", .capabilities = std::vector<std::string>{"completion", "insert"}};
  ModelLimits m = model_limits("deepseek-coder:6.7b");
  fit_tools_to_served(m, no_tools, false);
  CHECK_FALSE(m.calls_tools);
  CHECK(m.no_tools_why == "Ollama's /api/show lists its capabilities as completion, insert, without tools");
  ModelLimits said = model_limits("deepseek-coder:6.7b");
  fit_tools_to_served(said, no_tools, true);  // models: {deepseek-coder: {tools: true}}
  CHECK(said.calls_tools);
  ModelLimits old = model_limits("deepseek-coder:6.7b");
  fit_tools_to_served(old, ServedWindow{.tokens = 8192}, false);  // no capabilities listed: nothing known
  CHECK(old.calls_tools);
  ModelLimits tools = model_limits("qwen2.5-coder:7b");
  fit_tools_to_served(tools, ServedWindow{.capabilities = std::vector<std::string>{"completion", "tools"}}, false);
  CHECK(tools.calls_tools);
}

TEST_CASE("Ollama's prompt_eval_count far below what was sent is a cut and is said but not when near it or on a short prompt") {
  // Ollama 0.30 and later keep half the window (num_ctx / 2 + 2) of a prompt too long for it.
  CHECK_THAT(truncation_note(16386, 30000), Catch::StartsWith("Ollama read 16,386 tokens of this prompt where acdc sent about 30,000") &&
                                                Catch::Contains("the system prompt and the map first"));
  CHECK(truncation_note(26000, 30000).empty());  // another tokenizer's count
  CHECK(truncation_note(0, 30000).empty());      // not reported (a cached prompt, on old Ollama)
  CHECK(truncation_note(100, 900).empty());      // too short to tell
}
