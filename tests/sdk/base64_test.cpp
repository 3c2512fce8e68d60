// acdc/sdk/base64.hpp against RFC 4648 §10's test vectors and on malformed
// input (unit test of a pure part).
#include <acdc/sdk/base64.hpp>

#include <catch2/catch.hpp>

#include <random>

TEST_CASE("base64 encodes and decodes RFC 4648's test vectors") {
  const std::pair<std::string, std::string> vectors[] = {
      {"", ""}, {"f", "Zg=="}, {"fo", "Zm8="}, {"foo", "Zm9v"},
      {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="}, {"foobar", "Zm9vYmFy"}};
  for (const auto& [raw, text] : vectors) {
    CHECK(acdc::base64_encode(raw) == text);
    CHECK(acdc::base64_decode(text) == raw);
  }
}

TEST_CASE("base64 round-trips every byte value") {
  std::mt19937 rng(4648);
  for (size_t len = 0; len < 300; ++len) {
    std::string raw(len, '\0');
    for (auto& c : raw) c = static_cast<char>(rng() & 0xFF);
    CHECK(acdc::base64_decode(acdc::base64_encode(raw)) == raw);
  }
}

TEST_CASE("base64_decode refuses what is not base64") {
  CHECK_FALSE(acdc::base64_decode("abc"));      // not a multiple of 4
  CHECK_FALSE(acdc::base64_decode("@@@@"));     // outside the alphabet
  CHECK_FALSE(acdc::base64_decode("ab=c"));     // padding inside
  CHECK_FALSE(acdc::base64_decode("a==="));     // too much padding
  CHECK_FALSE(acdc::base64_decode("Zm9v\n"));   // a line break
}
