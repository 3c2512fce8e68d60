// How a stream behaves when the provider is slow, silent, cut off or
// cancelled, and what the requests on the wire look like.
#include "wire_test_support.hpp"

#include "provider/provider.hpp"

#include <catch2/catch.hpp>
#include <rapidjson/document.h>

#include <chrono>
#include <cstdlib>

using namespace acdc::llm;
using acdc::test::FakeProvider;
using Clock = std::chrono::steady_clock;

namespace {

const ChatRequest kRequest{.model = "m", .messages_json = R"([{"role":"user","content":"hi"}])"};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

rapidjson::Document last_request(const FakeProvider& fake) {
  rapidjson::Document all;
  std::string text = fake.requests();
  all.Parse(text.data(), text.size());
  REQUIRE(all.Size() > 0);
  rapidjson::Document one;
  one.CopyFrom(all[all.Size() - 1], one.GetAllocator());
  return one;
}

rapidjson::Document body_of(const rapidjson::Value& request) {
  rapidjson::Document body;
  body.Parse(request["body"].GetString());
  return body;
}

}  // namespace

TEST_CASE("keep-alive comments are not progress: the first-chunk timeout still fires") {
  FakeProvider fake;
  // 4 comments of 25 bytes, 20 bytes every 150 ms: data starts after ~750 ms.
  fake.queue(R"([{"fixture":"openrouter_keepalive.sse","split":20,"delay_ms":150}])");
  auto config = acdc::test::fake_config(fake, ProviderKind::openai);
  config.first_chunk_timeout_seconds = 0.35;
  CancelFlag cancel{false};
  ChatResult r = make_provider(config)->stream(kRequest, {}, cancel);
  REQUIRE(r.error);
  CHECK(r.error->kind == ErrorKind::timeout);
  CHECK_THAT(r.error->message, Catch::Contains("first_chunk_timeout_seconds"));
}

TEST_CASE("keep-alives before the first token do not disturb a stream within its timeouts") {
  FakeProvider fake;
  fake.queue(R"([{"fixture":"openrouter_keepalive.sse","split":"random","delay_ms":2}])");
  CancelFlag cancel{false};
  ChatResult r = make_provider(acdc::test::fake_config(fake, ProviderKind::openai))->stream(kRequest, {}, cancel);
  CHECK_FALSE(r.error);
  CHECK(r.text == "It is in `src/config/loader.cpp`.");
}

TEST_CASE("a provider that never answers hits the first-chunk timeout") {
  FakeProvider fake;
  fake.queue(R"([{"hang":true}])");
  auto config = acdc::test::fake_config(fake, ProviderKind::anthropic);
  config.first_chunk_timeout_seconds = 0.3;
  CancelFlag cancel{false};
  auto start = Clock::now();
  ChatResult r = make_provider(config)->stream(kRequest, {}, cancel);
  REQUIRE(r.error);
  CHECK(r.error->kind == ErrorKind::timeout);
  CHECK(seconds_since(start) < 1.5);
}

TEST_CASE("a stream that stalls midway hits the between-chunk timeout and keeps its text") {
  FakeProvider fake;
  // The first write holds the role delta and the first words, then it stalls.
  fake.queue(R"([{"fixture":"openai_text.sse","split":1000,"delay_ms":600}])");
  auto config = acdc::test::fake_config(fake, ProviderKind::openai);
  config.chunk_timeout_seconds = 0.25;
  config.num_retries = 3;  // output has flowed: never retried
  CancelFlag cancel{false};
  int retries = 0;
  ChatResult r = make_provider(config)->stream(
      kRequest, {.on_retry = [&](const RetryNotice&) { ++retries; }}, cancel);
  REQUIRE(r.error);
  CHECK(r.error->kind == ErrorKind::timeout);
  CHECK_THAT(r.error->message, Catch::Contains("mid-stream"));
  CHECK_THAT(r.text, Catch::StartsWith("Prefer"));
  CHECK(retries == 0);
}

