// What a turn costs (context/model_prices.hpp): the bundled list prices by
// model id, llm.yaml's overrides, local endpoints, and the arithmetic.
#include "context/model_prices.hpp"

#include <catch2/catch.hpp>

#include <rapidjson/document.h>

using namespace acdc::llm;

namespace {

UserModels users(const char* llm_json) {
  rapidjson::Document d;
  d.Parse(llm_json);
  return user_models(d);
}

}  // namespace

TEST_CASE("list prices by model id, Bedrock's ids and dotted versions included") {
  auto sonnet = model_prices("global.anthropic.claude-sonnet-4-5-20250929-v1:0", false);
  REQUIRE(sonnet);
  CHECK(sonnet->input == 3);
  CHECK(sonnet->output == 15);
  CHECK(sonnet->cache_read == Approx(0.3));
  CHECK(sonnet->cache_write == Approx(3.75));
  CHECK(model_prices("claude-opus-4.5", false)->input == 5);
  CHECK(model_prices("claude-opus-4-1-20250805", false)->input == 15);
  CHECK(model_prices("claude-haiku-4-5", false)->output == 5);
  CHECK(model_prices("claude-3-5-haiku-20241022", false)->input == Approx(0.8));
  CHECK(model_prices("claude-3-haiku-20240307", false)->input == Approx(0.25));
  CHECK(model_prices("gpt-4o-mini", false)->input == Approx(0.15));  // before gpt-4o
  CHECK(model_prices("openai/gpt-4o", false)->cache_read == Approx(1.25));
  CHECK(model_prices("gpt-5-mini", false)->output == 2);
  // Every publisher the model table knows has its list price; the older
  // OpenAI ids after the newer ones that contain them.
  CHECK(model_prices("gpt-4.1-mini", false)->input == Approx(0.4));
  CHECK(model_prices("gpt-4-turbo-2024-04-09", false)->input == 10);
  CHECK(model_prices("gpt-4-0613", false)->output == 60);
  CHECK(model_prices("gpt-3.5-turbo", false)->input == Approx(0.5));
  CHECK(model_prices("gemini/gemini-2.5-pro", false)->output == 10);
  CHECK(model_prices("gemini-2.5-flash-lite", false)->input == Approx(0.1));  // before gemini-2.5-flash
  CHECK(model_prices("gemini-2.5-flash", false)->cache_read == Approx(0.075));
  CHECK(model_prices("deepseek-chat", false)->cache_read == Approx(0.028));
  CHECK(model_prices("mistral-large-latest", false)->input == 2);
  CHECK(model_prices("codestral-2501", false)->output == Approx(0.9));
  CHECK(model_prices("xai/grok-4", false)->input == 3);
  // Open weights have a host's price, not a publisher's: unknown until set.
  CHECK_FALSE(model_prices("meta-llama/llama-3.3-70b-instruct", false));
  CHECK_FALSE(model_prices("qwen/qwen-2.5-coder-32b-instruct", false));
}

TEST_CASE("an unknown model has no price, unless it is served on this machine, where it costs nothing") {
  CHECK_FALSE(model_prices("my-finetune", false));
  CHECK_FALSE(model_prices("claude-next-unknown", false));
  auto local = model_prices("qwen2.5-coder:7b", true);
  REQUIRE(local);
  CHECK(local->cost({.input_tokens = 1000000, .output_tokens = 1000000}) == 0);
  // A known model behind a local proxy is still billed by its provider.
  CHECK(model_prices("claude-sonnet-4-5", true)->input == 3);
  CHECK(is_local_endpoint("http://127.0.0.1:11434/v1"));
  CHECK(is_local_endpoint("http://localhost:8080"));
  CHECK(is_local_endpoint("http://[::1]:4000/v1"));
  CHECK(is_local_endpoint("http://user:pw@localhost/v1"));
  CHECK_FALSE(is_local_endpoint("https://api.openai.com/v1"));
  CHECK_FALSE(is_local_endpoint("https://localhost.example.com/v1"));
}

TEST_CASE("llm.yaml's models: prices an unknown model and overrides a listed one field by field") {
  const UserModels user = users(R"({"models":{"my-finetune":{"price_input":0.5,"price_output":1.5},
                                              "sonnet-4-5":{"price_output":12}}})");
  auto mine = model_prices("org/my-finetune-v2", false, user);
  REQUIRE(mine);
  CHECK(mine->input == 0.5);
  CHECK(mine->output == 1.5);
  CHECK(mine->cache_read == 0.5);  // no cache price given: no discount assumed
  auto sonnet = model_prices("claude-sonnet-4-5", false, user);
  CHECK(sonnet->output == 12);
  CHECK(sonnet->input == 3);  // the rest as listed
  // An output price alone for a model the table does not know is still no price.
  CHECK_FALSE(model_prices("other", false, users(R"({"models":{"other":{"price_output":1}}})")));
  // A negative price is not a price (the settings plugin refuses it first).
  CHECK_FALSE(model_prices("my-x", false, users(R"({"models":{"my-x":{"price_input":-1}}})")));
}

TEST_CASE("a turn's cost and what its cache saved, from the normalised usage") {
  const Prices sonnet = *model_prices("claude-sonnet-4-5", false);
  // 300 fresh, 2,000 read from the cache, 500 written, 40 out.
  Usage u{.input_tokens = 300, .output_tokens = 40, .cache_read_tokens = 2000, .cache_write_tokens = 500};
  CHECK(sonnet.cost(u) == Approx((300 * 3 + 40 * 15 + 2000 * 0.3 + 500 * 3.75) / 1e6));
  CHECK(sonnet.cache_saving(u) == Approx((2000 * (3 - 0.3) - 500 * (3.75 - 3)) / 1e6));
  price_usage(u, sonnet);
  CHECK(*u.cost_usd == Approx(0.003975));
  // A cost the provider reported (OpenRouter) stands.
  Usage reported{.input_tokens = 10, .cost_usd = 0.5};
  price_usage(reported, sonnet);
  CHECK(*reported.cost_usd == 0.5);
  Usage unknown{.input_tokens = 10};
  price_usage(unknown, std::nullopt);
  CHECK_FALSE(unknown.cost_usd);
  CHECK_FALSE(unknown.cache_saved_usd);
}
