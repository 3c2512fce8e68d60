// Review mode with the symbol index: the map of the changed files as they
// were before the branch goes into the review context (acdc-features.md §4.13).
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <cstdlib>

using namespace acdc::llm::test;

TEST_CASE("a review carries the pre-change symbol map of the files the branch changed") {
  LlmHost h(std::map<std::string, std::string>{{"calc.py", "def add_numbers(a, b):\n    return a + b\n"},
                                               {"other.py", "def untouched():\n    return 0\n"}},
            LlmHost::Plugins{{"repo", "symbol-index", "llm"}});
  auto git = [&](const std::string& args) {
    const std::string cmd = "git -C '" + h.repo.path().string() + "' -c user.email=t@example.com -c user.name=t " + args + " >/dev/null 2>&1";
    REQUIRE(std::system(cmd.c_str()) == 0);
  };
  git("checkout -q -b feature");
  acdc::test::write_file(h.repo.path() / "calc.py", "def sum_values(a, b):\n    return a + b\n");
  git("commit -q -am 'rename add_numbers'");
  git("checkout -q -");

  auto started = h.call("LLMService.start_review", R"(["feature"])");
  INFO(acdc::to_json_text(started));
  REQUIRE(started.HasMember("result"));
  const std::string map = started["result"]["pre_change_map"].GetString();
  CHECK_THAT(map, Catch::Contains("add_numbers"));
  CHECK_THAT(map, !Catch::Contains("sum_values") && !Catch::Contains("untouched"));

  h.fake.queue(text_step("fine"));
  h.chat("review");
  CHECK_THAT(h.fake.requests(), Catch::Contains("before the change") && Catch::Contains("add_numbers"));
  REQUIRE(h.call("LLMService.end_review", "[]").HasMember("result"));
}
