// fake_provider/fixture_set.hpp -- the fixture files of a directory such as
// tests/fixtures/llm/ and what its manifest.json says to send with each
// (status and headers).
//
//   FixtureSet fixtures("tests/fixtures/llm");
//   const Fixture* f = fixtures.find("openai_text.sse");   // nullptr if unknown
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace acdc::test {

struct Fixture {
  std::string bytes;  // the file, byte for byte
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;  // from the manifest
  bool raw_http = false;  // a .http file: a complete response, written unchanged
};

class FixtureSet {
 public:
  // Reads manifest.json and every file it lists; throws std::runtime_error
  // naming the directory when the manifest is missing or malformed.
  explicit FixtureSet(const std::string& dir);

  const Fixture* find(const std::string& name) const;
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
  std::map<std::string, Fixture> fixtures_;
};

}  // namespace acdc::test
