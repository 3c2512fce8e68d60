// `acdc import-acdc`: an AC-DC user's configuration and history, written in
// the reference's formats, brought over by the real binary; what it writes
// passes the settings plugin's schema and loads in a real host.
#include "import_fixture.hpp"
#include "llm_host.hpp"

#include "schema.hpp"

#include <catch2/catch.hpp>

using namespace acdc::test;
using acdc::settings::FileKind;
using acdc::settings::Schema;

namespace {

// The file passes its schema with no warning (a warning names a key nobody reads).
void check_schema(FileKind kind, const std::filesystem::path& file) {
  INFO(file.string() << ":\n" << read_file(file));
  std::vector<std::string> warnings;
  REQUIRE_NOTHROW(warnings = Schema::check(kind, read_file(file)).warnings);
  CHECK(warnings.empty());
}

}  // namespace

TEST_CASE("llm.json, app.json, snippets.json and system_extra.md become acdc's files, which pass its schema") {
  ReferenceUser user;
  Run r = user.import({});  // AC-DC's default directory (~/.config/ac-dc) and the current repository
  INFO(r.output);
  REQUIRE(r.code == 0);
  const auto cfg = user.acdc_config();
  check_schema(FileKind::llm, cfg / "llm.yaml");
  check_schema(FileKind::app, cfg / "app.yaml");
  check_schema(FileKind::snippets, cfg / "snippets.yaml");
  const std::string llm = read_file(cfg / "llm.yaml");
  CHECK_THAT(llm, Catch::Contains("provider: bedrock\n") && Catch::Contains("model: global.anthropic.claude-opus-4-7\n") &&
                      Catch::Contains("smaller_model: global.anthropic.claude-haiku-4-5-20251001-v1:0\n") &&
                      Catch::Contains("region: ap-southeast-2\n") && Catch::Contains("profile: work\n") &&
                      Catch::Contains("num_retries: 10\n") && Catch::Contains("cache_buffer_multiplier: 1.1\n"));
  CHECK_THAT(read_file(cfg / "app.yaml"), Catch::Contains("ttl_hours: 48") && Catch::Contains("compaction_trigger_tokens: 30000"));
  CHECK_THAT(read_file(cfg / "snippets.yaml"), Catch::Contains("message: \"Write tests: cover the failure cases.\""));
  CHECK(read_file(cfg / "prompts" / "system_extra.md") == "Answer in British English.\nPrefer small functions.\n");
  CHECK_FALSE(std::filesystem::exists(cfg / "prompts" / "system.md"));
  // The secret is in no file and not in the report; the report says what to export instead.
  for (const auto& [path, bytes] : snapshot(cfg)) CHECK_THAT(bytes, !Catch::Contains("NEVER-COPY"));
  CHECK_THAT(r.output, !Catch::Contains("NEVER-COPY"));
  CHECK_THAT(r.output, Catch::Contains("export AWS_SECRET_ACCESS_KEY") &&
                           Catch::Contains("temperature: acdc's llm.yaml has no such setting") &&
                           Catch::Contains("doc_convert: acdc converts no documents") &&
                           Catch::Contains("cache_warmup.enabled: false is AC-DC's default") &&
                           Catch::Contains("system.md: AC-DC's own default") && Catch::Contains("restart acdc"));
}

TEST_CASE("an Anthropic llm.json names the key's variable, never its value") {
  ReferenceUser user;
  TempDir from;
  write_file(from.path() / "llm.json",
             R"({"model": "anthropic/claude-sonnet-4-5-20250929", "smallerModel": "anthropic/claude-haiku-4-5",
                 "env": {"ANTHROPIC_API_KEY": "sk-ant-api03-NEVER-COPY"}, "max_output_tokens": 16000})");
  Run r = user.import({"--from", from.path().string()});
  INFO(r.output);
  REQUIRE(r.code == 0);
  const auto llm = user.acdc_config() / "llm.yaml";
  check_schema(FileKind::llm, llm);
  CHECK(read_file(llm).find("provider: anthropic\nmodel: claude-sonnet-4-5-20250929\nsmaller_model: claude-haiku-4-5\n"
                            "api_key_env: ANTHROPIC_API_KEY\nmax_output_tokens: 16000\n") != std::string::npos);
  CHECK_THAT(read_file(llm) + r.output, !Catch::Contains("NEVER-COPY"));
  CHECK_THAT(r.output, Catch::Contains("export ANTHROPIC_API_KEY="));
}

TEST_CASE("the imported history loads in acdc: sessions, the newest restored, the image shown, the torn line skipped") {
  acdc::llm::test::LlmHost h;
  ReferenceUser::write_history(h.repo.path());
  ReferenceUser user;
  Run r = user.import({"--repo", h.repo.path().string()});
  INFO(r.output);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.output, Catch::Contains("line 6: not a complete JSON record") &&
                           Catch::Contains("5 messages in 2 sessions, 1 image references") &&
                           Catch::Contains("agent_blocks (in 1 records): acdc has no agents"));
  h.start();  // the same repository, read again
  auto state = acdc::llm::test::result(h, "LLMService.get_current_state", "[]");
  CHECK(acdc::llm::test::str(state["session_id"]) == "sess_1737000000000_d4e5f6");
  REQUIRE(state["messages"].Size() == 2);
  auto sessions = acdc::llm::test::result(h, "LLMService.history_list_sessions", "[10]");
  REQUIRE(sessions.Size() == 2);
  CHECK(sessions[1]["message_count"].GetInt() == 3);
  auto first = acdc::llm::test::result(h, "LLMService.history_get_session", R"(["sess_1736956800000_a1b2c3"])");
  REQUIRE(first.Size() == 3);
  REQUIRE(first[0].HasMember("images"));
  CHECK(acdc::llm::test::str(first[0]["images"][0]) == kPixelUri);
  CHECK(first[2]["system_event"].GetBool());
}

