// The cache warmer (service/cache_warmer.hpp, issue 30), through the real
// host against the fake provider speaking Anthropic: after an answer it
// counts down, re-reads the same cached prompt with a one-line ping and
// max_tokens 1, reports each warm-up's cost, stops at its limit, and stops
// at once for a cancel or a new message.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <thread>

using namespace acdc::llm::test;

namespace {

const char* kWarmupStep = R"({"text":"ok","format":"anthropic","usage":{"input_tokens":12,"output_tokens":1,"cache_read_tokens":2000}})";

// Anthropic, and a warmer quick enough for a test: 2 s after the answer, announced 1 s ahead.
// `more`: further cache_warmup: lines.
void use_warmer(LlmHost& h, int max_warmups, const std::string& more = "") {
  use_llm_yaml(h, "provider: anthropic\nmodel: claude-sonnet-4-5\n");
  acdc::test::write_file(h.config_home.path() / "app.yaml",
                         "cache_warmup:\n  enabled: true\n  interval_seconds: 2\n  countdown_seconds: 1\n  max_warmups: " +
                             std::to_string(max_warmups) + "\n" + more);
  h.start();
}

// One warm-up of kWarmupStep at Sonnet 4.5's prices: 12 fresh, 2,000 read, 1 out.
constexpr double kWarmupCost = (12 * 3 + 2000 * 0.3 + 1 * 15) / 1e6;

rapidjson::Document requests(const LlmHost& h) { return acdc::parse_json(h.fake.requests()); }

}  // namespace

TEST_CASE("after an answer the warmer re-reads the cached prompt with a ping, reports its cost and stops at its limit") {
  LlmHost h;
  use_warmer(h, 2);
  h.fake.queue(std::string("[") + R"({"text":"Sure.","format":"anthropic","usage":{"input_tokens":300,"output_tokens":40,"cache_read_tokens":2000,"cache_write_tokens":500}},)" +
               kWarmupStep + "," + kWarmupStep + "]");
  auto r = h.chat("hello", "req-warm");
  REQUIRE_FALSE(r.HasMember("error"));
  REQUIRE(h.client->wait_for("AcApp.cacheWarmupComplete", 2, std::chrono::seconds(30)));
  INFO(h.host->output());
  const auto countdowns = h.received("AcApp.cacheWarmupCountdown");
  REQUIRE(countdowns.size() == 2);
  CHECK(countdowns[0][0]["warmup"].GetInt() == 1);
  CHECK(countdowns[0][0]["max_warmups"].GetInt() == 2);
  CHECK(h.received("AcApp.cacheWarmupFiring").size() == 2);
  const auto done = h.received("AcApp.cacheWarmupComplete");
  CHECK(done[0][0]["usage"]["cache_read_tokens"].GetInt() == 2000);
  // 12 fresh, 2,000 read, 1 out at Sonnet 4.5's prices.
  CHECK(done[0][0]["cost_usd"].GetDouble() == Approx((12 * 3 + 2000 * 0.3 + 1 * 15) / 1e6));
  CHECK(done[0][0]["next_in_seconds"].GetInt() == 2);
  CHECK(done[1][0]["next_in_seconds"].IsNull());  // the limit: no third

  // Each warm-up is the answer's request with its last message a ping, at max_tokens 1.
  auto sent = requests(h);
  REQUIRE(sent.Size() == 3);
  auto turn = acdc::parse_json(str(sent[0]["body"]));
  auto warm = acdc::parse_json(str(sent[1]["body"]));
  CHECK(warm["max_tokens"].GetInt() == 1);
  CHECK(acdc::to_json_text(warm["system"]) == acdc::to_json_text(turn["system"]));
  const auto& tm = turn["messages"];
  const auto& wm = warm["messages"];
  REQUIRE(wm.Size() == tm.Size());
  for (rapidjson::SizeType i = 0; i + 1 < tm.Size(); ++i) CHECK(acdc::to_json_text(wm[i]) == acdc::to_json_text(tm[i]));
  CHECK_THAT(acdc::to_json_text(wm[wm.Size() - 1]), Catch::Contains("ping (cache warm-up"));

  // The session counts them, apart from the turns.
  const auto breakdown = result(h, "LLMService.get_context_breakdown", "[]");  // kept: totals points into it
  const auto& totals = breakdown["session_totals"];
  CHECK(totals["turns"].GetInt() == 1);
  CHECK(totals["warmups"].GetInt() == 2);
  CHECK(totals["warmup_cost_usd"].GetDouble() == Approx(2 * (12 * 3 + 2000 * 0.3 + 15) / 1e6));
  CHECK(str(result(h, "LLMService.get_cache_warmer_status", "[]")["state"]) == "idle");
}

