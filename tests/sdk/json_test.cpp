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
  CHECK_THROWS_WITH(from_json(doc[1], n), Catch::Contains("expected an integer in range"));
}
