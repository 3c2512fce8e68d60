// The MCP adapter's pure parts: message classification, and a tool's
// arguments read against its schema (acdc/sdk/tool.hpp, as the adapter uses it).
#include "mcp/catalog.hpp"
#include "mcp/message.hpp"
#include "mcp/prompts.hpp"
#include "mcp/stateless.hpp"
#include "mcp/tool_args.hpp"

#include <catch2/catch.hpp>

using namespace acdc::adapters::mcp;

namespace {

Message read(std::string_view text) {
  static rapidjson::Document doc;
  return read_message(text, doc);
}

}  // namespace

TEST_CASE("a message is a request, a notification, a response or invalid with the code to answer") {
  auto r = read(R"({"jsonrpc":"2.0","id":"a1","method":"tools/list","params":{"cursor":"x"}})");
  CHECK(r.kind == Message::request);
  CHECK(r.id == R"("a1")");
  CHECK(r.method == "tools/list");
  REQUIRE(r.params != nullptr);
  CHECK(read(R"({"jsonrpc":"2.0","method":"notifications/initialized"})").kind == Message::notification);
  CHECK(read(R"({"jsonrpc":"2.0","id":3,"result":{}})").kind == Message::response);
  CHECK(read("nope").error_code == -32700);
  CHECK(read(R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])").error_code == -32600);
  CHECK(read(R"({"jsonrpc":"1.0","id":1,"method":"ping"})").error_code == -32600);
  CHECK(read(R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})").error_code == -32600);
  auto bad_params = read(R"({"jsonrpc":"2.0","id":7,"method":"ping","params":[1]})");
  CHECK(bad_params.error_code == -32602);
  CHECK(bad_params.id == "7");  // the error answers the request it belongs to
  CHECK(read(std::string(kMaxMessageBytes + 1, ' ')).error_code == -32600);
}

TEST_CASE("a tool's arguments: the first problem names the argument and what to give") {
  rapidjson::Document doc;
  doc.Parse(R"({"path":"a.py","start_line":0,"files":["x",1]})");
  {
    Args a(&doc, {"path", "start_line", "files"});
    CHECK(a.text("path", true) == "a.py");
    CHECK_FALSE(a.integer("start_line", 1, 10).has_value());
    CHECK(a.problem() == "start_line: expected an integer from 1 to 10");
    a.texts("files");
    CHECK(a.problem() == "start_line: expected an integer from 1 to 10");  // the first one stays
  }
  {
    Args a(&doc, {"path"});
    CHECK(a.problem() == "unknown argument 'start_line': this tool takes path");
  }
  {
    Args a(nullptr, {"path"});
    CHECK_FALSE(a.text("path", true).has_value());
    CHECK(a.problem() == "path: required, a string");
  }
}

TEST_CASE("a tool takes the arguments its input schema names, and no others") {
  CHECK(schema_properties(*find_tool("apply_edits")) == std::vector<std::string>{"replacements", "edit_blocks", "dry_run"});
  CHECK(schema_properties(*find_tool("ask_acdc")) == std::vector<std::string>{"question", "files"});
  CHECK(find_tool("read_file") == nullptr);  // the repo plugin's own tool now (Host.list_tools)
}

TEST_CASE("a plugin tool is served by the method Host.list_tools names, an MCP server's tool (by_name) is not served here") {
  const std::string list = R"([{"name":"read_file","method":"Repo.read_file"},
      {"name":"gh__search","method":"McpClient.call_tool","by_name":true}])";
  CHECK(tool_method(list, "read_file") == "Repo.read_file");
  CHECK(tool_method(list, "gh__search").empty());
}

TEST_CASE("a snippet's prompt name is its mode and tooltip, lower case, words joined by one dash") {
  using acdc::adapters::mcp::prompt_name;
  CHECK(prompt_name("code", "Write tests") == "code-write-tests");
  CHECK(prompt_name("review", "Security") == "review-security");
  CHECK(prompt_name("doc", "  What's new? (v2)  ") == "doc-what-s-new-v2");
  CHECK(prompt_name("code", "🧪 ✅") == "code");
}

TEST_CASE("a stateless result gains resultType, and a list or a read its cache hints, and other frames pass unchanged") {
  using acdc::adapters::mcp::stateless_result;
  CHECK(stateless_result(R"({"jsonrpc":"2.0","id":3,"result":{"tools":[]}})", "3", "tools/list") ==
        R"({"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","ttlMs":60000,"cacheScope":"private","tools":[]}})");
  CHECK(stateless_result(R"({"jsonrpc":"2.0","id":"a","result":{}})", R"("a")", "tools/call") ==
        R"({"jsonrpc":"2.0","id":"a","result":{"resultType":"complete"}})");
  CHECK(stateless_result(R"({"jsonrpc":"2.0","id":4,"result":{"contents":[]}})", "4", "resources/read") ==
        R"({"jsonrpc":"2.0","id":4,"result":{"resultType":"complete","ttlMs":0,"cacheScope":"private","contents":[]}})");
  const std::string error = R"({"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"x"}})";
  CHECK(stateless_result(error, "3", "tools/list") == error);
  // Another request's result is not this one's.
  const std::string other = R"({"jsonrpc":"2.0","id":31,"result":{}})";
  CHECK(stateless_result(other, "3", "tools/list") == other);
}
