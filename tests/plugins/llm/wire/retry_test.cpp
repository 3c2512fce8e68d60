// Retries of failures to establish a stream: Retry-After honoured, the
// configured count respected, non-retryable errors failing at once, a cancel
// honoured during the wait.
#include "wire_test_support.hpp"

#include "provider/provider.hpp"

#include <catch2/catch.hpp>
#include <rapidjson/document.h>

#include <chrono>
#include <thread>

using namespace acdc::llm;
using acdc::test::FakeProvider;
using Clock = std::chrono::steady_clock;

namespace {

const ChatRequest kRequest{.model = "m", .messages_json = R"([{"role":"user","content":"hi"}])"};

std::size_t request_count(const FakeProvider& fake) {
  rapidjson::Document doc;
  std::string text = fake.requests();
  doc.Parse(text.data(), text.size());
  return doc.Size();
}

}  // namespace

TEST_CASE("429 and 529 are retried after the server's retry-after-ms, then the answer streams") {
  FakeProvider fake;
  fake.queue(R"([
    {"status":429,"headers":{"retry-after-ms":"120"},"body":"{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"slow down\"}}"},
    {"status":529,"headers":{"retry-after-ms":"60"},"body":"{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"},
    {"text":"Recovered.","format":"anthropic"}])");
  auto config = acdc::test::fake_config(fake, ProviderKind::anthropic);
  config.num_retries = 3;
  std::vector<RetryNotice> notices;
  CancelFlag cancel{false};
  auto start = Clock::now();
  ChatResult r = make_provider(config)->stream(
      kRequest, {.on_retry = [&](const RetryNotice& n) { notices.push_back(n); }}, cancel);
  auto elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  CHECK_FALSE(r.error);
  CHECK(r.text == "Recovered.");
  REQUIRE(notices.size() == 2);
  CHECK(notices[0].attempt == 1);
  CHECK(notices[0].max_attempts == 4);
  CHECK(notices[0].wait_seconds == Approx(0.12));
  CHECK(notices[0].error.kind == ErrorKind::rate_limit);
  CHECK(notices[1].wait_seconds == Approx(0.06));
  CHECK(notices[1].error.kind == ErrorKind::service_unavailable);
  CHECK(elapsed >= 0.18);
  CHECK(request_count(fake) == 3);
}

TEST_CASE("without a retry-after the backoff is exponential with jitter") {
  FakeProvider fake;
  fake.queue(R"([{"fixture":"openai_500_server_error.http"},{"fixture":"openai_500_server_error.http"},
                 {"fixture":"openai_500_server_error.http"}])");
  auto config = acdc::test::fake_config(fake, ProviderKind::openai);
  config.num_retries = 2;
  std::vector<double> waits;
  CancelFlag cancel{false};
  const auto started = std::chrono::steady_clock::now();
  ChatResult r = make_provider(config)->stream(
      kRequest, {.on_retry = [&](const RetryNotice& n) { waits.push_back(n.wait_seconds); }}, cancel);
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
  REQUIRE(r.error);
  CHECK(r.error->kind == ErrorKind::service_unavailable);
  CHECK_THAT(r.error->message, Catch::Contains("gave up after 3 attempts"));
  REQUIRE(waits.size() == 2);
  // The waits were slept, not only announced.
  CHECK(elapsed.count() >= waits[0] + waits[1]);
  CHECK(waits[0] >= 0.375);
  CHECK(waits[0] <= 0.5);
  CHECK(waits[1] >= 0.75);
  CHECK(waits[1] <= 1.0);
  CHECK(request_count(fake) == 3);
}

TEST_CASE("401, 400 and insufficient_quota are not retried") {
  FakeProvider fake;
  for (const char* fixture : {"openai_401_invalid_key.http", "openai_400_context_length.http",
                              "openai_429_insufficient_quota.http", "anthropic_401_auth.http"}) {
    INFO(fixture);
    fake.reset();
    fake.queue(std::string(R"([{"fixture":")") + fixture + R"("},{"text":"must not be reached"}])");
    auto kind = std::string(fixture).starts_with("anthropic") ? ProviderKind::anthropic : ProviderKind::openai;
    auto config = acdc::test::fake_config(fake, kind);
    config.num_retries = 5;
    CancelFlag cancel{false};
    int retries = 0;
    ChatResult r = make_provider(config)->stream(
        kRequest, {.on_retry = [&](const RetryNotice&) { ++retries; }}, cancel);
    REQUIRE(r.error);
    CHECK_FALSE(r.error->retryable);
    CHECK(retries == 0);
    CHECK(request_count(fake) == 1);
  }
}

TEST_CASE("x-should-retry: false stops a retry the status would allow") {
  FakeProvider fake;
  fake.queue(R"([{"status":503,"headers":{"x-should-retry":"false"},"body":"{}"},{"text":"no"}])");
  auto config = acdc::test::fake_config(fake, ProviderKind::openai);
  config.num_retries = 3;
  CancelFlag cancel{false};
  ChatResult r = make_provider(config)->stream(kRequest, {}, cancel);
  REQUIRE(r.error);
  CHECK_FALSE(r.error->retryable);
  CHECK(request_count(fake) == 1);
}

TEST_CASE("a cancel during the retry wait ends the call at once") {
  FakeProvider fake;
  fake.queue(R"([{"fixture":"anthropic_429_rate_limit.http"},{"text":"no"}])");  // retry-after: 12
  auto config = acdc::test::fake_config(fake, ProviderKind::anthropic);
  config.num_retries = 2;
  CancelFlag cancel{false};
  std::thread canceller;
  auto start = Clock::now();
  ChatResult r = make_provider(config)->stream(
      kRequest, {.on_retry = [&](const RetryNotice& n) {
        CHECK(n.wait_seconds == Approx(12));
        canceller = std::thread([&] {
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
          cancel = true;
        });
      }},
      cancel);
  if (canceller.joinable()) canceller.join();
  CHECK(r.cancelled);
  // Not a speed bound: anything under the 12 s wait proves the wait was cut
  // short, however loaded the machine.
  CHECK(std::chrono::duration<double>(Clock::now() - start).count() < 10);
  CHECK(request_count(fake) == 1);
}
