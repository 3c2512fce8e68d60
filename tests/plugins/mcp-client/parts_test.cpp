// The pure parts of the MCP client: the config forms users already have,
// Server-Sent Events in any split, every content type a server sends made
// words for the model, and the tool names and their fixed order.
#include "config/server_config.hpp"
#include "service/tool_catalog.hpp"
#include "session/tool_result.hpp"
#include "transport/sse_reader.hpp"
#include "transport/transport.hpp"

#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/error.hpp>

#include <cstdlib>

using namespace acdc::mcp_client;

namespace {

acdc::Json json(const std::string& text) {
  acdc::Json doc;
  doc.Parse(text.c_str());
  return doc;
}

McpSettings settings_for(const acdc::test::TempDir& dir, const std::string& app_json) {
  return McpSettings::from(json(R"({"host":{"repo_root":")" + dir.path().string() + R"(","state_dir":")" +
                                (dir.path() / ".acdc").string() + R"("},"app":)" + app_json + "}"));
}

}  // namespace

TEST_CASE("mcp_servers of app.yaml and .acdc/mcp.json are read in the .mcp.json form, the project's winning, by name") {
  acdc::test::TempDir dir;
  ::setenv("ACDC_TEST_MCP_TOKEN", "s3cret", 1);
  acdc::test::write_file(dir.path() / ".acdc" / "mcp.json", R"({"mcpServers": {
      "docs": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer ${ACDC_TEST_MCP_TOKEN}"}},
      "fs": {"command": "npx", "args": ["-y", "server-filesystem", "."], "cwd": "sub"}}})");
  auto s = settings_for(dir, R"({"mcp_servers": {"fs": {"command": "old"}, "zed": {"command": "z", "env": {"K": "${env:ACDC_TEST_MCP_TOKEN}"}}},
                                  "mcp_client": {"call_timeout_s": 5}})");
  REQUIRE(s.servers.size() == 3);
  CHECK(s.servers[0].name == "docs");
  CHECK(s.servers[0].http());
  CHECK(s.servers[0].headers[0].second == "Bearer s3cret");
  CHECK(s.servers[1].name == "fs");
  CHECK(s.servers[1].command == "npx");  // the project's entry won
  CHECK(s.servers[1].source == ".acdc/mcp.json");
  CHECK(s.servers[1].cwd == (dir.path() / "sub").string());
  CHECK(s.servers[1].target() == "npx -y server-filesystem .");
  CHECK(s.servers[2].env[0].second == "s3cret");
  CHECK(s.servers[2].cwd == dir.path().string());
  CHECK(s.call_timeout == std::chrono::seconds(5));
}

TEST_CASE("an MCP server entry that cannot start says why, and the others are still read") {
  acdc::test::TempDir dir;
  ::unsetenv("ACDC_TEST_MCP_UNSET");
  auto s = settings_for(dir, R"({"mcp_servers": {
      "both": {"command": "x", "url": "http://a"},
      "neither": {"args": []},
      "token": {"url": "https://a/mcp", "headers": {"Authorization": "Bearer ${ACDC_TEST_MCP_UNSET}"}},
      "old-sse": {"type": "sse", "url": "http://a/sse"},
      "ftp": {"url": "ftp://a"},
      "good": {"command": "node"}}})");
  REQUIRE(s.servers.size() == 6);
  auto problem = [&](const std::string& name) {
    for (const auto& server : s.servers)
      if (server.name == name) return server.problem;
    return std::string("missing");
  };
  CHECK_THAT(problem("both"), Catch::Contains("either command") && Catch::Contains("not both"));
  CHECK_THAT(problem("neither"), Catch::Contains("either command"));
  CHECK_THAT(problem("token"), Catch::Contains("${ACDC_TEST_MCP_UNSET} is not set"));
  CHECK_THAT(problem("old-sse"), Catch::Contains("old HTTP+SSE transport"));
  CHECK_THAT(problem("ftp"), Catch::Contains("http:// or https://"));
  CHECK(problem("good").empty());
}

