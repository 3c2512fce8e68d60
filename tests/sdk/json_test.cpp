// The SDK's argument decoding (sdk/include/acdc/sdk/json.hpp): what a plugin
// method receives from the jrpc-oo args array, and the error when it cannot.
#include <acdc/sdk/json.hpp>

#include <catch2/catch.hpp>

using acdc::from_json;

TEST_CASE("nested containers decode in any order of nesting") {
  auto doc = acdc::parse_json(R"([["a","b"], null, {"k":[1,2]}])");
  std::optional<std::vector<std::string>> names;
  from_json(doc[0], names);
  REQUIRE(names);
  CHECK(*names == std::vector<std::string>{"a", "b"});
  std::optional<std::vector<std::string>> none{std::vector<std::string>{"x"}};
  from_json(doc[1], none);
  CHECK(!none);
  std::map<std::string, std::vector<int>> by_key;
  from_json(doc[2], by_key);
  CHECK(by_key["k"] == std::vector<int>{1, 2});
}

TEST_CASE("a value of the wrong type says what was expected") {
  auto doc = acdc::parse_json(R"(["x", 1.5])");
  std::vector<std::string> names;
  CHECK_THROWS_WITH(from_json(doc[1], names), Catch::Contains("expected an array, got a number"));
  int n = 0;
  CHECK_THROWS_WITH(from_json(doc[1], n), Catch::Contains("expected an integer, got 1.5"));
}

TEST_CASE("integers are range-checked exactly, also beyond 2^53 and 2^63, and the range is named") {
  auto doc = acdc::parse_json(R"([9223372036854775807, 9223372036854775808, 18446744073709551615, -1, 3.0, 300, 1e300])");
  int64_t i = 0;
  from_json(doc[0], i);
  CHECK(i == INT64_MAX);
  CHECK_THROWS_WITH(from_json(doc[1], i), Catch::Contains("expected an integer in [-9223372036854775808, 9223372036854775807], got 9223372036854775808"));
  uint64_t u = 0;
  from_json(doc[2], u);
  CHECK(u == UINT64_MAX);
  CHECK_THROWS_WITH(from_json(doc[3], u), Catch::Contains("in [0, 18446744073709551615], got -1"));
  int n = 0;
  from_json(doc[4], n);
  CHECK(n == 3);
  uint8_t small = 0;
  CHECK_THROWS_WITH(from_json(doc[5], small), Catch::Contains("in [0, 255], got 300"));
  CHECK_THROWS_WITH(from_json(doc[6], n), Catch::Contains("got 1.0000000000000001e+300"));
}
