// The suite's own provider fixtures (tests/fixtures/llm) through the real
// provider code and libcurl, replayed by the fake provider over loopback in
// random splits, checked against their manifest's expectations.
#include "fixture_replay.hpp"
#include "wire_test_support.hpp"

#include "provider/provider.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace acdc::llm;
using acdc::test::FakeProvider;

TEST_CASE("every fixture decodes through libcurl to the manifest's expectations") {
  const std::string dir = acdc::test::fixture_dir();
  CHECK(acdc::test::replay_fixture_set(dir) == acdc::test::response_fixtures(dir).size());
}

TEST_CASE("the manifest and the fixture directory list the same files") {
  const std::string dir = acdc::test::fixture_dir();
  auto listed = acdc::test::response_fixtures(dir);
  std::vector<std::string> present;
  // tools/ holds what writes some of the fixtures, not fixtures.
  for (const auto& file : std::filesystem::directory_iterator(dir))
    if (auto name = file.path().filename().string();
        file.is_regular_file() && name != "manifest.json" && name != "README.md")
      present.push_back(name);
  std::sort(listed.begin(), listed.end());
  std::sort(present.begin(), present.end());
  CHECK(listed == present);
  CHECK(listed.size() >= 24);  // a manifest that lost its entries would replay nothing
}

TEST_CASE("error messages say what the user must fix") {
  FakeProvider fake;
  CancelFlag cancel{false};
  auto run = [&](const char* fixture, ProviderKind kind) {
    fake.queue(std::string(R"([{"fixture":")") + fixture + "\"}]");
    return make_provider(acdc::test::fake_config(fake, kind))
        ->stream({.messages_json = "[]"}, {}, cancel);
  };
  auto auth = run("openai_401_invalid_key.http", ProviderKind::openai);
  CHECK_THAT(auth.error->message, Catch::Contains("ACDC_TEST_FAKE_KEY"));
  auto quota = run("openai_429_insufficient_quota.http", ProviderKind::openai);
  CHECK_THAT(quota.error->message, Catch::Contains("add credit"));
  auto too_long = run("anthropic_400_prompt_too_long.http", ProviderKind::anthropic);
  CHECK_THAT(too_long.error->message, Catch::Contains("deselect some files"));
}
