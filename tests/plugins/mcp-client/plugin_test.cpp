// The mcp-client plugin through the real host over WebSocket: the user's
// servers from .acdc/mcp.json connect in the background and are listed;
// their tools join Host.list_tools as server__tool; the model calls one in
// an Agent turn with the fake provider (the user asked first) and reads its
// answer; a switch turns a tool off and stays off; a crashed server comes
// back; a hanging one ends the call with an error the model reads.
#include "llm_host.hpp"
#include "servers.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <signal.h>

#include <fstream>
#include <thread>

using namespace acdc::llm::test;
using acdc::mcp_client::test::everything_js;

namespace {

const LlmHost::Plugins kWithMcp{{"repo", "mcp-client", "llm"}};

std::string mcp_json(const std::string& servers) { return R"({"mcpServers": {)" + servers + "}}"; }

std::string everything_entry(const std::string& name, const std::string& prefix = "") {
  const std::string js = everything_js();
  if (prefix.empty()) return "\"" + name + R"(": {"command": "node", "args": [)" + acdc::to_json_text(js) + R"(, "stdio"]})";
  return "\"" + name + R"(": {"command": "/bin/sh", "args": ["-c", )" + acdc::to_json_text(prefix + "exec node " + js + " stdio") + "]}";
}

// McpClient.servers() once `name` has the status `status` (the servers connect in the background).
rapidjson::Document wait_for(LlmHost& h, const std::string& name, const std::string& status, int seconds = 30) {
  for (int i = 0; i < seconds * 10; ++i) {
    auto list = result(h, "McpClient.servers", "[]");
    for (auto& s : list.GetArray())
      if (str(s["name"]) == name && str(s["status"]) == status) return list;
    h.client->pump(std::chrono::milliseconds(100));
  }
  auto list = result(h, "McpClient.servers", "[]");
  FAIL("'" << name << "' never became " << status << ": " << acdc::to_json_text(static_cast<const rapidjson::Value&>(list)));
  return list;
}

const rapidjson::Value& server(const rapidjson::Document& list, const std::string& name) {
  for (const auto& s : list.GetArray())
    if (str(s["name"]) == name) return s;
  FAIL("no server " << name);
  return list[0];
}

bool listed(LlmHost& h, const std::string& tool) {
  auto tools = result(h, "Host.list_tools", "[]");
  for (const auto& t : tools.GetArray())
    if (str(t["name"]) == tool) return true;
  return false;
}

}  // namespace

TEST_CASE("configured servers connect in the background and are listed with their tools, a broken one with its reason") {
  LlmHost h({{".acdc/mcp.json", mcp_json(everything_entry("everything") + R"(, "broken": {"command": "/nonexistent/mcp-server"})")}},
            kWithMcp);
  auto list = wait_for(h, "everything", "connected");
  const auto& e = server(list, "everything");
  CHECK(str(e["transport"]) == "stdio");
  CHECK(str(e["source"]) == ".acdc/mcp.json");
  CHECK(str(e["protocol"]) == "2025-11-25");
  CHECK(e["tools"].Size() > 5);
  list = wait_for(h, "broken", "failed");
  CHECK_THAT(str(server(list, "broken")["error"]), Catch::Contains("cannot run '/nonexistent/mcp-server'"));
  // The tools join the host's catalog, for acdc's agent and acdc's MCP server alike.
  auto tools = result(h, "Host.list_tools", "[]");
  bool found = false;
  for (const auto& t : tools.GetArray())
    if (str(t["name"]) == "everything__echo") {
      found = true;
      CHECK(str(t["method"]) == "McpClient.call_tool");
      CHECK(t["by_name"].GetBool());
      CHECK_THAT(str(t["description"]), Catch::StartsWith("(MCP server 'everything') "));
    }
  CHECK(found);
  CHECK_FALSE(h.received("AcApp.mcpServersChanged").empty());
}

TEST_CASE("the model calls a server's tool in an Agent turn: asked once, then always allowed, and reads its answer") {
  LlmHost h({{".acdc/mcp.json", mcp_json(everything_entry("everything"))}}, kWithMcp);
  wait_for(h, "everything", "connected");
  agent_on(h);
  h.permission_answer = R"({"outcome":"allow_always"})";
  h.fake.queue(steps({tool_step("c1", "everything__echo", R"({"message":"ping from the model"})", "Asking the server."),
                      tool_step("c2", "everything__get-sum", R"({"a":20,"b":22})"),
                      tool_step("c3", "everything__echo", R"({"message":"again"})"), text_step("The sum is 42.")}));
  auto r = h.chat("use the server");
  REQUIRE(r["steps"].Size() == 3);
  CHECK(str(r["steps"][0]["status"]) == "ok");
  CHECK_THAT(tool_result_in(h, 1), Catch::Contains("ping from the model"));
  CHECK_THAT(tool_result_in(h, 2), Catch::Contains("42"));
  auto asked = h.received("AcApp.askPermission");
  REQUIRE(asked.size() == 2);  // echo once (then always), get-sum once
  CHECK(str(asked[0][1]["tool"]) == "everything__echo");
  CHECK_THAT(str(asked[0][1]["title"]), Catch::Contains("an MCP server's tool"));
}

