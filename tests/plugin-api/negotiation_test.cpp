// ABI negotiation as a user sees it: which plugins the host loads, the one
// line it prints for each one it refuses, and that it keeps serving the rest.
#include "support/host_process.hpp"
#include "support/ws_client.hpp"

#include <acdc/plugin_api.h>
#include <catch2/catch.hpp>

using acdc::test::HostOptions;
using acdc::test::HostProcess;
using acdc::test::WsClient;

namespace {

std::string config_with(const std::string& plugin, bool required = false) {
  return "plugins:\n  - name: echo\n  - name: " + plugin + (required ? "\n    required: true\n" : "\n");
}

// Starts the host with echo plus `plugin`; checks that echo still serves.
std::string refused_line(const std::string& plugin) {
  HostProcess host({.config_yaml = config_with(plugin)});
  WsClient client(host.port(), host.token());
  auto r = client.call("Echo.add", "[2,3]");
  CHECK(r["result"].GetInt() == 5);
  auto list = client.call("Host.list_plugins", "[]");
  bool listed_unavailable = false;
  for (const auto& p : list["result"].GetArray())
    if (std::string(p["id"].GetString()) == plugin)
      listed_unavailable = std::string(p["status"].GetString()) == "unavailable";
  CHECK(listed_unavailable);
  std::string out = host.output();
  auto pos = out.find("error: ");
  REQUIRE(pos != std::string::npos);
  return out.substr(pos, out.find('\n', pos) - pos);
}

}  // namespace

TEST_CASE("a plugin built against a later 1.x header, with larger descriptors and unknown flags, loads and serves") {
  HostProcess host({.config_yaml = "plugins:\n  - name: echo\n  - name: abi-next-minor\n"});
  WsClient client(host.port(), host.token());
  // Every method is found: the arrays were walked by the plugin's own sizes.
  CHECK(std::string(client.call("NextMinor.ping", "[]")["result"].GetString()) == "pong");
  CHECK(std::string(client.call("NextMinor.second", "[]")["result"].GetString()) == "second");
  // A status this host does not know reaches the client as an internal error, with its message.
  auto odd = client.call("NextMinor.odd", "[]");
  REQUIRE(odd.HasMember("error"));
  CHECK(odd["error"]["code"].GetInt() == -32603);
  CHECK_THAT(std::string(odd["error"]["message"].GetString()), Catch::Contains("a status from a later ABI"));
  CHECK(client.call("Echo.add", "[2,3]")["result"].GetInt() == 5);
  // Its 1.2 tool is listed, with the method that serves it, in the host's canonical form.
  auto tools = client.call("Host.list_tools", "[]");
  REQUIRE(tools["result"].Size() == 1);
  CHECK(std::string(tools["result"][0]["name"].GetString()) == "next_ping");
  CHECK(std::string(tools["result"][0]["method"].GetString()) == "NextMinor.ping");
  CHECK(tools["result"][0]["inputSchema"].IsObject());
}

TEST_CASE("a plugin built against the 1.0 header, before hold, release and tools, loads, serves and lists no tool") {
  HostProcess host({.config_yaml = "plugins:\n  - name: echo\n  - name: abi-one-zero\n"});
  WsClient client(host.port(), host.token());
  CHECK(std::string(client.call("OneZero.ping", "[]")["result"].GetString()) == "pong");
  CHECK(client.call("Host.list_tools", "[]")["result"].Size() == 0);
  CHECK(host.stop() == 0);
}

TEST_CASE("plugin_tool_malformed: a tool declaration without an input schema is refused, naming the method") {
  const std::string line = refused_line("tool-malformed");
  CHECK_THAT(line, Catch::Contains("ToolMalformed.lookup: its tool has no inputSchema object"));
  CHECK_THAT(line, Catch::Contains("rebuild the plugin"));
}

