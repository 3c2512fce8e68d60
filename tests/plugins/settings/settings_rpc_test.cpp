// Settings.* through the real host over WebSocket, as the settings panel uses
// them: reading, saving (and refusing) each config type, reloads that reach
// another plugin, snippets, and API keys that never leave the machine.
#include "settings_fixture.hpp"

#include <catch2/catch.hpp>

using namespace acdc::test;
namespace fs = std::filesystem;

namespace {

std::string content_of(SettingsHost& h, const std::string& type) {
  auto r = h.call("Settings.get_config_content", {type});
  REQUIRE(r.HasMember("result"));
  return r["result"]["content"].GetString();
}

const std::string kLlm =
    "provider: openai\n"
    "base_url: http://127.0.0.1:11434/v1\n"
    "model: reloaded-model\n"
    "smaller_model: small-model\n"
    "api_key_env: OLLAMA_API_KEY\n"
    "request_timeout_seconds: 30\n";

}  // namespace

TEST_CASE("get_config_content returns every allowed type and names them for an unknown one") {
  SettingsHost h;
  for (const char* type : {"llm", "app", "snippets", "host", "system", "system_extra", "system_doc", "system_compact", "compaction", "review"}) {
    auto r = h.call("Settings.get_config_content", {type});
    INFO(type << ": " << SettingsHost::message(r));
    REQUIRE(r.HasMember("result"));
    CHECK(std::string(r["result"]["type"].GetString()) == type);
  }
  CHECK(content_of(h, "system") == read_file(SettingsHost::bundled("prompts/system.md")));
  CHECK(content_of(h, "litellm") == content_of(h, "llm"));

  for (const char* refused : {"commit", "system_reminder", "../acdc.yaml"}) {
    auto r = h.call("Settings.get_config_content", {refused});
    REQUIRE(r.HasMember("error"));
    CHECK(r["error"]["code"].GetInt() == -32602);
    CHECK_THAT(SettingsHost::message(r), Catch::Contains("allowed types are llm, app, snippets"));
  }
  auto save = h.call("Settings.save_config_content", {"commit", "hi"});
  CHECK_THAT(SettingsHost::message(save), Catch::Contains("unknown config type 'commit'"));
}

TEST_CASE("a valid save replaces the user file atomically and keeps the previous version") {
  SettingsHost h;
  const fs::path file = h.config_dir() / "llm.yaml";
  const std::string before = read_file(file);
  auto r = h.call("Settings.save_config_content", {"llm", kLlm + "modle: typo\n"});
  INFO(SettingsHost::message(r));
  REQUIRE(r.HasMember("result"));
  CHECK(std::string(r["result"]["status"].GetString()) == "ok");
  CHECK(read_file(file) == kLlm + "modle: typo\n");
  CHECK(read_file(r["result"]["previous"].GetString()) == before);
  REQUIRE(r["result"]["warnings"].Size() == 1);
  CHECK_THAT(r["result"]["warnings"][0].GetString(), Catch::Contains("line 7: unknown key 'modle'"));
  auto info = h.call("Settings.get_config_info");
  CHECK(std::string(info["result"]["model"].GetString()) == "reloaded-model");
  CHECK(std::string(info["result"]["smaller_model"].GetString()) == "small-model");
  CHECK(std::string(info["result"]["config_dir"].GetString()) == h.config_dir().string());
}

TEST_CASE("a save through a symlinked config file keeps the symlink") {
  SettingsHost h;
  TempDir dotfiles;
  const fs::path real = dotfiles.path() / "acdc-app.yaml";
  write_file(real, "url_cache:\n  ttl_hours: 1\n");
  const fs::path link = h.config_dir() / "app.yaml";
  fs::remove(link);
  fs::create_symlink(real, link);
  REQUIRE(h.call("Settings.save_config_content", {"app", "url_cache:\n  ttl_hours: 3\n"}).HasMember("result"));
  CHECK(fs::is_symlink(link));
  CHECK(read_file(real) == "url_cache:\n  ttl_hours: 3\n");
}

