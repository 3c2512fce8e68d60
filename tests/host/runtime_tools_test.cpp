// The tools a plugin declares at run time (plugin_api.h 1.3 set_tools): read
// as the descriptor's are, each kept with the method that serves it and
// marked by_name; anything malformed refused whole, saying what.
#include "plugins/tool_decl.hpp"

#include <catch2/catch.hpp>

using acdc::plugins::read_runtime_tools;

namespace {

bool serves(std::string_view method) { return method == "McpClient.call_tool"; }

}  // namespace

TEST_CASE("run-time tools are read in order, each with its method and by_name") {
  auto r = read_runtime_tools(
      R"([{"name":"gh__search","description":"Search.","inputSchema":{"type":"object"},"method":"McpClient.call_tool"},
          {"name":"gh__get","description":"Get.","inputSchema":{},"title":"Get","method":"McpClient.call_tool"}])",
      serves);
  REQUIRE(r.problem == "");
  REQUIRE(r.tools.size() == 2);
  CHECK(r.tools[0].first == "gh__search");
  CHECK(r.tools[0].second ==
        R"({"name":"gh__search","description":"Search.","inputSchema":{"type":"object"},"method":"McpClient.call_tool","by_name":true})");
  CHECK(r.tools[1].first == "gh__get");
  CHECK(read_runtime_tools("[]", serves).tools.empty());
}

TEST_CASE("run-time tools that are malformed or name a method the plugin lacks are refused whole") {
  CHECK_THAT(read_runtime_tools("{}", serves).problem, Catch::Contains("a JSON array"));
  CHECK_THAT(read_runtime_tools(R"([{"name":"a","description":"d","inputSchema":{}}])", serves).problem,
             Catch::Contains("needs \"method\""));
  CHECK_THAT(read_runtime_tools(R"([{"name":"a","description":"d","inputSchema":{},"method":"Repo.read_file"}])", serves).problem,
             Catch::Contains("names Repo.read_file, which this plugin does not serve"));
  auto bad = read_runtime_tools(
      R"([{"name":"ok","description":"d","inputSchema":{},"method":"McpClient.call_tool"},
          {"name":"bad name!","description":"d","inputSchema":{},"method":"McpClient.call_tool"}])",
      serves);
  CHECK(bad.tools.empty());
  CHECK_THAT(bad.problem, Catch::Contains("1-64 letters"));
}
