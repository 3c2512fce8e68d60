// The cross-check: the provider fixtures of the project's shared folder,
// written independently of the suite's own, replayed the same way. Built
// and registered only when that folder was beside the clone at configure
// time; cmake's configure output says whether it was.
#include "fixture_replay.hpp"

#include <catch2/catch.hpp>

TEST_CASE("every fixture of the shared folder decodes to its manifest's expectations") {
  const std::string dir = ACDC_TEST_SHARED_LLM_FIXTURES_DIR;
  auto listed = acdc::test::response_fixtures(dir);
  REQUIRE_FALSE(listed.empty());
  CHECK(acdc::test::replay_fixture_set(dir) == listed.size());
}