TEST_CASE("a cancel during the countdown, typing, or a new message stops the warm-up before it is sent") {
  LlmHost h;
  use_warmer(h, 3);
  h.fake.queue(R"([{"text":"Sure.","format":"anthropic"},{"text":"Again.","format":"anthropic"}])");
  REQUIRE_FALSE(h.chat("hello", "req-1").HasMember("error"));
  REQUIRE(h.client->wait_for("AcApp.cacheWarmupCountdown", 1, std::chrono::seconds(30)));
  CHECK(str(result(h, "LLMService.get_cache_warmer_status", "[]")["state"]) == "countdown");
  CHECK(str(result(h, "LLMService.cancel_cache_warmup", "[]")["status"]) == "cancelled");
  REQUIRE(h.client->wait_for("AcApp.cacheWarmupCancelled", 1, std::chrono::seconds(10)));
  CHECK(str(h.received("AcApp.cacheWarmupCancelled")[0][0]["reason"]) == "cancelled by the user");

  // Typing says why: the webapp cancels with its reason.
  REQUIRE_FALSE(h.chat("again", "req-2").HasMember("error"));
  REQUIRE(h.client->wait_for("AcApp.cacheWarmupCountdown", 2, std::chrono::seconds(30)));
  result(h, "LLMService.cancel_cache_warmup", R"(["you started typing"])");
  REQUIRE(h.client->wait_for("AcApp.cacheWarmupCancelled", 2, std::chrono::seconds(10)));
  CHECK(str(h.received("AcApp.cacheWarmupCancelled")[1][0]["reason"]) == "you started typing");

  // A new answer arms it again; a message sent during its wait stops it.
  h.fake.queue(R"([{"text":"Third.","format":"anthropic"},{"text":"Fourth.","format":"anthropic"}])");
  REQUIRE_FALSE(h.chat("third", "req-3").HasMember("error"));
  REQUIRE_FALSE(h.chat("and again", "req-4").HasMember("error"));
  REQUIRE(h.client->wait_for("AcApp.cacheWarmupCancelled", 3, std::chrono::seconds(10)));
  CHECK(str(h.received("AcApp.cacheWarmupCancelled")[2][0]["reason"]) == "a new message");
  CHECK(h.received("AcApp.cacheWarmupFiring").empty());
  CHECK(requests(h).Size() == 4);  // the four turns, no warm-up
}

TEST_CASE("the warm-ups stop at cache_warmup.max_cost_usd, and a next answer past it arms none") {
  LlmHost h;
  use_warmer(h, 5, "  max_cost_usd: 0.0006\n");  // one warm-up costs 0.000651: it passes the limit
  h.fake.queue(std::string("[") + R"({"text":"Sure.","format":"anthropic"},)" + kWarmupStep + R"(,{"text":"More.","format":"anthropic"}])");
  REQUIRE_FALSE(h.chat("hello", "req-1").HasMember("error"));
  REQUIRE(h.client->wait_for("AcApp.cacheWarmupComplete", 1, std::chrono::seconds(30)));
  const auto done = h.received("AcApp.cacheWarmupComplete");
  CHECK(done[0][0]["cost_usd"].GetDouble() == Approx(kWarmupCost));
  CHECK(done[0][0]["next_in_seconds"].IsNull());  // max_warmups 5, but the cost limit ends it
  CHECK(str(result(h, "LLMService.get_cache_warmer_status", "[]")["state"]) == "idle");
  // The limit is the session's: once reached, another answer arms no warm-up.
  REQUIRE_FALSE(h.chat("more", "req-2").HasMember("error"));
  REQUIRE(h.client->wait_for("AcApp.cacheWarmupCancelled", 1, std::chrono::seconds(10)));
  CHECK_THAT(str(h.received("AcApp.cacheWarmupCancelled")[0][0]["reason"]), Catch::Contains("cache_warmup.max_cost_usd"));
  CHECK(requests(h).Size() == 3);  // two turns, one warm-up
}

TEST_CASE("enabled: auto leaves the warmer off for a provider without prompt caching") {
  LlmHost h;
  use_llm_yaml(h, "provider: openai\nmodel: gpt-4o\n");
  h.start();
  h.fake.queue(R"([{"text":"Sure."}])");
  REQUIRE_FALSE(h.chat("hello", "req-1").HasMember("error"));
  const auto status = result(h, "LLMService.get_cache_warmer_status", "[]");
  CHECK_FALSE(status["enabled"].GetBool());
  CHECK(str(status["state"]) == "idle");
  CHECK(h.received("AcApp.cacheWarmupCountdown").empty());
}