TEST_CASE("content that does not parse or fails validation is refused with the line and the file is unchanged") {
  SettingsHost h;
  const fs::path llm = h.config_dir() / "llm.yaml";
  const std::string before = read_file(llm);
  struct Case {
    const char* type;
    std::string content;
    std::string expected;
  };
  const Case cases[] = {
      {"llm", "provider: openai\nmodel: [unclosed\n", "llm.yaml line 3: this is not valid YAML"},
      {"llm", "provider: vertex\nmodel: x\n", "llm.yaml line 1: 'provider' must be openai"},
      {"llm", "provider: openai\nmodel: x\nrequest_timeout_seconds: -5\n",
       "line 3: 'request_timeout_seconds' is '-5': it must be a number greater than 0"},
      {"llm", "provider: openai\n", "'model' is missing"},
      {"llm", "model: m\nextra_headers: {X-Count: 5}\n", "line 2: the header 'X-Count' must be text"},
      {"app", "history_compaction:\n  enabled: maybe\n", "app.yaml line 2: 'history_compaction.enabled' is 'maybe': it must be true or false"},
      {"app", "url_cache:\n  ttl_hours: -1\n", "'url_cache.ttl_hours' is '-1': it must be a number of 0 or more"},
      {"snippets", "code:\n  - icon: x\n", "line 2: this snippet has no 'message'"},
      {"host", "port: 99999\n", "acdc.yaml line 1: 'port' is '99999': it must be between 0 and 65535"},
      {"host", "plugins:\n  - name: settings\n    colour: red\n", "unknown plugin key 'colour'"},
  };
  for (const auto& c : cases) {
    auto r = h.call("Settings.save_config_content", {c.type, c.content});
    INFO(c.content);
    REQUIRE(r.HasMember("error"));
    CHECK(r["error"]["code"].GetInt() == -32602);
    CHECK_THAT(SettingsHost::message(r), Catch::Contains(c.expected) && Catch::Contains("Nothing was saved"));
  }
  CHECK(read_file(llm) == before);
  CHECK_FALSE(fs::exists(h.config_dir() / "acdc.yaml"));
}

TEST_CASE("a host config naming a plugin that does not exist is refused, a valid one is saved") {
  SettingsHost h;
  auto bad = h.call("Settings.save_config_content",
                    {"host", "port: 18080\nplugins:\n  - name: settings\n  - name: no-such-plugin\n"});
  CHECK_THAT(SettingsHost::message(bad), Catch::Contains("acdc.yaml line 4: there is no plugin 'no-such-plugin'") &&
                                             Catch::Contains("available: ") && Catch::Contains("settings"));
  CHECK_FALSE(fs::exists(h.config_dir() / "acdc.yaml"));

  const std::string good = "port: 18080\nplugins:\n  - name: settings\n  - c-plugin\n";
  auto ok = h.call("Settings.save_config_content", {"host", good});
  INFO(SettingsHost::message(ok));
  REQUIRE(ok.HasMember("result"));
  CHECK(ok["result"]["restart_required"].GetBool());
  CHECK(ok["result"]["previous"].IsNull());
  CHECK(read_file(h.config_dir() / "acdc.yaml") == good);
  CHECK(ok["result"]["warnings"].Size() == 0);

  auto without = h.call("Settings.save_config_content", {"host", "plugins:\n  - c-plugin\n"});
  REQUIRE(without["result"]["warnings"].Size() == 1);
  CHECK_THAT(without["result"]["warnings"][0].GetString(), Catch::Contains("line 2: the plugin list has no 'settings'"));
}

