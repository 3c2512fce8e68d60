// A plugin's config block: the "host" object, its inline block, and the YAML
// files it lists under config_files, read from the user config directory
// with the bundled copy as fallback; Host.reload_config delivers changes.
#include "support/host_process.hpp"
#include "support/ws_client.hpp"

#include <catch2/catch.hpp>

using namespace acdc::test;

namespace {

const std::string kConfig =
    "plugins:\n"
    "  - name: c-plugin\n"
    "    config_files: [app.yaml]\n"
    "    config: {colour: blue}\n";

}  // namespace

TEST_CASE("config_files come from the user config directory") {
  TempDir config_home;
  write_file(config_home.path() / "app.yaml", "url_cache:\n  ttl_hours: 12\n");
  HostProcess host({.config_yaml = kConfig, .env = {{"ACDC_CONFIG_HOME", config_home.path().string()}}});
  WsClient client(host.port(), host.token());
  auto block = client.call("CPlugin.config", "[]");
  CHECK(block["result"]["app"]["url_cache"]["ttl_hours"].GetInt() == 12);
  CHECK(std::string(block["result"]["colour"].GetString()) == "blue");
  CHECK(std::string(block["result"]["host"]["config_dir"].GetString()) == config_home.path().string());
}

TEST_CASE("a user config file that does not parse is reported and the bundled default is used") {
  TempDir config_home;
  write_file(config_home.path() / "app.yaml", "url_cache: [unclosed\n");
  HostProcess host({.config_yaml = kConfig, .env = {{"ACDC_CONFIG_HOME", config_home.path().string()}}});
  WsClient client(host.port(), host.token());
  auto block = client.call("CPlugin.config", "[]");
  // The bundled config/app.yaml may or may not exist yet; either way "app" is an object.
  CHECK(block["result"]["app"].IsObject());
  CHECK_THAT(host.output(), Catch::Contains((config_home.path() / "app.yaml").string() + ":"));
  CHECK_THAT(host.output(), Catch::Contains("using the bundled default"));
}

TEST_CASE("a user config file with a key written twice is refused with both lines and the bundled default is used") {
  TempDir config_home;
  write_file(config_home.path() / "app.yaml",
             "interactive:\n  stop_grace_s: 5\nurl_cache:\n  ttl_hours: 1\ninteractive:\n  stop_grace_s: 9\n");
  HostProcess host({.config_yaml = kConfig, .env = {{"ACDC_CONFIG_HOME", config_home.path().string()}}});
  WsClient client(host.port(), host.token());
  auto block = client.call("CPlugin.config", "[]");
  REQUIRE(block.HasMember("result"));
  // Not the user's file, whose url_cache.ttl_hours is 1.
  const auto& app = block["result"]["app"];
  const bool from_user_file = app.HasMember("url_cache") && app["url_cache"].HasMember("ttl_hours") &&
                              app["url_cache"]["ttl_hours"].GetInt() == 1;
  CHECK_FALSE(from_user_file);
  const std::string where = (config_home.path() / "app.yaml").string();
  CHECK_THAT(host.output(), Catch::Contains(where + ":5: 'interactive' appears twice in one map (lines 1 and 5)"));
  CHECK_THAT(host.output(), Catch::Contains("merge the two into one") && Catch::Contains("using the bundled default"));
}

TEST_CASE("a config file with bytes that are not UTF-8 reaches the plugin with them replaced") {
  // Found by fuzz/yaml_config_fuzz: a file saved as Latin-1 made a config
  // block that was not valid JSON text.
  TempDir config_home;
  write_file(config_home.path() / "app.yaml", "greeting: caf\xe9\nna\xefve: 1\n");
  HostProcess host({.config_yaml = kConfig, .env = {{"ACDC_CONFIG_HOME", config_home.path().string()}}});
  WsClient client(host.port(), host.token());
  auto block = client.call("CPlugin.config", "[]");
  REQUIRE(block.HasMember("result"));
  const auto& app = block["result"]["app"];
  REQUIRE(app.HasMember("greeting"));
  CHECK(std::string(app["greeting"].GetString()) == "caf\xEF\xBF\xBD");
  CHECK(app.HasMember("na\xEF\xBF\xBDve"));
}

TEST_CASE("Host.reload_config re-reads the files and reports which plugins changed") {
  TempDir config_home;
  write_file(config_home.path() / "app.yaml", "url_cache:\n  ttl_hours: 12\n");
  HostProcess host({.config_yaml = kConfig, .env = {{"ACDC_CONFIG_HOME", config_home.path().string()}}});
  WsClient client(host.port(), host.token());
  auto unchanged = client.call("Host.reload_config", "[]");
  CHECK(unchanged["result"]["changed"].Size() == 0);
  write_file(config_home.path() / "app.yaml", "url_cache:\n  ttl_hours: 48\n");
  auto changed = client.call("Host.reload_config", "[]");
  REQUIRE(changed["result"]["changed"].Size() == 1);
  CHECK(std::string(changed["result"]["changed"][0].GetString()) == "c-plugin");
  CHECK(client.call("CPlugin.config", "[]")["result"]["app"]["url_cache"]["ttl_hours"].GetInt() == 48);
}

TEST_CASE("Host.available_plugins lists the plugin files the host can find") {
  HostProcess host({.config_yaml = "plugins: []\n"});
  WsClient client(host.port(), host.token());
  auto response = client.call("Host.available_plugins", "[]");
  std::vector<std::string> names;
  for (const auto& id : response["result"].GetArray()) names.emplace_back(id.GetString());
  CHECK(std::find(names.begin(), names.end(), "echo") != names.end());
  CHECK(std::find(names.begin(), names.end(), "c-plugin") != names.end());
}
