// wire/fixture_replay.hpp -- replays every response of a fixture directory
// (its manifest.json and the files it names) through the real provider code
// and libcurl, served by the fake provider in random splits, and checks each
// result against the manifest's expectations with Catch. Used for the suite's
// own fixtures and, when present, for the shared folder's as a cross-check.
//
//   const std::string dir = acdc::test::fixture_dir();
//   CHECK(acdc::test::replay_fixture_set(dir) == acdc::test::response_fixtures(dir).size());
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace acdc::test {

// The manifest's response fixtures (streams and raw HTTP), not its example
// requests. Throws when the manifest is missing or not a JSON object.
std::vector<std::string> response_fixtures(const std::string& dir);

// How many fixtures were replayed; each one's mismatches are Catch failures
// naming the fixture.
std::size_t replay_fixture_set(const std::string& dir);

}  // namespace acdc::test
