// app.yaml's interactive: block (host/include/acdc/host/host_config.hpp): seconds,
// fractions allowed, defaults for what is absent, a clear error otherwise.
#include <acdc/host/host_config.hpp>

#include <catch2/catch.hpp>

using acdc::config::ConfigError;
using acdc::config::parse_interactive_config;
using std::chrono::milliseconds;

TEST_CASE("interactive config: defaults, seconds with fractions, and refusals") {
  auto defaults = parse_interactive_config("{}");
  CHECK(defaults.ai_round_timeout == milliseconds(10000));
  CHECK(defaults.tool_result_timeout == milliseconds(60000));
  CHECK(defaults.stop_grace == milliseconds(5000));
  auto set = parse_interactive_config(
      R"({"url_cache":{},"interactive":{"ai_round_timeout_s":2,"tool_result_timeout_s":0.5,"stop_grace_s":1}})");
  CHECK(set.ai_round_timeout == milliseconds(2000));
  CHECK(set.tool_result_timeout == milliseconds(500));
  CHECK(set.stop_grace == milliseconds(1000));
  CHECK(parse_interactive_config(R"({"interactive":null})").stop_grace == milliseconds(5000));
  CHECK_THROWS_WITH(parse_interactive_config(R"({"interactive":{"ai_round_timeout_s":0}})"),
                    "app.yaml: 'interactive.ai_round_timeout_s' is 0: it must be a number of seconds above 0 (at most 86400)");
  CHECK_THROWS_WITH(parse_interactive_config(R"({"interactive":{"stop_grace_s":"5"}})"),
                    Catch::StartsWith("app.yaml: 'interactive.stop_grace_s' is \"5\": it must be a number of seconds"));
  CHECK_THROWS_WITH(parse_interactive_config(R"({"interactive":{"round_timeout":3}})"),
                    Catch::Contains("unknown key 'interactive.round_timeout'"));
  CHECK_THROWS_AS(parse_interactive_config(R"({"interactive":[1]})"), ConfigError);
}