TEST_CASE("a connection cut midway ends with an error that keeps the partial text") {
  FakeProvider fake;
  fake.queue(R"([{"text":"The quick brown fox jumps over the lazy dog","chunk_chars":5,"cut_after_bytes":700}])");
  CancelFlag cancel{false};
  ChatResult r = make_provider(acdc::test::fake_config(fake, ProviderKind::openai))->stream(kRequest, {}, cancel);
  REQUIRE(r.error);
  CHECK(r.error->kind == ErrorKind::api_connection);
  CHECK_THAT(r.error->message, Catch::StartsWith("Stream failed mid-response"));
  CHECK_FALSE(r.text.empty());
  CHECK(std::string("The quick brown fox jumps over the lazy dog").starts_with(r.text));
  CHECK_FALSE(r.completed);
}

TEST_CASE("cancel stops a stream mid-read and keeps what arrived") {
  FakeProvider fake;
  fake.queue(R"([{"text":"a long answer that keeps coming slowly","chunk_chars":3,"delay_ms":200}])");
  CancelFlag cancel{false};
  auto start = Clock::now();
  ChatResult r = make_provider(acdc::test::fake_config(fake, ProviderKind::anthropic))->stream(
      kRequest, {.on_text = [&](std::string_view) { cancel = true; }}, cancel);
  CHECK(r.cancelled);
  CHECK_FALSE(r.error);
  CHECK_FALSE(r.text.empty());
  CHECK(seconds_since(start) < 2.0);  // the whole stream takes over 3.5 s
}

TEST_CASE("an unreachable provider fails fast and names the setting to check") {
  FakeProvider fake;
  auto config = acdc::test::fake_config(fake, ProviderKind::openai);
  config.base_url = "http://127.0.0.1:1/v1";
  CancelFlag cancel{false};
  ChatResult r = make_provider(config)->stream(kRequest, {}, cancel);
  REQUIRE(r.error);
  CHECK(r.error->kind == ErrorKind::api_connection);
  CHECK_THAT(r.error->message, Catch::Contains("base_url"));
}

TEST_CASE("complete() makes one non-streaming call in each dialect") {
  FakeProvider fake;
  for (auto kind : {ProviderKind::openai, ProviderKind::anthropic, ProviderKind::ollama}) {
    fake.queue(R"([{"text":"feat: add the thing","usage":{"input_tokens":30,"output_tokens":5}}])");
    CancelFlag cancel{false};
    ChatResult r = make_provider(acdc::test::fake_config(fake, kind))->complete(kRequest, cancel);
    CHECK_FALSE(r.error);
    CHECK(r.text == "feat: add the thing");
    CHECK(r.usage.input_tokens == 30);
    CHECK(r.usage.output_tokens == 5);
    CHECK_FALSE(body_of(last_request(fake))["stream"].GetBool());
  }
}

TEST_CASE("synthesised streams report usage with cache tokens in the neutral shape") {
  FakeProvider fake;
  for (auto kind : {ProviderKind::openai, ProviderKind::anthropic}) {
    fake.queue(R"([{"text":"ünïcödé ✓ text","chunk_chars":1,"split":"random",
                    "usage":{"input_tokens":7,"output_tokens":3,"cache_read_tokens":100,"cache_write_tokens":20}}])");
    CancelFlag cancel{false};
    ChatResult r = make_provider(acdc::test::fake_config(fake, kind))->stream(kRequest, {}, cancel);
    CHECK_FALSE(r.error);
    CHECK(r.text == "ünïcödé ✓ text");
    CHECK(r.usage.input_tokens == 7);
    CHECK(r.usage.cache_read_tokens == 100);
    CHECK(r.usage.cache_write_tokens == 20);
    CHECK(r.finish_reason == "stop");
  }
}

