// is_valid_json, the check every plugin result and callback passes before it
// reaches a client, against RapidJSON's own validating reader (the check it
// replaced): same verdict on hand-picked cases and on random mutations of
// valid documents. And parse_limited_in_place, which parses every client
// frame, against parse_limited over the same text (unit tests of pure parts).
#include <acdc/host/json.hpp>

#include <catch2/catch.hpp>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <random>
#include <string>
#include <utility>
#include <vector>

using acdc::rpc::is_valid_json;
using acdc::rpc::ParseOutcome;

namespace {

bool rapidjson_verdict(std::string_view text) {
  rapidjson::MemoryStream stream(text.data(), text.size());
  rapidjson::Reader reader;
  rapidjson::BaseReaderHandler<> ignore;
  return !reader.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag>(stream, ignore)
              .IsError();
}

const std::vector<std::string> kSeeds = {
    R"([1,"two",{"three":[3.5e-2,true,false,null]}])",
    R"({"text":"caf\u00e9 \"quoted\" \\ tab\t","n":-0.0})",
    "[\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 and a longer run of plain ASCII text\"]",
    R"("a string long enough to span several sixteen-byte blocks of the vector scan, with \n escapes")",
    R"(  [ [ [ ] ] , { } ]  )",
    "12345678901234567890",
};

const std::string kAlphabet = "[]{}\",:\\ tfn0123456789.eE+-u\x01\x7F\xC3\xA9\xE2\x82\xAC\xF0\x9F\xED\xA0\xFF";

// A seed with one to three random characters replaced, inserted or erased.
std::string mutated_seed(std::mt19937& rng) {
  std::string text = kSeeds[rng() % kSeeds.size()];
  const int edits = 1 + static_cast<int>(rng() % 3);
  for (int e = 0; e < edits && !text.empty(); ++e) {
    const size_t at = rng() % text.size();
    switch (rng() % 3) {
      case 0: text[at] = kAlphabet[rng() % kAlphabet.size()]; break;
      case 1: text.insert(at, 1, kAlphabet[rng() % kAlphabet.size()]); break;
      default: text.erase(at, 1); break;
    }
  }
  return text;
}

// The outcome of parsing `text` in place, and the document as compact text;
// a PooledDocument whose small pools overflow at once (as the host's do on
// large frames) must give the same.
std::pair<ParseOutcome, std::string> parse_in_place(const std::string& text, unsigned depth) {
  std::string buffer = text;  // c_str() supplies the NUL after it
  rapidjson::Document doc;
  auto outcome = acdc::rpc::parse_limited_in_place(buffer.data(), text.size(), doc, depth);
  std::pair<ParseOutcome, std::string> result{outcome, outcome == ParseOutcome::ok ? acdc::rpc::to_text(doc) : ""};

  buffer = text;
  char pool[64], stack[64];
  rapidjson::MemoryPoolAllocator<> allocator(pool, sizeof pool);
  rapidjson::MemoryPoolAllocator<> stack_allocator(stack, sizeof stack);
  acdc::rpc::PooledDocument pooled(&allocator, 16, &stack_allocator);
  auto pooled_outcome = acdc::rpc::parse_limited_in_place(buffer.data(), text.size(), pooled, depth);
  REQUIRE(pooled_outcome == outcome);
  if (outcome == ParseOutcome::ok) REQUIRE(acdc::rpc::to_text(pooled) == result.second);
  return result;
}

std::pair<ParseOutcome, std::string> parse_copy(const std::string& text, unsigned depth) {
  rapidjson::Document doc;
  auto outcome = acdc::rpc::parse_limited(text, doc, depth);
  return {outcome, outcome == ParseOutcome::ok ? acdc::rpc::to_text(doc) : ""};
}

}  // namespace