TEST_CASE("an SDK plugin and a plain C plugin both load and serve") {
  HostProcess host({.config_yaml = "plugins:\n  - name: echo\n  - name: c-plugin\n    config: {colour: blue}\n"});
  WsClient client(host.port(), host.token());
  CHECK(client.call("Echo.add", "[2,3]")["result"].GetInt() == 5);
  CHECK(std::string(client.call("CPlugin.ping", "[]")["result"].GetString()) == "pong");
  CHECK(client.call("CPlugin.sum", "[40,2]")["result"].GetInt() == 42);
  CHECK(client.call("CPlugin.later", "[30]")["result"].GetInt() == 30);
  // A call to a client that is gone fails at once, but its reply still
  // arrives after call_client() returned, as the ABI promises.
  CHECK(client.call("CPlugin.call_gone", "[]")["result"]["status"].GetInt() == ACDC_E_UNAVAILABLE);
  auto config = client.call("CPlugin.config", "[]");
  CHECK(std::string(config["result"]["colour"].GetString()) == "blue");
  CHECK(config["result"]["host"].HasMember("repo_root"));
  auto response = client.call("Host.list_plugins", "[]");
  const auto& list = response["result"];
  REQUIRE(list.Size() == 2);
  for (const auto& p : list.GetArray()) {
    CHECK(std::string(p["status"].GetString()) == "active");
    CHECK(p["generation"].GetInt() == 1);
  }
}

TEST_CASE("plugin_wrong_abi_major is refused in one line naming both ABIs") {
  std::string line = refused_line("wrong-abi-major");
  CHECK_THAT(line, Catch::Contains("built for ABI 2.0, this host speaks ABI 1.3"));
  CHECK_THAT(line, Catch::Contains("rebuild"));
}

TEST_CASE("plugin_refuses: the plugin's own reason is printed") {
  CHECK_THAT(refused_line("refuses"), Catch::Contains("refused to load: plugin 'refuses' was built for ABI 2.0"));
}

TEST_CASE("plugin_missing_entry: a library that is not a plugin") {
  CHECK_THAT(refused_line("missing-entry"), Catch::Contains("is not an acdc plugin: it does not export acdc_plugin_entry"));
}

TEST_CASE("plugin_activate_fails: the activation error is passed on") {
  CHECK_THAT(refused_line("activate-fails"),
             Catch::Contains("failed to activate: cannot open its database: /nonexistent/db"));
}

TEST_CASE("plugin_throws_in_activate: an exception from the SDK class becomes the reason") {
  CHECK_THAT(refused_line("throws-in-activate"), Catch::Contains("failed to activate: the model file is corrupt"));
}

TEST_CASE("plugin_needs_missing: a missing dependency is named") {
  CHECK_THAT(refused_line("needs-missing"), Catch::Contains("needs plugin 'nonexistent', which is not loaded"));
}

TEST_CASE("a plugin file that does not exist is reported with what to do") {
  CHECK_THAT(refused_line("no-such-plugin"), Catch::Contains("does not exist: build it, or fix the plugin's path"));
}

TEST_CASE("a required plugin that cannot load stops the host with exit code 2") {
  HostProcess host({.config_yaml = config_with("wrong-abi-major", true), .expect_serving = false});
  CHECK(host.wait() == 2);
  CHECK_THAT(host.output(), Catch::Contains("cannot start: required plugin 'wrong-abi-major'"));
}

TEST_CASE("the --plugins option overrides the config's plugin list") {
  HostProcess host({.config_yaml = config_with("wrong-abi-major", true), .args = {"--plugins", "c-plugin"}});
  WsClient client(host.port(), host.token());
  CHECK(std::string(client.call("CPlugin.ping", "[]")["result"].GetString()) == "pong");
  CHECK(client.call("Echo.add", "[1,1]")["error"]["code"].GetInt() == -32601);
}

TEST_CASE("a result that is not valid JSON or not UTF-8 becomes an internal error, not a broken frame") {
  HostProcess host({.config_yaml = "plugins:\n  - name: invalid-json\n"});
  WsClient client(host.port(), host.token());
  auto broken = client.call("InvalidJson.broken", "[]");
  CHECK(broken["error"]["code"].GetInt() == -32603);
  CHECK_THAT(broken["error"]["message"].GetString(), Catch::Contains("returned invalid JSON"));
  auto bad = client.call("InvalidJson.bad_utf8", "[]");
  CHECK(bad["error"]["code"].GetInt() == -32603);
  CHECK(client.is_open());
}