TEST_CASE("importing twice changes nothing the second time, and AC-DC's files are never touched") {
  ReferenceUser user;
  const auto reference_before = snapshot(user.reference_config());
  const auto state_before = snapshot(user.repo() / ".ac-dc4");
  REQUIRE(user.import({}).code == 0);
  const auto config_once = snapshot(user.acdc_config());
  const auto repo_once = snapshot(user.repo() / ".acdc");
  CHECK(repo_once.contains("history.jsonl"));
  CHECK(repo_once.contains(std::string("images/") + kPixelName));
  Run again = user.import({});
  INFO(again.output);
  CHECK(again.code == 0);
  CHECK(snapshot(user.acdc_config()) == config_once);
  CHECK(snapshot(user.repo() / ".acdc") == repo_once);
  CHECK_THAT(again.output, Catch::Contains("already holds this (imported before)") &&
                               Catch::Contains("5 messages in 2 sessions acdc's history holds already"));
  REQUIRE(user.import({"--force"}).code == 0);
  CHECK(snapshot(user.reference_config()) == reference_before);
  CHECK(snapshot(user.repo() / ".ac-dc4") == state_before);
}

TEST_CASE("a dry run says what it would write and writes nothing") {
  ReferenceUser user;
  Run r = user.import({"--dry-run"});
  INFO(r.output);
  CHECK(r.code == 0);
  CHECK_THAT(r.output, Catch::Contains("would write " + (user.acdc_config() / "llm.yaml").string()));
  CHECK(snapshot(user.acdc_config()).empty());
  CHECK_FALSE(std::filesystem::exists(user.repo() / ".acdc"));
}

TEST_CASE("a file of the user's is not overwritten without --force, and --force keeps it as .bak") {
  ReferenceUser user;
  const auto llm = user.acdc_config() / "llm.yaml";
  write_file(llm, "provider: openai\nmodel: my-own\n");
  Run r = user.import({});
  INFO(r.output);
  CHECK(r.code == 0);
  CHECK(read_file(llm) == "provider: openai\nmodel: my-own\n");
  CHECK_THAT(r.output, Catch::Contains(llm.string() + " exists and differs: not overwritten"));
  Run forced = user.import({"--force"});
  CHECK(forced.code == 0);
  CHECK_THAT(read_file(llm), Catch::Contains("provider: bedrock"));
  CHECK(read_file(llm.string() + ".bak") == "provider: openai\nmodel: my-own\n");
}

TEST_CASE("acdc's own history stays the newest: new records go before it, and only with --force") {
  ReferenceUser user;
  const auto history = user.repo() / ".acdc" / "history.jsonl";
  const std::string own =
      R"({"id":"1800000000000-00000000","session_id":"sess_1800000000000_aaaaaa","timestamp":"2027-01-15T16:00:00Z","role":"user","content":"acdc's own"})"
      "\n";
  write_file(history, own);
  Run r = user.import({});
  CHECK(r.code == 0);
  CHECK(read_file(history) == own);
  CHECK_THAT(r.output, Catch::Contains("not changed; run again with --force"));
  REQUIRE(user.import({"--force"}).code == 0);
  const std::string merged = read_file(history);
  CHECK(merged.ends_with(own));
  CHECK(merged.starts_with(R"({"id":"1736956800000-a1b2c3d4")"));
  CHECK(read_file(history.string() + ".bak") == own);
}

TEST_CASE("bad arguments and unreadable sources exit 2 with the reason, writing nothing") {
  ReferenceUser user;
  Run missing = user.import({"--from", "/nonexistent/ac-dc"});
  CHECK(missing.code == 2);
  CHECK_THAT(missing.output, Catch::Contains("--from /nonexistent/ac-dc is not a directory"));
  Run unknown = user.import({"--frm", "x"});
  CHECK(unknown.code == 2);
  write_file(user.reference_config() / "app.json", "{\"url_cache\": ");
  Run broken = user.import({});
  CHECK(broken.code == 2);
  CHECK_THAT(broken.output, Catch::Contains("app.json is not valid JSON") && Catch::Contains("nothing was written"));
  CHECK(snapshot(user.acdc_config()).empty());
  CHECK_FALSE(std::filesystem::exists(user.repo() / ".acdc"));
}

TEST_CASE("a file that is still acdc's bundled default is replaced without --force: nothing of the user's is in it") {
  ReferenceUser user;
  const auto llm = user.acdc_config() / "llm.yaml";
  write_file(llm, read_file(std::filesystem::path(ACDC_TEST_SOURCE_DIR) / "config" / "llm.yaml"));
  Run r = user.import({});
  INFO(r.output);
  CHECK(r.code == 0);
  CHECK_THAT(read_file(llm), Catch::Contains("provider: bedrock"));
  CHECK_THAT(r.output, Catch::Contains("(it held acdc's unchanged default)"));
  CHECK_FALSE(std::filesystem::exists(llm.string() + ".bak"));
}
