// Reasoning selected per request (ChatRequest::reasoning_effort): what each
// dialect sends, thinking deltas streamed apart from the text, and the
// first-chunk watchdog's longer wait while a model thinks (§4.9).
#include "wire_test_support.hpp"

#include "provider/provider.hpp"
#include "provider/request_builder.hpp"

#include <catch2/catch.hpp>
#include <rapidjson/document.h>

using namespace acdc::llm;
using acdc::test::FakeProvider;

namespace {

struct Streamed {
  std::string text, reasoning;
  ChatResult result;
};

Streamed stream(FakeProvider& fake, ProviderKind kind, const std::string& fixture, const std::string& effort) {
  fake.reset();
  fake.queue(R"([{"fixture":")" + fixture + R"(","split":"random"}])");
  Streamed s;
  StreamCallbacks cb;
  cb.on_text = [&](std::string_view d) { s.text += d; };
  cb.on_reasoning = [&](std::string_view d) { s.reasoning += d; };
  CancelFlag cancel{false};
  s.result = make_provider(acdc::test::fake_config(fake, kind))
                 ->stream({.model = "m", .messages_json = R"([{"role":"user","content":"hi"}])",
                           .max_tokens = 8192, .reasoning_effort = effort},
                          cb, cancel);
  return s;
}

rapidjson::Document sent_body(const FakeProvider& fake) {
  rapidjson::Document all, body;
  std::string text = fake.requests();
  all.Parse(text.data(), text.size());
  REQUIRE(all.Size() == 1);
  body.Parse(all[0]["body"].GetString());
  REQUIRE(body.IsObject());
  return body;
}

}  // namespace

TEST_CASE("Anthropic extended thinking: a budget below max_tokens, thinking deltas streamed apart") {
  FakeProvider fake;
  Streamed s = stream(fake, ProviderKind::anthropic, "anthropic_thinking.sse", "high");
  CHECK_FALSE(s.result.error);
  CHECK(s.reasoning == "The question is whether `std::map::erase` invalidates other iterators. "
                       "Only iterators to the erased element are invalidated.");
  CHECK(s.text == "No: erasing one element leaves iterators to the others valid.");
  auto body = sent_body(fake);
  REQUIRE(body.HasMember("thinking"));
  CHECK(std::string(body["thinking"]["type"].GetString()) == "enabled");
  CHECK(body["thinking"]["budget_tokens"].GetInt() == 6144);  // high wants 32000; 3/4 of max_tokens is the cap

  stream(fake, ProviderKind::anthropic, "anthropic_thinking.sse", "");
  CHECK_FALSE(sent_body(fake).HasMember("thinking"));
}

TEST_CASE("OpenAI-compatible reasoning_effort, with reasoning_content deltas streamed apart") {
  FakeProvider fake;
  Streamed s = stream(fake, ProviderKind::openai, "llamacpp_reasoning.sse", "low");
  CHECK_FALSE(s.result.error);
  CHECK_FALSE(s.reasoning.empty());
  CHECK(s.reasoning == s.result.reasoning);
  CHECK(s.text == s.result.text);
  auto body = sent_body(fake);
  REQUIRE(body.HasMember("reasoning_effort"));
  CHECK(std::string(body["reasoning_effort"].GetString()) == "low");

  stream(fake, ProviderKind::openai, "llamacpp_reasoning.sse", "");
  CHECK_FALSE(sent_body(fake).HasMember("reasoning_effort"));
}

TEST_CASE("Bedrock thinking goes in additionalModelRequestFields, reasoningContent streamed apart") {
  FakeProvider fake;
  Streamed s = stream(fake, ProviderKind::bedrock, "bedrock_converse_reasoning.eventstream", "medium");
  CHECK_FALSE(s.result.error);
  CHECK(s.reasoning == "The caller owns the buffer, so a view is safe.");
  CHECK(s.text == "Return a `std::string_view`.");
  auto body = sent_body(fake);
  CHECK(body["additionalModelRequestFields"]["thinking"]["budget_tokens"].GetInt() == 6144);
}

TEST_CASE("the first-chunk watchdog waits longer while the model reasons") {
  ProviderConfig c;
  ChatRequest r{.model = "m", .messages_json = "[]"};
  CHECK(build_call(c, r, true).first_chunk_timeout_s == 60);
  r.reasoning_effort = "medium";
  CHECK(build_call(c, r, true).first_chunk_timeout_s == 1200);
  CHECK(build_call(c, r, true).chunk_timeout_s == 120);  // between chunks, as without reasoning
}

TEST_CASE("thinking budgets by effort, never at or above max_tokens, none below the 1024 minimum") {
  CHECK(thinking_budget("", 64000) == 0);
  CHECK(thinking_budget("low", 64000) == 4096);
  CHECK(thinking_budget("medium", 64000) == 16000);
  CHECK(thinking_budget("high", 64000) == 32000);
  CHECK(thinking_budget("high", 4096) == 3072);
  CHECK(thinking_budget("low", 1200) == 0);
}
