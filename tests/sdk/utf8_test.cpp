// acdc/sdk/utf8.hpp: the check every text bound for a client passes. Its
// ASCII fast paths (32 and 8 bytes at a time) must give the verdict of the
// plain sequence-by-sequence decode wherever the non-ASCII byte falls.
#include <acdc/sdk/utf8.hpp>

#include <catch2/catch.hpp>

#include <random>
#include <string>

namespace {

// The verdict without any fast path: every sequence decoded in turn.
bool decoded_verdict(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const size_t n = acdc::utf8_sequence_length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

}  // namespace

TEST_CASE("a bad or multi-byte sequence is judged alike wherever it falls in ASCII text") {
  const std::string inserts[] = {"\xFF", "\xC3", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xED\xA0\x80", "\xC0\xAF"};
  for (size_t length = 0; length <= 80; ++length) {
    for (size_t at = 0; at <= length; ++at) {
      for (const auto& insert : inserts) {
        std::string text(length, 'a');
        text.insert(at, insert);
        INFO(length << " " << at << " " << insert.size());
        REQUIRE(acdc::is_valid_utf8(text) == decoded_verdict(text));
      }
    }
  }
  CHECK(acdc::is_valid_utf8(std::string(100, 'a') + "\xE2\x82\xAC" + std::string(40, 'b')));
  CHECK_FALSE(acdc::is_valid_utf8(std::string(100, 'a') + "\xE2\x82" + std::string(40, 'b')));
}

TEST_CASE("random bytes get the decode's verdict, and to_valid_utf8 makes any of them valid") {
  std::mt19937 rng(7);
  for (int round = 0; round < 5000; ++round) {
    std::string text(rng() % 90, 'x');
    for (auto& c : text) c = static_cast<char>(rng() % 4 == 0 ? rng() % 256 : 'a' + rng() % 26);
    REQUIRE(acdc::is_valid_utf8(text) == decoded_verdict(text));
    REQUIRE(acdc::is_valid_utf8(acdc::to_valid_utf8(text)));
  }
  CHECK(acdc::to_valid_utf8("a\xFF" "b") == "a\xEF\xBF\xBD" "b");
}
