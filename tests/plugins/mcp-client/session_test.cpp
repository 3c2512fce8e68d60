// The MCP client against real servers: the official reference servers from
// npm over stdio and Streamable HTTP, acdc's own `acdc mcp`, and servers
// that fail in each way a user's server can (does not start, never answers,
// prints garbage, dies mid-call, answers 50 MB).
#include "servers.hpp"
#include "session/tool_result.hpp"

#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <fstream>
#include <future>
#include <thread>

using namespace acdc::mcp_client;
using namespace acdc::mcp_client::test;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> tool_names(const McpSession::Reply& list) {
  std::vector<std::string> out;
  INFO("tools/list: " << (list.ok ? list.result.substr(0, 300) : list.message));
  REQUIRE(list.ok);
  acdc::Json doc;
  doc.Parse(list.result.c_str());
  for (const auto& t : doc["tools"].GetArray()) out.emplace_back(t["name"].GetString());
  return out;
}

std::string call(Opened& o, const std::string& tool, const std::string& args) {
  McpSession::Reply r = o.session->call_tool(tool, args, 30s, {});
  INFO(r.message);
  REQUIRE(r.ok);
  return to_agent_result(r.result);
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace

TEST_CASE("server-everything over stdio: the handshake falls back to initialize, its tools are listed and called") {
  acdc::test::TempDir dir;
  Opened o = open(everything(dir.path()));
  REQUIRE(o.why == "");
  CHECK(o.session->protocol() == "2025-11-25");
  CHECK_THAT(o.session->server_info(), Catch::Contains("\"name\""));
  auto tools = o.session->list_tools(10s);
  REQUIRE(tools.ok);
  auto names = tool_names(tools);
  CHECK(contains(names, "echo"));
  CHECK(contains(names, "get-sum"));
  CHECK_THAT(result_text(call(o, "echo", R"({"message":"hello from acdc"})")), Catch::Contains("hello from acdc"));
  CHECK_THAT(result_text(call(o, "get-sum", R"({"a":2,"b":40})")), Catch::Contains("42"));
  // The server's own requests are answered: its roots are the repository.
  CHECK_THAT(result_text(call(o, "get-roots-list", "{}")), Catch::Contains(dir.path().string()));
  o.session->close();
}

TEST_CASE("server-everything's content types reach the model: an image as an image, links, structured content") {
  acdc::test::TempDir dir;
  Opened o = open(everything(dir.path()));
  REQUIRE(o.why == "");
  acdc::Json image;
  image.Parse(call(o, "get-tiny-image", "{}").c_str());
  bool png = false;
  for (const auto& block : image["content"].GetArray())
    png = png || (std::string(block["type"].GetString()) == "image" && std::string(block["mimeType"].GetString()) == "image/png");
  CHECK(png);
  CHECK_THAT(result_text(call(o, "get-resource-links", R"({"count":2})")), Catch::Contains("[resource link: "));
  CHECK_THAT(result_text(call(o, "get-structured-content", R"({"location":"New York"})")), Catch::Contains("temperature"));
  // A tool error is a result the model reads, not a failed call.
  McpSession::Reply bad = o.session->call_tool("get-sum", R"({"a":"two"})", 10s, {});
  CHECK((bad.ok ? result_failed(to_agent_result(bad.result)) : !bad.message.empty()));
  o.session->close();
}

TEST_CASE("server-filesystem over stdio lists and reads the directory it was given") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / "notes.txt", "the filesystem server read this\n");
  Opened o = open(stdio("fs", node(), {filesystem_js(), dir.path().string()}, dir.path()));
  REQUIRE(o.why == "");
  auto names = tool_names(o.session->list_tools(10s));
  CHECK(contains(names, "read_text_file"));
  CHECK_THAT(result_text(call(o, "read_text_file", R"({"path":")" + (dir.path() / "notes.txt").string() + R"("})")),
             Catch::Contains("the filesystem server read this"));
  // Outside its directory it refuses, and says so in the result.
  McpSession::Reply outside = o.session->call_tool("read_text_file", R"({"path":"/etc/hostname"})", 10s, {});
  CHECK((outside.ok ? result_failed(to_agent_result(outside.result)) : true));
  o.session->close();
}

TEST_CASE("server-everything over Streamable HTTP: the session id and protocol version travel, tools are called") {
  acdc::test::TempDir dir;
  const int port = free_port();
  // The HTTP server runs as a plain child (its stdout is not MCP here).
  HttpServer server({"node", everything_js(), "streamableHttp"}, port);
  Opened o = open_when_listening(server.config("everything-http"));
  REQUIRE(o.why == "");
  CHECK(o.session->protocol() == "2025-11-25");
  CHECK(contains(tool_names(o.session->list_tools(10s)), "echo"));
  CHECK_THAT(result_text(call(o, "echo", R"({"message":"over http"})")), Catch::Contains("over http"));
  o.session->close();
}

