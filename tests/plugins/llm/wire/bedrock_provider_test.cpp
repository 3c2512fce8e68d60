// The Bedrock provider end to end through libcurl and the fake provider
// serving recorded event-stream bytes: what goes on the wire (path, auth,
// cachePoint blocks, the blank-text quirk) and the empty-answer retry.
// The fixtures' decoding is checked with every other fixture by llm.wire.
#include "wire_test_support.hpp"

#include "provider/provider.hpp"

#include <catch2/catch.hpp>
#include <rapidjson/document.h>

#include <cstdlib>

using namespace acdc::llm;
using acdc::test::FakeProvider;

namespace {

// A system prompt and a user turn with cache_control markers, a blank text
// block and an image, as the prompt assembler writes them.
const char* kMessages = R"([
  {"role":"system","content":[{"type":"text","text":"You are terse.","cache_control":{"type":"ephemeral"}}]},
  {"role":"user","content":[{"type":"text","text":"  "},
                            {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0K"}},
                            {"type":"text","text":"Which type?","cache_control":{"type":"ephemeral"}}]},
  {"role":"user","content":"And why?"}
])";

rapidjson::Document requests(const FakeProvider& fake) {
  rapidjson::Document all;
  std::string text = fake.requests();
  all.Parse(text.data(), text.size());
  REQUIRE(all.IsArray());
  return all;
}

rapidjson::Document body_of(const rapidjson::Value& request) {
  rapidjson::Document body;
  body.Parse(request["body"].GetString());
  REQUIRE(body.IsObject());
  return body;
}

int cache_points(const rapidjson::Value& blocks) {
  int n = 0;
  for (const auto& b : blocks.GetArray()) n += b.HasMember("cachePoint") ? 1 : 0;
  return n;
}

// No credentials of the machine running the tests leak into them, nor of one test into the next.
struct Env {
  static void clear() {
    for (const char* name : {"ACDC_TEST_FAKE_KEY", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"})
      unsetenv(name);
  }
  Env() { clear(); }
  ~Env() { clear(); }
};

ChatResult run(FakeProvider& fake, const std::string& steps, std::string* streamed = nullptr,
               const std::string& model = "global.anthropic.claude-sonnet-4-5-20250929-v1:0") {
  fake.reset();
  fake.queue(steps);
  ProviderConfig c = acdc::test::fake_config(fake, ProviderKind::bedrock);
  c.model = model;
  CancelFlag cancel{false};
  StreamCallbacks cb;
  cb.on_text = [&](std::string_view d) {
    if (streamed) streamed->append(d);
  };
  return make_provider(c)->stream({.messages_json = kMessages, .max_tokens = 2048}, cb, cancel);
}

}  // namespace

TEST_CASE("Bedrock: ConverseStream with a bearer token, cachePoint blocks and no blank text") {
  Env env;
  setenv("ACDC_TEST_FAKE_KEY", "bedrock-api-key-example", 1);
  FakeProvider fake;
  std::string streamed;
  ChatResult r = run(fake, R"([{"fixture":"bedrock_converse_text.eventstream","split":"random"}])", &streamed);
  INFO((r.error ? r.error->message : "no error"));
  CHECK_FALSE(r.error);
  CHECK(r.text == "Use `std::string_view` for read-only text — it never copies ✓");
  CHECK(streamed == r.text);
  CHECK(r.finish_reason == "stop");
  CHECK(r.usage.cache_read_tokens == 3810);

  auto all = requests(fake);
  REQUIRE(all.Size() == 1);
  const auto& sent = all[0];
  CHECK(std::string(sent["path"].GetString()) ==
        "/model/global.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream");
  CHECK(std::string(sent["headers"]["authorization"].GetString()) == "Bearer bedrock-api-key-example");
  auto body = body_of(sent);
  CHECK_FALSE(body.HasMember("model"));
  CHECK(body["inferenceConfig"]["maxTokens"].GetInt() == 2048);
  CHECK(std::string(body["system"][0]["text"].GetString()) == "You are terse.");
  CHECK(cache_points(body["system"]) == 1);
  REQUIRE(body["messages"].Size() == 1);  // the two user messages merged
  const auto& content = body["messages"][0]["content"];
  CHECK(std::string(content[0]["text"].GetString()) == " ");  // Bedrock refuses blank text
  CHECK(std::string(content[1]["image"]["format"].GetString()) == "png");
  CHECK(std::string(content[1]["image"]["source"]["bytes"].GetString()) == "iVBORw0K");
  CHECK(content[3].HasMember("cachePoint"));  // right after the marked block
  CHECK(std::string(content[4]["text"].GetString()) == "And why?");
}

TEST_CASE("Bedrock: the reference's bedrock/ model spelling names the same model") {
  Env env;
  FakeProvider fake;
  run(fake, R"([{"fixture":"bedrock_converse_text.eventstream"}])", nullptr,
      "bedrock/converse/us.anthropic.claude-opus-4-1-20250805-v1:0");
  auto all = requests(fake);
  REQUIRE(all.Size() == 1);
  CHECK(std::string(all[0]["path"].GetString()) ==
        "/model/us.anthropic.claude-opus-4-1-20250805-v1%3A0/converse-stream");
}

TEST_CASE("Bedrock: SigV4 when there is no bearer token") {
  Env env;
  setenv("AWS_ACCESS_KEY_ID", "AKIDEXAMPLE", 1);
  setenv("AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", 1);
  setenv("AWS_SESSION_TOKEN", "session-token-example", 1);
  FakeProvider fake;
  ChatResult r = run(fake, R"([{"fixture":"bedrock_converse_text.eventstream"}])");
  CHECK_FALSE(r.error);
  auto all = requests(fake);
  REQUIRE(all.Size() == 1);
  const auto& headers = all[0]["headers"];
  std::string auth = headers["authorization"].GetString();
  CHECK(auth.starts_with("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/"));
  CHECK(auth.find("/us-east-1/bedrock/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;"
                  "x-amz-date;x-amz-security-token, Signature=") != std::string::npos);
  CHECK(std::string(headers["x-amz-security-token"].GetString()) == "session-token-example");
  CHECK(std::string(headers["x-amz-date"].GetString()).size() == 16);
}

TEST_CASE("Bedrock: an empty answer is asked for once more, without cache points") {
  Env env;
  FakeProvider fake;
  ChatResult r = run(fake, R"([{"fixture":"bedrock_converse_empty.eventstream"},
                               {"fixture":"bedrock_converse_text.eventstream"}])");
  CHECK_FALSE(r.error);
  CHECK(r.text == "Use `std::string_view` for read-only text — it never copies ✓");
  auto all = requests(fake);
  REQUIRE(all.Size() == 2);
  auto first = body_of(all[0]), second = body_of(all[1]);
  CHECK(cache_points(first["system"]) == 1);
  CHECK(cache_points(second["system"]) == 0);
  CHECK(cache_points(second["messages"][0]["content"]) == 0);

