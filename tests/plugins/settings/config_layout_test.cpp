// The user config directory over the life of an installation: created on
// the first run, upgraded when the bundled version changes (managed files
// backed up and replaced, user files kept), an interrupted upgrade finished
// on the next start, and a corrupted user file reported with the fix.
#include "settings_fixture.hpp"

#include <catch2/catch.hpp>

#include <regex>

using namespace acdc::test;
namespace fs = std::filesystem;

namespace {

const char* kMarker = ".bundled_version";
const std::string kOld = "2020.01.01+0badc0de";

// Files in `dir` whose names start with `prefix` but are not `prefix` itself.
std::vector<fs::path> backups_of(const fs::path& file) {
  std::vector<fs::path> out;
  const std::string prefix = file.filename().string() + ".";
  for (const auto& e : fs::directory_iterator(file.parent_path()))
    if (e.path().filename().string().starts_with(prefix)) out.push_back(e.path());
  return out;
}

}  // namespace

TEST_CASE("the first run creates the user config directory from the bundled files") {
  SettingsHost h;
  const fs::path dir = h.config_dir();
  for (const char* file : {"llm.yaml", "app.yaml", "snippets.yaml", "prompts/system.md", "prompts/system_reminder.md",
                           "prompts/commit.md", "prompts/compaction.md", "prompts/review.md", "prompts/system_extra.md",
                           "prompts/system_doc.md", "prompts/system_compact.md"})
    CHECK(read_file(dir / file) == read_file(SettingsHost::bundled(file)));
  CHECK_FALSE(fs::exists(dir / "acdc.yaml"));
  const std::string marker = read_file(dir / kMarker);
  CHECK(std::regex_match(marker, std::regex("2026\\.\\d\\d\\.\\d\\d\\+[0-9a-f]{8}\n")));
  auto info = h.call("Settings.get_config_info");
  CHECK(std::string(info["result"]["bundled_version"].GetString()) + "\n" == marker);
  CHECK(std::string(info["result"]["model"].GetString()) == "gpt-4o");
  CHECK(info["result"]["problems"].Size() == 0);
  CHECK(info["result"]["warnings"].Size() == 0);  // the bundled files use only keys acdc reads
  CHECK_THAT(h.output(), Catch::Contains("config: created 11 file(s) in " + dir.string()));
}

TEST_CASE("a version upgrade backs up and replaces managed files and keeps user files") {
  SettingsHost h;
  const fs::path dir = h.config_dir();
  const std::string current = read_file(dir / kMarker);
  h.stop();
  write_file(dir / "prompts/system.md", "my old system prompt\n");
  write_file(dir / "app.yaml", "url_cache:\n  ttl_hours: 1\n");
  write_file(dir / "llm.yaml", "provider: openai\nmodel: my-own-model\n");
  write_file(dir / "prompts/system_extra.md", "Always answer in French.\n");
  write_file(dir / kMarker, kOld + "\n");
  h.restart();

  CHECK(read_file(dir / "prompts/system.md") == read_file(SettingsHost::bundled("prompts/system.md")));
  auto kept = backups_of(dir / "prompts/system.md");
  REQUIRE(kept.size() == 1);
  CHECK(std::regex_match(kept[0].filename().string(),
                         std::regex("system\\.md\\.\\d{4}\\.\\d\\d\\.\\d\\d-\\d\\d\\.\\d\\d-2020\\.01\\.01\\+0badc0de")));
  CHECK(read_file(kept[0]) == "my old system prompt\n");
  REQUIRE(backups_of(dir / "app.yaml").size() == 1);
  CHECK(backups_of(dir / "prompts/commit.md").empty());  // unchanged: nothing to keep
  CHECK(read_file(dir / "llm.yaml") == "provider: openai\nmodel: my-own-model\n");
  CHECK(read_file(dir / "prompts/system_extra.md") == "Always answer in French.\n");
  CHECK(backups_of(dir / "llm.yaml").empty());
  CHECK(read_file(dir / kMarker) == current);
  CHECK_THAT(h.output(), Catch::Contains("config: upgraded prompts/system.md") &&
                             Catch::Contains("your previous copy is kept as " + kept[0].string()));
}