TEST_CASE("a tool switched off leaves the catalog and stays off across a restart of acdc") {
  LlmHost h({{".acdc/mcp.json", mcp_json(everything_entry("everything"))}}, kWithMcp);
  wait_for(h, "everything", "connected");
  REQUIRE(listed(h, "everything__echo"));
  auto list = result(h, "McpClient.set_enabled", R"(["everything", "echo", false])");
  CHECK_FALSE(listed(h, "everything__echo"));
  CHECK(listed(h, "everything__get-sum"));
  h.start();
  wait_for(h, "everything", "connected");
  CHECK_FALSE(listed(h, "everything__echo"));
  // The whole server off: no tools, status disabled; on again: back.
  result(h, "McpClient.set_enabled", R"(["everything", null, false])");
  wait_for(h, "everything", "disabled");
  CHECK_FALSE(listed(h, "everything__get-sum"));
  result(h, "McpClient.set_enabled", R"(["everything", null, true])");
  wait_for(h, "everything", "connected");
  CHECK(listed(h, "everything__get-sum"));
  auto nobody = h.call("McpClient.restart", R"(["nobody"])");
  REQUIRE(nobody.HasMember("error"));
  CHECK(nobody["error"]["code"].GetInt() == -32004);
}

TEST_CASE("a server that crashes is restarted with backoff, and its tools come back") {
  acdc::test::TempDir pids;
  const std::string pidfile = (pids.path() / "pid").string();
  LlmHost h({{".acdc/mcp.json", mcp_json(everything_entry("crashy", "echo $$ > " + pidfile + "; "))}}, kWithMcp);
  wait_for(h, "crashy", "connected");
  pid_t pid = 0;
  std::ifstream(pidfile) >> pid;
  REQUIRE(pid > 0);
  ::kill(pid, SIGKILL);
  auto list = wait_for(h, "crashy", "failed");
  CHECK_THAT(str(server(list, "crashy")["error"]), Catch::Contains("killed by signal 9"));
  wait_for(h, "crashy", "connected");
  CHECK(listed(h, "crashy__echo"));
}

TEST_CASE("a tool call that hangs past mcp_client.call_timeout_s ends with an error result, and the turn goes on") {
  LlmHost h({{".acdc/mcp.json", mcp_json(everything_entry("everything"))}}, kWithMcp);
  acdc::test::write_file(h.config_home.path() / "app.yaml",
                         "mcp_client:\n  call_timeout_s: 2\npermissions:\n  allow: [\"everything__trigger-long-running-operation\"]\n");
  h.start();
  wait_for(h, "everything", "connected");
  agent_on(h);
  h.fake.queue(steps({tool_step("c1", "everything__trigger-long-running-operation", R"({"duration":60,"steps":60})"),
                      text_step("It did not answer.")}));
  auto r = h.chat("run the long one");
  REQUIRE(r["steps"].Size() == 1);
  CHECK(str(r["steps"][0]["status"]) == "error");
  CHECK_THAT(tool_result_in(h, 1), Catch::Contains("no answer to tools/call in 2 s"));
  CHECK(h.received("AcApp.askPermission").empty());  // allowed by app.yaml's rule
}

TEST_CASE("a server's image reaches a model that takes images, and is described to one that does not") {
  for (const bool sees : {true, false}) {
    CAPTURE(sees);
    LlmHost h({{".acdc/mcp.json", mcp_json(everything_entry("everything"))}}, kWithMcp);
    // gpt-4o takes images; the same model said not to in llm.yaml gets words.
    use_llm_yaml(h, std::string("provider: openai\nmodel: gpt-4o\n") + (sees ? "" : "models:\n  gpt-4o: {images: false}\n"));
    h.start();
    wait_for(h, "everything", "connected");
    agent_on(h);
    h.permission_answer = R"({"outcome":"allow_once"})";
    h.fake.queue(steps({tool_step("c1", "everything__get-tiny-image", "{}", "Let me look."), text_step("A tiny image.")}));
    auto r = h.chat("show me the image");
    REQUIRE(r["steps"].Size() == 1);
    CHECK(str(r["steps"][0]["status"]) == "ok");
    auto sent = bodies(h);
    REQUIRE(sent.size() == 2);
    const rapidjson::Document body = request_body(h, 1);
    const auto& messages = body["messages"];
    const auto& last = messages[messages.Size() - 1];
    if (sees) {
      // OpenAI takes images in user messages: one follows the tool message.
      REQUIRE(str(last["role"]) == "user");
      CHECK_THAT(str(last["content"][1]["image_url"]["url"]), Catch::StartsWith("data:image/png;base64,iVBOR"));
      CHECK_THAT(acdc::to_json_text(messages[messages.Size() - 2]), Catch::Contains("shown to you"));
      CHECK_THAT(str(r["steps"][0]["result"]), Catch::Contains("image 1 of this result, shown to you"));
    } else {
      REQUIRE(str(last["role"]) == "tool");
      CHECK(sent[1].find("data:image/png") == std::string::npos);
      CHECK_THAT(tool_result_in(h, 1), Catch::Contains("not shown to you: the model in use does not take images"));
    }
  }
}
