// ACP's framing (adapters/acp/wire.hpp): each kind of message, and each way a
// line can fail to be one, with the JSON-RPC code the client gets.
#include "acp/wire.hpp"

#include <catch2/catch.hpp>

using namespace acdc::adapters::acp;
using Kind = Incoming::Kind;

TEST_CASE("requests, notifications and responses are told apart") {
  Incoming r = parse_incoming(R"({"jsonrpc":"2.0","id":"a1","method":"session/new","params":{"cwd":"/p"}})");
  CHECK(r.kind == Kind::request);
  CHECK(r.id == R"("a1")");
  CHECK(r.method == "session/new");
  CHECK(required_string(r.params(), "cwd", "session/new") == "/p");
  CHECK(parse_incoming(R"({"jsonrpc":"2.0","method":"session/cancel","params":{}})").kind == Kind::notification);
  Incoming answer = parse_incoming(R"({"jsonrpc":"2.0","id":7,"result":{"content":"x"}})");
  CHECK(answer.kind == Kind::response);
  CHECK(answer.id == "7");
}

TEST_CASE("a line that is not one JSON-RPC message is answered with the right code") {
  auto code_of = [](const char* line) { return parse_incoming(line).code; };
  CHECK(code_of("not json") == -32700);
  CHECK(code_of(R"([{"jsonrpc":"2.0","id":1,"method":"initialize"}])") == -32600);  // no batches in ACP
  CHECK(code_of(R"({"id":1,"method":"initialize"})") == -32600);                    // no "jsonrpc"
  CHECK(code_of(R"({"jsonrpc":"2.0","id":{},"method":"initialize"})") == -32600);   // an object id
  CHECK(code_of(R"({"jsonrpc":"2.0","id":1,"method":5})") == -32600);
  CHECK(code_of(R"({"jsonrpc":"2.0","id":1,"method":"x","params":"s"})") == -32600);
  CHECK(code_of(R"({"jsonrpc":"2.0","id":1})") == -32600);  // neither request nor response
  // The id is echoed when it could be read, null when not.
  CHECK(parse_incoming(R"({"jsonrpc":"1.0","id":3,"method":"x"})").id == "3");
  CHECK(parse_incoming("not json").id == "null");
}

TEST_CASE("a missing parameter names itself") {
  Incoming r = parse_incoming(R"({"jsonrpc":"2.0","id":1,"method":"session/load","params":{}})");
  CHECK_THROWS_WITH(required_string(r.params(), "sessionId", "session/load"),
                    Catch::Contains("session/load needs \"sessionId\""));
  CHECK(jsonrpc_code(ACDC_E_INVALID_PARAMS) == -32602);
  CHECK(jsonrpc_code(ACDC_E_NOT_FOUND) == -32002);
  CHECK(jsonrpc_code(ACDC_E_APPLICATION) == -32603);
}