TEST_CASE("an interrupted upgrade is finished on the next start") {
  SettingsHost h;
  const fs::path dir = h.config_dir();
  const std::string current = read_file(dir / kMarker);
  h.stop();
  // The crash came after system.md was replaced and before commit.md was,
  // in the middle of writing commit.md's temporary file.
  write_file(dir / "prompts/commit.md", "my old commit prompt\n");
  const fs::path temp = dir / "prompts/commit.md.4242.acdc-tmp";
  write_file(temp, "half of the new");
  fs::last_write_time(temp, fs::file_time_type::clock::now() - std::chrono::minutes(5));
  write_file(dir / kMarker, kOld + "\n");
  h.restart();

  CHECK(read_file(dir / "prompts/commit.md") == read_file(SettingsHost::bundled("prompts/commit.md")));
  auto kept = backups_of(dir / "prompts/commit.md");
  REQUIRE(kept.size() == 1);
  CHECK(read_file(kept[0]) == "my old commit prompt\n");
  CHECK(backups_of(dir / "prompts/system.md").empty());
  CHECK_FALSE(fs::exists(temp));
  CHECK(read_file(dir / kMarker) == current);

  h.restart();  // nothing left to do: no new backups
  CHECK(backups_of(dir / "prompts/commit.md").size() == 1);
  CHECK_THAT(h.output(), !Catch::Contains("config: upgraded"));
}

TEST_CASE("a deleted file comes back from the bundled default on the next start") {
  SettingsHost h;
  h.stop();
  fs::remove(h.config_dir() / "llm.yaml");
  h.restart();
  CHECK(read_file(h.config_dir() / "llm.yaml") == read_file(SettingsHost::bundled("llm.yaml")));
}

TEST_CASE("a corrupted user file is reported with its path and the fix, and the bundled default is used") {
  SettingsHost h;
  h.stop();
  const fs::path llm = h.config_dir() / "llm.yaml";
  write_file(llm, "provider: openai\nmodel: [half-writ");
  h.restart();
  CHECK_THAT(h.output(), Catch::Contains(llm.string() + " line ") &&
                             Catch::Contains("acdc uses the bundled default for this file until it is fixed") &&
                             Catch::Contains("delete it and restart acdc"));
  auto info = h.call("Settings.get_config_info");
  CHECK(std::string(info["result"]["model"].GetString()) == "gpt-4o");
  REQUIRE(info["result"]["problems"].Size() == 1);
  CHECK_THAT(info["result"]["problems"][0].GetString(), Catch::StartsWith(llm.string() + " line 2: this is not valid YAML"));
  CHECK(std::string(h.call("CPlugin.config")["result"]["llm"]["model"].GetString()) == "gpt-4o");
  auto shown = h.call("Settings.get_config_content", {"llm"});
  CHECK_THAT(shown["result"]["problem"].GetString(), Catch::Contains("not valid YAML"));
  CHECK(read_file(llm) == "provider: openai\nmodel: [half-writ");
}

TEST_CASE("keys acdc would ignore are reported once at start, and in the settings panel, with file and line") {
  SettingsHost h;
  h.stop();
  const fs::path app = h.config_dir() / "app.yaml";
  write_file(app, "url_cache:\n  ttl_hours: 2\n  tll: 3\ncache_tiering:\n  interval_seconds: 60\n");
  h.restart();
  const std::string unknown = app.string() + " line 3: unknown key 'url_cache.tll' is ignored";
  const std::string not_here = app.string() + " line 5: 'cache_tiering' is an AC-DC setting that acdc does not read";
  const std::string out = h.output();
  CHECK_THAT(out, Catch::Contains(unknown) && Catch::Contains(not_here));
  CHECK(out.find(unknown) == out.rfind(unknown));  // once
  auto info = h.call("Settings.get_config_info");
  REQUIRE(info["result"]["warnings"].Size() == 2);
  CHECK_THAT(info["result"]["warnings"][0].GetString(), Catch::StartsWith(unknown));
  CHECK_THAT(info["result"]["warnings"][1].GetString(), Catch::StartsWith(not_here));
  CHECK(info["result"]["problems"].Size() == 0);
  auto shown = h.call("Settings.get_config_content", {"app"});
  REQUIRE(shown["result"]["warnings"].Size() == 2);
  CHECK_THAT(shown["result"]["warnings"][0].GetString(), Catch::StartsWith("line 3: unknown key 'url_cache.tll'"));
  CHECK(h.call("CPlugin.config")["result"]["app"]["url_cache"]["ttl_hours"].GetInt() == 2);  // the file is still used
}
