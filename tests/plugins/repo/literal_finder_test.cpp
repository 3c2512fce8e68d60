// LiteralFinder against RE2 itself: for every haystack, needle and option
// the literal scan must find exactly the matches search_files found with
// RE2 before the fast path existed (unit test of a pure part).
#include "literal_finder.hpp"

#include <catch2/catch.hpp>
#include <re2/re2.h>

#include <random>

using acdc::repo::LiteralFinder;

namespace {

// Match offsets, each search starting one past the previous match, as RE2 sees them.
std::vector<size_t> re2_matches(const std::string& needle, const std::string& hay, bool ignore_case, bool whole_word) {
  RE2::Options o;
  o.set_case_sensitive(!ignore_case);
  o.set_never_nl(true);
  std::string pattern = RE2::QuoteMeta(needle);
  if (whole_word) pattern = "\\b(?:" + pattern + ")\\b";
  RE2 re("(?m)" + pattern, o);
  REQUIRE(re.ok());
  std::vector<size_t> out;
  re2::StringPiece m;
  for (size_t pos = 0; pos <= hay.size() && re.Match(hay, pos, hay.size(), RE2::UNANCHORED, &m, 1);) {
    out.push_back(static_cast<size_t>(m.data() - hay.data()));
    pos = out.back() + 1;
  }
  return out;
}

std::vector<size_t> literal_matches(const std::string& needle, const std::string& hay, bool ignore_case, bool whole_word) {
  LiteralFinder f(needle, ignore_case, whole_word);
  std::vector<size_t> out;
  for (size_t at = f.find(hay, 0); at != std::string_view::npos; at = f.find(hay, at + 1)) out.push_back(at);
  return out;
}

std::string random_text(std::mt19937& rng, size_t max_len) {
  static const std::string alphabet = "aAbB_ (.\n\r9";
  std::string s(std::uniform_int_distribution<size_t>(0, max_len)(rng), ' ');
  for (char& c : s) c = alphabet[std::uniform_int_distribution<size_t>(0, alphabet.size() - 1)(rng)];
  return s;
}

}  // namespace

TEST_CASE("LiteralFinder finds what RE2 finds: case, whole word, punctuation at the edges") {
  std::mt19937 rng(4);
  for (int round = 0; round < 4000; ++round) {
    std::string hay = random_text(rng, 60);
    std::string needle = random_text(rng, 4);
    if (!LiteralFinder::handles(needle)) continue;
    for (bool ignore_case : {false, true})
      for (bool whole_word : {false, true}) {
        INFO("needle '" << needle << "' hay '" << hay << "' ic " << ignore_case << " ww " << whole_word);
        REQUIRE(literal_matches(needle, hay, ignore_case, whole_word) == re2_matches(needle, hay, ignore_case, whole_word));
      }
  }
}

TEST_CASE("LiteralFinder leaves to RE2 what it cannot match byte for byte") {
  CHECK_FALSE(LiteralFinder::handles(""));
  CHECK_FALSE(LiteralFinder::handles("caf\xc3\xa9"));  // case folding beyond ASCII
  CHECK_FALSE(LiteralFinder::handles("a\nb"));         // a match never spans lines
  CHECK(LiteralFinder::handles("shared_ptr<T>("));
}
