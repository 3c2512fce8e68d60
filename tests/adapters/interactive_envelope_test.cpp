// The Interactive Mode API's envelope (interactive-api.md §2): what each
// malformed frame, batch, notification and binary frame gets, in-process.
// The same over a real socket: interactive_ws.test.mjs.
#include "interactive_harness.hpp"

#include <catch2/catch.hpp>

using namespace acdc::interactive::test;

TEST_CASE("envelope: each malformed frame gets the reference's code and id") {
  Harness h;
  auto one = [&](const std::string& text) {
    auto frames = h.request(text);
    REQUIRE(frames.size() == 1);
    return frames[0];
  };
  CHECK(error_code(one("not json")) == -32700);
  CHECK(id_text(one("{\"jsonrpc\":")) == "null");
  CHECK(error_code(one(R"([{"jsonrpc":"2.0","id":1,"method":"echo"}])")) == -32600);
  CHECK(id_text(one(R"([{"jsonrpc":"2.0","id":1,"method":"echo"}])")) == "null");
  CHECK(error_code(one("42")) == -32600);
  CHECK(error_code(one(R"({"jsonrpc":"1.0","id":7,"method":"echo"})")) == -32600);
  CHECK(id_text(one(R"({"jsonrpc":"1.0","id":7,"method":"echo"})")) == "7");
  CHECK(id_text(one(R"({"jsonrpc":"2.0","id":"x"})")) == "\"x\"");
  CHECK(error_code(one(R"({"jsonrpc":"2.0","id":"x"})")) == -32600);
  CHECK(error_code(one(req("3", "nope", "{}"))) == -32601);
  CHECK(error_code(one(req("3", "startSession", "[\"u\"]"))) == -32602);
  auto reply = parse(one(R"({"jsonrpc":"2.0","id":"e","method":"echo","params":{"message":"hi"}})"));
  CHECK(std::string(reply["result"].GetString()) == "hi");
  CHECK(parse(one(R"({"jsonrpc":"2.0","id":null,"method":"echo"})"))["id"].IsNull());
  CHECK(parse(one(R"({"jsonrpc":"2.0","id":5,"method":"echo"})"))["result"].IsObject());
  CHECK(std::string(parse(one(req("3", "nope", "{}")))["error"]["message"].GetString()) == "Method not found");
}

TEST_CASE("envelope: a notification is not run and not answered") {
  Harness h;
  CHECK(h.request(R"({"jsonrpc":"2.0","method":"startSession","params":{"userId":"u"}})").empty());
  CHECK(h.request(R"({"jsonrpc":"2.0","method":"nope"})").empty());
}

TEST_CASE("envelope: a binary frame is answered with -32700 and the connection stays") {
  Harness h;
  CHECK(h.connection->on_binary());
  auto frames = h.take();
  REQUIRE(frames.size() == 1);
  CHECK(error_code(frames[0]) == -32700);
  CHECK(id_text(frames[0]) == "null");
}
