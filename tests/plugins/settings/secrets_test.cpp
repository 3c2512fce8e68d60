// Secrets: what counts as an API key in a config file, and how it is hidden.
#include "secrets.hpp"

#include <catch2/catch.hpp>

using acdc::settings::Secrets;

namespace {
constexpr auto kSettings = Secrets::Text::settings;
constexpr auto kProse = Secrets::Text::prose;
}  // namespace

TEST_CASE("settings named like a secret are redacted, their neighbours are not") {
  CHECK(Secrets::redact("api_key: abc\napi_key_env: OPENAI_API_KEY\n", kSettings) ==
        "api_key: \"[redacted]\"\napi_key_env: OPENAI_API_KEY\n");
  CHECK(Secrets::redact("  ANTHROPIC_API_KEY: 'x y'   # mine", kSettings) == "  ANTHROPIC_API_KEY: \"[redacted]\"   # mine");
  CHECK(Secrets::redact("h: {Authorization: Bearer abc, X-Title: t}", kSettings) ==
        "h: {Authorization: \"[redacted]\", X-Title: t}");
  CHECK(Secrets::redact("max_output_tokens: 8192\ncache_min_tokens: 1\n", kSettings) ==
        "max_output_tokens: 8192\ncache_min_tokens: 1\n");
  CHECK(Secrets::redact("password:\n", kSettings) == "password:\n");
  CHECK(Secrets::redact("- token: abc\n\"x-api-key\": k", kSettings) == "- token: \"[redacted]\"\n\"x-api-key\": \"[redacted]\"");
}

TEST_CASE("words that only look like a secret setting, in a value or a comment, are left alone") {
  for (const char* line : {"    message: \"Check the refresh token: is it rotated?\"",
                           "    message: Check the token: is it rotated?",
                           "# never put api_key: here",
                           "model: x  # token: none",
                           "message: 'a, token: b'",
                           "message: \"a, {token: b}\"",
                           "message: don't, it's a token: fine"}) {
    CHECK(Secrets::redact(line, kSettings) == line);
    CHECK_FALSE(Secrets::find(line, kSettings));
  }
  // An apostrophe in a plain value opens no quote: what follows it in a flow map still counts.
  CHECK(Secrets::redact("h: {note: don't, token: abc}", kSettings) == "h: {note: don't, token: \"[redacted]\"}");
}

TEST_CASE("values shaped like provider keys are redacted anywhere, prose keeps its words") {
  CHECK(Secrets::redact("key sk-ant-api03-abcdefghijklmnop here", kProse) == "key [redacted] here");
  CHECK(Secrets::redact("aws AKIAABCDEFGHIJKLMNOP", kProse) == "aws [redacted]");
  CHECK(Secrets::redact("token: explain what a token is", kProse) == "token: explain what a token is");
  CHECK(Secrets::redact("no secrets", kSettings) == "no secrets");
}

TEST_CASE("find reports the line of the first secret") {
  auto hit = Secrets::find("provider: openai\nmodel: x\nsecret: s3cr3t\n", kSettings);
  REQUIRE(hit);
  CHECK(hit->line == 3);
  CHECK(hit->what == "the value of 'secret'");
  CHECK(Secrets::find("api_key: \"[redacted]\"", kSettings));
  CHECK_FALSE(Secrets::find("api_key_env: OPENAI_API_KEY\nmodel: gpt-4o\n", kSettings));
  CHECK_FALSE(Secrets::find("a token: is fine in prose", kProse));
  auto shaped = Secrets::find("hello\n\nghp_abcdefghijklmnopqrstuvwxyz0123", kProse);
  REQUIRE(shaped);
  CHECK(shaped->line == 3);
}

TEST_CASE("a megabyte-long line is searched without trouble") {
  const std::string line = "api_key: " + std::string(1 << 20, 'x') + " sk-" + std::string(1 << 20, 'a');
  CHECK(Secrets::redact(line, kSettings) == std::string("api_key: ") + Secrets::kMask);
  CHECK(Secrets::find(line, kSettings));
  CHECK(Secrets::redact("sk-" + std::string(1 << 20, 'a'), kProse) == "[redacted]");
}