TEST_CASE("is_valid_json agrees with RapidJSON's validating reader on hand-picked cases") {
  const std::vector<std::string> cases = {
      "", " ", "null", "[]", "{}", "[1,]", "{\"a\"}", "[1 2]", "\"unterminated", "[\"\\x\"]",
      "[\"\\ud83d\\ude00\"]",         // an escaped surrogate pair
      "[\"\\ud83d\"]",                // a lone high surrogate
      "[\"tab\tinside\"]",            // a raw control character
      "[\"\xC3\"]",                   // a truncated sequence
      "[\"\xC0\xAF\"]",               // an overlong '/'
      "[\"\xED\xA0\x80\"]",           // a UTF-8 encoded surrogate
      "[\"\xF4\x90\x80\x80\"]",       // above U+10FFFF
      "[\"\xFF\"]",                   // never valid
      "[\"12345678\xE2\x82\xAC\"]",   // non-ASCII right after an ASCII word
      "[1]x", "[1] ", "\n[1]\n", "01", "-", "1e", "tru", "nul",
  };
  for (const auto& text : cases) {
    INFO(text);
    CHECK(is_valid_json(text) == rapidjson_verdict(text));
  }
  for (const auto& text : kSeeds) {
    INFO(text);
    CHECK(is_valid_json(text));
  }
}

TEST_CASE("is_valid_json refuses a raw NUL, which a client would cut the text at") {
  using namespace std::string_literals;
  CHECK_FALSE(is_valid_json("[1]\0"s));
  CHECK_FALSE(is_valid_json("[\"a\0b\"]"s));
  CHECK_FALSE(is_valid_json("1\0 2"s));
}

TEST_CASE("is_valid_json agrees with RapidJSON's validating reader on random mutations") {
  std::mt19937 rng(20261123);
  int valid = 0;
  for (int round = 0; round < 20000; ++round) {
    const std::string text = mutated_seed(rng);
    INFO(text);
    const bool expected = rapidjson_verdict(text);
    REQUIRE(is_valid_json(text) == expected);
    valid += expected;
  }
  // Both verdicts occur often enough for the comparison to mean something.
  CHECK(valid > 1000);
  CHECK(valid < 19000);
}

TEST_CASE("a frame parsed in place gives the same document and verdict as one parsed from a copy") {
  using namespace std::string_literals;
  const std::vector<std::string> cases = {
      R"({"jsonrpc":"2.0","method":"Echo.echo","params":{"args":["caf\u00e9 \"q\" \\"]},"id":7})",
      "[1]\0"s, "[\"a\0b\"]"s, "1\0 2"s,  // a raw NUL: the in-place parse stops at it
      "[1] \n", "[1] x", "[[[[1]]]]", "",
  };
  for (const auto& text : cases) {
    INFO(text);
    CHECK(parse_in_place(text, 3) == parse_copy(text, 3));
  }
  CHECK(parse_in_place("[[[[1]]]]", 3).first == ParseOutcome::too_deep);
  std::mt19937 rng(20261124);
  int ok = 0;
  for (int round = 0; round < 20000; ++round) {
    const std::string text = mutated_seed(rng);
    INFO(text);
    const auto expected = parse_copy(text, 512);
    REQUIRE(parse_in_place(text, 512) == expected);
    ok += expected.first == ParseOutcome::ok;
  }
  CHECK(ok > 1000);
  CHECK(ok < 19000);
}

TEST_CASE("a string escaping a lone surrogate is refused, so nothing the host writes back is broken UTF-8") {
  // Found by fuzz/rpc_message: RapidJSON 1.1 turns "\ude00" alone into a
  // surrogate's bytes, and the echo of it was not UTF-8.
  rapidjson::Document doc;
  CHECK(acdc::rpc::parse_limited(R"({"args":["qud83d\ude00"]})", doc, 32) == acdc::rpc::ParseOutcome::invalid_json);
  CHECK(acdc::rpc::parse_limited(R"({"k\udc00":1})", doc, 32) == acdc::rpc::ParseOutcome::invalid_json);
  CHECK(acdc::rpc::parse_limited(R"({"args":["\ud83d\ude00 \ud7ff"]})", doc, 32) == acdc::rpc::ParseOutcome::ok);
  CHECK(std::string(doc["args"][0].GetString()) == "\xF0\x9F\x98\x80 \xED\x9F\xBF");
}