  SECTION("and only once") {
    ChatResult again = run(fake, R"([{"fixture":"bedrock_converse_empty.eventstream"},
                                     {"fixture":"bedrock_converse_empty.eventstream"},
                                     {"fixture":"bedrock_converse_text.eventstream"}])");
    CHECK_FALSE(again.error);
    CHECK(again.text.empty());
    CHECK(requests(fake).Size() == 2);
  }
}

TEST_CASE("Bedrock: a corrupt frame mid-stream is an error that keeps the text before it") {
  Env env;
  FakeProvider fake;
  ChatResult r = run(fake, R"([{"fixture":"bedrock_converse_corrupt_crc.eventstream","split":"random"}])");
  REQUIRE(r.error);
  CHECK(r.text == "First part.");
  CHECK(r.error->message ==
        "Stream failed mid-response: the provider's event stream is corrupt (message CRC mismatch in frame 4); "
        "the answer was cut off there, try again");
  CHECK_FALSE(r.completed);
}

TEST_CASE("Bedrock settings: provider bedrock, region from llm.yaml or AWS_REGION, a clear missing-credentials message") {
  Env env;
  rapidjson::Document llm;
  llm.Parse(R"({"provider":"bedrock","region":"eu-central-1"})");
  ProviderConfig c = ProviderConfig::from_json(llm);
  CHECK(c.kind == ProviderKind::bedrock);
  CHECK(c.base_url == "https://bedrock-runtime.eu-central-1.amazonaws.com");
  CHECK(c.api_key_env == "AWS_BEARER_TOKEN_BEDROCK");
  unsetenv("AWS_BEARER_TOKEN_BEDROCK");
  CHECK_THAT(c.missing_key(), Catch::StartsWith("No AWS credentials for Bedrock: export AWS_BEARER_TOKEN_BEDROCK"));
  setenv("AWS_ACCESS_KEY_ID", "AKIDEXAMPLE", 1);
  setenv("AWS_SECRET_ACCESS_KEY", "secret", 1);
  CHECK(c.missing_key().empty());

  setenv("AWS_REGION", "ap-southeast-2", 1);
  llm.Parse(R"({"provider":"bedrock"})");
  CHECK(ProviderConfig::from_json(llm).base_url == "https://bedrock-runtime.ap-southeast-2.amazonaws.com");
  unsetenv("AWS_REGION");
  unsetenv("AWS_DEFAULT_REGION");
  CHECK_THAT(ProviderConfig::from_json(llm).missing_key(), Catch::StartsWith("No AWS region for Bedrock"));
}

TEST_CASE("Bedrock: a non-streaming call (commit messages) goes to /converse and reads its JSON answer") {
  Env env;
  FakeProvider fake;
  fake.queue(R"([{"status":200,"body":"{\"output\":{\"message\":{\"role\":\"assistant\",\"content\":[{\"text\":\"fix: guard the empty diff\"}]}},\"stopReason\":\"end_turn\",\"usage\":{\"inputTokens\":40,\"outputTokens\":6,\"totalTokens\":46}}"}])");
  CancelFlag cancel{false};
  ChatResult r = make_provider(acdc::test::fake_config(fake, ProviderKind::bedrock))
                     ->complete({.model = "anthropic.claude-3-haiku-20240307-v1:0", .messages_json = kMessages}, cancel);
  CHECK_FALSE(r.error);
  CHECK(r.text == "fix: guard the empty diff");
  CHECK(r.finish_reason == "stop");
  CHECK(r.usage.output_tokens == 6);
  auto all = requests(fake);
  REQUIRE(all.Size() == 1);
  CHECK(std::string(all[0]["path"].GetString()) == "/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse");
}