TEST_CASE("acdc's own `acdc mcp` is a server acdc's client can use") {
  acdc::test::TempDir dir;
  const auto repo = dir.path() / "repo";
  acdc::test::write_file(repo / "hello.py", "print('hello')\n");
  REQUIRE(std::system(("git -C " + repo.string() + " init -q && git -C " + repo.string() + " add -A").c_str()) == 0);
  acdc::test::write_file(dir.path() / "acdc.yaml", "plugins:\n  - name: repo\n");
  ServerConfig acdc_mcp = stdio("acdc", ACDC_TEST_HOST_BIN,
                                {"--config", (dir.path() / "acdc.yaml").string(), "--plugin-dir", ACDC_TEST_PLUGIN_DIR, "mcp"},
                                repo);
  acdc_mcp.env = {{"ACDC_CONFIG_HOME", (dir.path() / "config").string()}};
  Opened o = open(acdc_mcp);
  REQUIRE(o.why == "");
  CHECK(contains(tool_names(o.session->list_tools(10s)), "read_file"));
  CHECK_THAT(result_text(call(o, "read_file", R"({"path":"hello.py"})")), Catch::Contains("print('hello')"));
  o.session->close();
}

TEST_CASE("a server that cannot be run, one that never answers, and one that exits at once each say why") {
  acdc::test::TempDir dir;
  Opened missing = open(stdio("missing", "/nonexistent/mcp-server", {}, dir.path()));
  CHECK_THAT(missing.why, Catch::Contains("cannot run '/nonexistent/mcp-server'") && Catch::Contains("No such file"));
  Opened silent = open(stdio("silent", "sleep", {"60"}, dir.path()), 2s);
  CHECK_THAT(silent.why, Catch::Contains("no answer to initialize"));
  silent.session->close();
  Opened quits = open(stdio("quits", "/bin/sh", {"-c", "echo going >&2; exit 3"}, dir.path()), 5s);
  CHECK_THAT(quits.why, Catch::Contains("exited with code 3"));
  CHECK_THAT(quits.log_text(), Catch::Contains("going"));
}

TEST_CASE("garbage on a server's stdout is logged and skipped, and the server still serves") {
  acdc::test::TempDir dir;
  Opened o = open(stdio("noisy", "/bin/sh", {"-c", "echo 'Server starting...'; echo '{broken'; exec node " + everything_js() + " stdio"}, dir.path()));
  REQUIRE(o.why == "");
  CHECK_THAT(o.log_text(), Catch::Contains("not JSON-RPC, skipped: Server starting..."));
  CHECK_THAT(result_text(call(o, "echo", R"({"message":"still here"})")), Catch::Contains("still here"));
  o.session->close();
}

TEST_CASE("a server killed in the middle of a call ends that call with the reason, at once") {
  acdc::test::TempDir dir;
  const auto pidfile = dir.path() / "pid";
  Opened o = open(stdio("dies", "/bin/sh",
                        {"-c", "echo $$ > " + pidfile.string() + "; exec node " + test_script("slow_server.mjs")}, dir.path()));
  REQUIRE(o.why == "");
  auto pending = std::async(std::launch::async, [&] { return o.session->call_tool("wait", "{}", 120s, {}); });
  REQUIRE(wait_for_log(o, "called wait"));  // the call is at the server
  pid_t pid = 0;
  std::ifstream(pidfile) >> pid;
  REQUIRE(pid > 0);
  ::kill(pid, SIGKILL);
  REQUIRE(pending.wait_for(20s) == std::future_status::ready);
  McpSession::Reply r = pending.get();
  CHECK_FALSE(r.ok);
  CHECK_THAT(r.message, Catch::Contains("killed by signal 9"));
  CHECK(o.session->is_closed());
}

TEST_CASE("a cancelled call is cancelled at the server and returns at once") {
  acdc::test::TempDir dir;
  Opened o = open(stdio("slow", node(), {test_script("slow_server.mjs")}, dir.path()));
  REQUIRE(o.why == "");
  std::atomic<bool> stop{false};
  auto pending = std::async(std::launch::async, [&] {
    return o.session->call_tool("wait", "{}", 120s, [&] { return stop.load(); });
  });
  REQUIRE(wait_for_log(o, "called wait"));
  stop = true;
  REQUIRE(pending.wait_for(5s) == std::future_status::ready);
  CHECK(pending.get().message == "cancelled");
  CHECK(wait_for_log(o, "cancelled by the client"));  // notifications/cancelled reached it
  // The session goes on.
  CHECK_THAT(result_text(call(o, "hello", "{}")), Catch::Contains("still here"));
  o.session->close();
}

TEST_CASE("a 50 MB answer ends the call with an error naming the limit, and acdc does not hold it") {
  acdc::test::TempDir dir;
  Opened o = open(stdio("big", node(), {test_script("big_result_server.mjs")}, dir.path()), 30s, 16u << 20);
  REQUIRE(o.why == "");
  McpSession::Reply r = o.session->call_tool("fifty_megabytes", "{}", 60s, {});
  CHECK_FALSE(r.ok);
  CHECK_THAT(r.message, Catch::Contains("over 16 MiB"));
}

TEST_CASE("the stateless revision: server/discover answered, every request carries its _meta and Mcp-Method") {
  acdc::test::TempDir dir;
  const int port = free_port();
  HttpServer server({"node", test_script("stateless_server.mjs"), std::to_string(port)}, port);
  Opened o = open_when_listening(server.config("stateless"));
  REQUIRE(o.why == "");
  CHECK(o.session->protocol() == "2026-07-28");
  CHECK(contains(tool_names(o.session->list_tools(10s)), "shout"));
  // The server refuses a request without _meta or with headers that do not match the body.
  CHECK(result_text(call(o, "shout", R"({"text":"quiet"})")) == "QUIET");
  o.session->close();
}