TEST_CASE("a .acdc/mcp.json that is not JSON is shown as a server that cannot start, and app.yaml's servers stay") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / ".acdc" / "mcp.json", "{\"mcpServers\": {");
  auto s = settings_for(dir, R"({"mcp_servers": {"a": {"command": "node"}}})");
  REQUIRE(s.servers.size() == 2);
  CHECK(s.servers[0].name == ".acdc/mcp.json");
  CHECK_THAT(s.servers[0].problem, Catch::Contains("is not a JSON object"));
  CHECK(s.servers[1].name == "a");
  CHECK_THROWS_AS(settings_for(dir, R"({"mcp_client": {"call_timeout_s": 0}})"), acdc::Error);
}

TEST_CASE("VS Code's servers form is read too") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / "vscode.json", R"({"servers": {"gh": {"type": "http", "url": "https://api.example.com/mcp"}}})");
  auto servers = read_server_file(dir.path() / "vscode.json", ".vscode/mcp.json", dir.path());
  REQUIRE(servers.size() == 1);
  CHECK(servers[0].url == "https://api.example.com/mcp");
}

TEST_CASE("Server-Sent Events are read in any split, comments skipped, data lines joined, id and retry kept") {
  std::vector<std::string> events;
  SseReader sse([&](std::string_view d) { events.emplace_back(d); });
  const std::string stream = ": keep-alive\r\nid: 1\nevent: message\ndata: {\"a\":\ndata: 1}\n\nretry: 500\ndata:{\"b\":2}\r\n\r\n";
  for (char c : stream) sse.feed(std::string_view(&c, 1));
  REQUIRE(events.size() == 2);
  CHECK(events[0] == "{\"a\":\n1}");
  CHECK(events[1] == "{\"b\":2}");
  CHECK(sse.last_event_id() == "1");
  CHECK(sse.retry_ms() == 500);
  // A priming event (an id, no data) is no message.
  sse.feed("id: event-7\ndata:\n\n");
  CHECK(events.size() == 2);
  CHECK(sse.last_event_id() == "event-7");
  SseReader small([&](std::string_view) {}, 16);
  small.feed("data: " + std::string(40, 'x') + "\n");
  CHECK_FALSE(small.ok());
}

TEST_CASE("every content type of a tool result reaches the model, an image as itself and the rest as words, isError kept") {
  const std::string png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk";
  const std::string r = to_agent_result(R"({"content":[
      {"type":"text","text":"hello"},
      {"type":"image","data":")" + png + R"(","mimeType":"image/png"},
      {"type":"image","data":"PHN2Zz4=","mimeType":"image/svg+xml"},
      {"type":"image","data":"not base64!","mimeType":"image/png"},
      {"type":"audio","data":"AAAA","mimeType":"audio/wav"},
      {"type":"resource_link","uri":"file:///a.txt","name":"a.txt","mimeType":"text/plain","description":"the file"},
      {"type":"resource","resource":{"uri":"test://r","text":"inside"}},
      {"type":"resource","resource":{"uri":"test://b","mimeType":"application/gzip","blob":"AAAA"}},
      {"type":"hologram"}],"isError":true})");
  acdc::Json doc;
  doc.Parse(r.c_str());
  const auto& content = doc["content"];
  REQUIRE(content.Size() == 3);  // the text before the image, the image, the text after it
  CHECK(std::string(content[0]["text"].GetString()) == "hello");
  CHECK(std::string(content[1]["type"].GetString()) == "image");
  CHECK(std::string(content[1]["mimeType"].GetString()) == "image/png");
  CHECK(std::string(content[1]["data"].GetString()) == png);
  const std::string text = content[2]["text"].GetString();
  CHECK_THAT(text, Catch::Contains("[an image (image/svg+xml, 6 bytes) the tool returned; not shown to you: a format models do not take]"));
  CHECK_THAT(text, Catch::Contains("its data is not base64"));
  CHECK_THAT(text, Catch::Contains("[an audio clip (audio/wav, 3 bytes)"));
  CHECK_THAT(text, Catch::Contains("[resource link: a.txt file:///a.txt (text/plain): the file]"));
  CHECK_THAT(text, Catch::Contains("[resource test://r]\ninside"));
  CHECK_THAT(text, Catch::Contains("[resource test://b (application/gzip, 3 bytes, binary: not shown to you)]"));
  CHECK_THAT(text, Catch::Contains("content of type 'hologram'"));
  CHECK(doc["isError"].GetBool());
  // An image over what a model takes is described.
  const std::string big = to_agent_result(R"({"content":[{"type":"image","mimeType":"image/jpeg","data":")" +
                                          std::string(kMaxImageBytes / 3 * 4 + 8, 'A') + R"("}]})");
  CHECK_THAT(big, Catch::Contains("over the 5120 KiB a model takes"));
  CHECK_THAT(big, Catch::Contains(R"("isError":false)"));
  // Structured content alone is given as its JSON.
  const std::string s = to_agent_result(R"({"content":[],"structuredContent":{"temperature":22}})");
  CHECK_THAT(s, Catch::Contains(R"(\"temperature\":22)"));
  CHECK_THAT(to_agent_result("[1]"), Catch::Contains("not a JSON object"));
}

