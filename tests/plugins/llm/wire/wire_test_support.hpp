// wire/wire_test_support.hpp -- shared bits of the wire tests: the fixture
// directory (the suite's own, tests/fixtures/llm), reading a fixture, and a
// provider config pointed at the fake.
//
//   std::string body = read_fixture("openai_text.sse");   // throws if it is missing
//   ProviderConfig c = fake_config(fake, ProviderKind::openai);
#pragma once

#include "fake_provider_process.hpp"
#include "provider/provider_config.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace acdc::test {

inline std::string fixture_dir() { return ACDC_TEST_LLM_FIXTURES_DIR; }

// An empty string for a missing file would let a test pass on nothing.
inline std::string read_fixture(const std::string& name, const std::string& dir = fixture_dir()) {
  std::ifstream in(dir + "/" + name, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the fixture " + dir + "/" + name);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A config for the fake provider: no retries and short timeouts unless a test
// says otherwise, so a failing test fails fast.
inline llm::ProviderConfig fake_config(const FakeProvider& fake, llm::ProviderKind kind) {
  llm::ProviderConfig c;
  c.kind = kind;
  c.base_url = kind == llm::ProviderKind::ollama || kind == llm::ProviderKind::bedrock
                   ? "http://127.0.0.1:" + std::to_string(fake.port())
                   : fake.base_url();
  c.region = "us-east-1";
  c.model = "test-model";
  c.api_key_env = "ACDC_TEST_FAKE_KEY";
  c.num_retries = 0;
  c.connect_timeout_seconds = 2;
  c.first_chunk_timeout_seconds = 5;
  c.chunk_timeout_seconds = 5;
  c.request_timeout_seconds = 5;
  return c;
}

}  // namespace acdc::test