TEST_CASE("OpenAI requests: include_usage, the key from api_key_env, no cache_control") {
  FakeProvider fake;
  setenv("ACDC_TEST_FAKE_KEY", "sk-test-123", 1);
  CancelFlag cancel{false};
  make_provider(acdc::test::fake_config(fake, ProviderKind::openai))->stream(
      {.model = "gpt-x", .messages_json = R"([{"role":"system","content":[{"type":"text","text":"sys","cache_control":{"type":"ephemeral"}}]},
                                              {"role":"user","content":"hi"}])", .max_tokens = 99},
      {}, cancel);
  auto req = last_request(fake);
  CHECK(std::string(req["path"].GetString()) == "/v1/chat/completions");
  CHECK(std::string(req["headers"]["authorization"].GetString()) == "Bearer sk-test-123");
  auto body = body_of(req);
  CHECK(std::string(body["model"].GetString()) == "gpt-x");
  CHECK(body["stream"].GetBool());
  CHECK(body["stream_options"]["include_usage"].GetBool());
  CHECK(body["max_tokens"].GetInt() == 99);
  CHECK(std::string(body["messages"][0]["content"].GetString()) == "sys");
}

TEST_CASE("Anthropic requests: system blocks with cache_control, images, merged roles") {
  FakeProvider fake;
  setenv("ACDC_TEST_FAKE_KEY", "sk-ant-test", 1);
  CancelFlag cancel{false};
  make_provider(acdc::test::fake_config(fake, ProviderKind::anthropic))->stream(
      {.model = "claude-x", .messages_json = R"([
        {"role":"system","content":[{"type":"text","text":"rules","cache_control":{"type":"ephemeral"}}]},
        {"role":"user","content":"context"},
        {"role":"user","content":[{"type":"text","text":"look"},{"type":"image_url","image_url":{"url":"data:image/png;base64,AAAA"}}]}])"},
      {}, cancel);
  auto req = last_request(fake);
  CHECK(std::string(req["path"].GetString()) == "/v1/messages");
  CHECK(std::string(req["headers"]["x-api-key"].GetString()) == "sk-ant-test");
  CHECK(std::string(req["headers"]["anthropic-version"].GetString()) == "2023-06-01");
  auto body = body_of(req);
  CHECK(std::string(body["system"][0]["cache_control"]["type"].GetString()) == "ephemeral");
  REQUIRE(body["messages"].Size() == 1);
  const auto& blocks = body["messages"][0]["content"];
  REQUIRE(blocks.Size() == 3);
  CHECK(std::string(blocks[2]["type"].GetString()) == "image");
  CHECK(std::string(blocks[2]["source"]["media_type"].GetString()) == "image/png");
  CHECK(std::string(blocks[2]["source"]["data"].GetString()) == "AAAA");
  CHECK(body["max_tokens"].GetInt() == 4096);
}

TEST_CASE("Ollama requests carry a message's images as bare base64 beside its text") {
  FakeProvider fake;
  CancelFlag cancel{false};
  make_provider(acdc::test::fake_config(fake, ProviderKind::ollama))->stream(
      {.model = "llava", .messages_json = R"([
        {"role":"user","content":[{"type":"text","text":"look"},{"type":"image_url","image_url":{"url":"data:image/png;base64,AAAA"}}]},
        {"role":"assistant","content":"a pixel"}])"},
      {}, cancel);
  auto body = body_of(last_request(fake));
  REQUIRE(body["messages"].Size() == 2);
  CHECK(std::string(body["messages"][0]["content"].GetString()) == "look");
  REQUIRE(body["messages"][0]["images"].Size() == 1);
  CHECK(std::string(body["messages"][0]["images"][0].GetString()) == "AAAA");
  CHECK_FALSE(body["messages"][1].HasMember("images"));
}

TEST_CASE("a usage count too large for any counter reads as absent, not as a negative count") {
  // Found by fuzz/stream_decoder_fuzz: 1e300 tokens was cast to long.
  FakeProvider fake;
  fake.queue(R"([{"status":200,"body":"{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Hi\"}],\"stop_reason\":\"end_turn\",\"usage\":{\"input_tokens\":1e300,\"output_tokens\":5,\"cache_read_input_tokens\":-1e300}}"}])");
  CancelFlag cancel{false};
  ChatResult r = make_provider(acdc::test::fake_config(fake, ProviderKind::anthropic))->complete(kRequest, cancel);
  REQUIRE_FALSE(r.error);
  CHECK(r.text == "Hi");
  CHECK(r.usage.output_tokens == 5);
  CHECK(r.usage.input_tokens == 0);
  CHECK(r.usage.cache_read_tokens == 0);
}