TEST_CASE("a request the transport cannot deliver is answered with an error for its id, a notification is not") {
  CHECK(error_reply(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}})", -32000, "down") ==
        R"({"jsonrpc":"2.0","id":7,"error":{"code":-32000,"message":"down"}})");
  CHECK(error_reply(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", -32000, "down").empty());
}

TEST_CASE("servers' tools are offered as server__tool, servers and tools by name, switched-off ones left out") {
  acdc::test::TempDir dir;
  Switches switches(dir.path() / "switches.json");
  switches.set_tool("b__off", false);
  auto snap = [](std::string name, std::string status, std::string tools) {
    ServerLink::Snapshot s;
    s.config.name = std::move(name);
    s.status = std::move(status);
    s.tools_json = std::move(tools);
    return s;
  };
  std::vector<ServerLink::Snapshot> servers{
      snap("a.srv", "connected",
           R"({"tools":[{"name":"zeta","description":"z","inputSchema":{"type":"object"}},{"name":"alpha/1"}]})"),
      snap("b", "connected", R"({"tools":[{"name":"off","inputSchema":{}},{"name":"on","inputSchema":{}}]})"),
      snap("c", "failed", R"({"tools":[{"name":"x"}]})")};
  auto catalog = ToolCatalog::build(servers, switches, "McpClient.call_tool");
  auto list = acdc::Json();
  list.Parse(catalog.declarations().c_str());
  REQUIRE(list.Size() == 3);
  CHECK(std::string(list[0]["name"].GetString()) == "a_srv__alpha_1");
  CHECK(std::string(list[0]["description"].GetString()) == "(MCP server 'a.srv') The tool alpha/1.");
  CHECK(std::string(list[1]["name"].GetString()) == "a_srv__zeta");
  CHECK(std::string(list[2]["name"].GetString()) == "b__on");
  CHECK(std::string(list[2]["method"].GetString()) == "McpClient.call_tool");
  REQUIRE(catalog.find("a_srv__alpha_1"));
  CHECK(catalog.find("a_srv__alpha_1")->tool == "alpha/1");
  CHECK_FALSE(catalog.find("b__off"));
  CHECK(ToolCatalog::build(servers, switches, "M.c").declarations() == ToolCatalog::build(servers, switches, "M.c").declarations());
  CHECK(qualified_name(std::string(40, 's'), std::string(30, 't')).empty());
  // The switch is kept on disk.
  CHECK_FALSE(Switches(dir.path() / "switches.json").tool_on("b__off"));
}