TEST_CASE("a reload reaches another plugin through host.config.changed") {
  SettingsHost h;
  REQUIRE(h.call("Settings.save_config_content", {"llm", kLlm}).HasMember("result"));
  auto r = h.call("Settings.reload_llm_config");
  INFO(SettingsHost::message(r));
  REQUIRE(r.HasMember("result"));
  CHECK(std::string(r["result"]["status"].GetString()) == "ok");
  REQUIRE(r["result"]["changed"].Size() == 1);
  CHECK(std::string(r["result"]["changed"][0].GetString()) == "c-plugin");
  auto block = h.call("CPlugin.config");
  CHECK(std::string(block["result"]["llm"]["model"].GetString()) == "reloaded-model");

  REQUIRE(h.call("Settings.save_config_content", {"app", "url_cache:\n  ttl_hours: 2\n"}).HasMember("result"));
  auto app = h.call("Settings.reload_app_config");
  REQUIRE(app.HasMember("result"));
  CHECK(h.call("CPlugin.config")["result"]["app"]["url_cache"]["ttl_hours"].GetInt() == 2);
  CHECK(h.call("Settings.reload_app_config")["result"]["changed"].Size() == 0);
}

TEST_CASE("a reload of a file broken by hand is refused and changes nothing") {
  SettingsHost h;
  write_file(h.config_dir() / "llm.yaml", "provider: openai\nmodel: x\nchunk_timeout_seconds: -1\n");
  auto r = h.call("Settings.reload_llm_config");
  REQUIRE(r.HasMember("error"));
  CHECK_THAT(SettingsHost::message(r), Catch::Contains("llm.yaml line 3") && Catch::Contains("Nothing was reloaded"));
  CHECK(std::string(h.call("CPlugin.config")["result"]["llm"]["model"].GetString()) == "gpt-4o");
}

TEST_CASE("API keys are never written and are redacted when a user typed one into a file") {
  SettingsHost h;
  const fs::path llm = h.config_dir() / "llm.yaml";
  const std::string before = read_file(llm);
  auto r = h.call("Settings.save_config_content", {"llm", "provider: openai\nmodel: x\napi_key: abc123\n"});
  CHECK_THAT(SettingsHost::message(r), Catch::Contains("line 3: the value of 'api_key' is a secret") &&
                                           Catch::Contains("api_key_env"));
  auto shaped = h.call("Settings.save_config_content",
                       {"system_extra", "use sk-proj-abcdefghijklmnop1234567890 for tests\n"});
  CHECK_THAT(SettingsHost::message(shaped), Catch::Contains("line 1: a value shaped like an API key"));
  CHECK(read_file(llm) == before);

  write_file(llm, "provider: openai\nmodel: x\napi_key: sk-live-0123456789abcdefghij\n"
                  "extra_headers: {Authorization: Bearer hunter2, X-Title: acdc}\n");
  write_file(h.config_dir() / "prompts" / "system_extra.md", "My key is AKIAABCDEFGHIJKLMNOP.\n");
  const std::string shown = content_of(h, "llm");
  CHECK_THAT(shown, !Catch::Contains("sk-live") && !Catch::Contains("hunter2"));
  CHECK_THAT(shown, Catch::Contains("api_key: \"[redacted]\"") && Catch::Contains("X-Title: acdc"));
  CHECK(content_of(h, "system_extra") == "My key is [redacted].\n");
  CHECK_THAT(h.output(), !Catch::Contains("hunter2"));
}

TEST_CASE("snippets come grouped by mode, and a repository's own list wins") {
  SettingsHost h;
  auto code = h.call("Settings.get_snippets");
  REQUIRE(code["result"].Size() == 8);
  CHECK(std::string(code["result"][0]["tooltip"].GetString()) == "Continue truncated edit");
  CHECK(h.call("Settings.get_review_snippets")["result"].Size() == 5);

  write_file(h.repo() / ".acdc" / "snippets.yaml",
             "snippets:\n  - {icon: a, tooltip: t, message: repo-local}\n  - {mode: review, message: r}\n");
  auto local = h.call("Settings.get_snippets");
  REQUIRE(local["result"].Size() == 1);
  CHECK(std::string(local["result"][0]["message"].GetString()) == "repo-local");
  CHECK(h.call("Settings.get_review_snippets")["result"].Size() == 1);
}

TEST_CASE("the repository state directory exists and is excluded from git, once") {
  SettingsHost h;
  CHECK(fs::is_directory(h.repo() / ".acdc"));
  h.restart();
  CHECK(read_file(h.repo() / ".git" / "info" / "exclude") == "/.acdc/\n");
}
