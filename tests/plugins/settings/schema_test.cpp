// Schema: which config content is refused (with its line), which only warns.
#include "schema.hpp"
#include "file_store.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace acdc::settings;

namespace {

std::string problem(FileKind kind, const std::string& text) {
  try {
    Schema::check(kind, text);
  } catch (const ConfigProblem& p) {
    return p.what();
  }
  return "";
}

std::string bundled(const std::string& file) {
  return FileStore::read(std::filesystem::path(ACDC_TEST_SOURCE_DIR) / "config" / file).value();
}

}  // namespace

TEST_CASE("the bundled files pass their own schema without warnings") {
  CHECK(Schema::check(FileKind::llm, bundled("llm.yaml")).warnings.empty());
  CHECK(Schema::check(FileKind::app, bundled("app.yaml")).warnings.empty());
  CHECK(Schema::check(FileKind::snippets, bundled("snippets.yaml")).warnings.empty());
  auto host = Schema::check(FileKind::host, bundled("acdc.yaml"));
  CHECK(host.warnings.empty());
  REQUIRE(host.plugins.size() == 5);
  CHECK(host.plugins[0].name == "settings");
  CHECK(host.plugins[2].name == "symbol-index");
  CHECK(host.plugins[3].name == "url-fetch");
}

TEST_CASE("llm.yaml mistakes are refused with their line") {
  CHECK(problem(FileKind::llm, "provider: openai\nmodel: m\nnum_retries: lots\n") ==
        "line 3: 'num_retries' must be a whole number");
  CHECK(problem(FileKind::llm, "provider: openai\nmodel: m\nbase_url: api.openai.com\n") ==
        "line 3: 'base_url' must start with http:// or https://; got 'api.openai.com'");
  CHECK(problem(FileKind::llm, "provider: openai\nmodel: m\napi_key_env: sk-123 456\n").starts_with(
      "line 3: 'api_key_env' is the NAME"));
  CHECK(problem(FileKind::llm, "provider: openai\nmodel: m\nconnect_timeout_seconds: 0\n") ==
        "line 3: 'connect_timeout_seconds' must be greater than 0");
  CHECK(problem(FileKind::llm, "- a list\n") == "line 1: the top level must be a map of settings (key: value lines)");
  CHECK(problem(FileKind::llm, "provider: anthropic\nsmallerModel: h\nmodel: m\nnum_retries: -1\n").empty());
  CHECK(problem(FileKind::llm, "provider: ollama\nmodel: m\napi_key_env: \"\"\nextra_headers: {X-N: \"5\"}\n").empty());
  CHECK(problem(FileKind::llm, "provider: bedrock\nmodel: global.anthropic.claude-opus-4-7\nregion: eu-west-1\n"
                               "reasoning_first_chunk_timeout_seconds: 900\n").empty());
}

TEST_CASE("unknown keys warn instead of refusing") {
  auto checked = Schema::check(FileKind::app, "history_compaction:\n  enabld: true\nnew_section:\n  wait_seconds: 3\n");
  REQUIRE(checked.warnings.size() == 2);
  CHECK(checked.warnings[0].starts_with("line 2: unknown key 'history_compaction.enabld'"));
  CHECK(problem(FileKind::app, "cache_warmup:\n  interval_seconds: -3\n") ==
        "line 2: 'cache_warmup.interval_seconds' must not be negative");
}

TEST_CASE("prompts only need to be UTF-8 and an empty YAML file is an empty map") {
  CHECK(problem(FileKind::prompt, "any *markdown* at all: {[").empty());
  CHECK(problem(FileKind::prompt, std::string("bad \xff byte")) == "the text is not valid UTF-8; save it as UTF-8");
  CHECK(problem(FileKind::app, "").empty());
  CHECK(problem(FileKind::snippets, "code: {icon: x}\n") ==
        "line 1: 'code' must be a list of snippets (lines starting with '- ')");
}

TEST_CASE("a key written twice in one map is refused with both lines, at any depth") {
  CHECK(problem(FileKind::app, "interactive:\n  stop_grace_s: 5\nurl_cache:\n  ttl_hours: 1\ninteractive:\n  stop_grace_s: 9\n") ==
        "line 5: 'interactive' appears twice in one map (lines 1 and 5); only one would be read: merge the two into one");
  CHECK(problem(FileKind::app, "symbol_map:\n  budget_fraction: 0.1\n  budget_fraction: 0.2\n") ==
        "line 3: 'budget_fraction' appears twice in one map (lines 2 and 3); only one would be read: merge the two into one");
}

TEST_CASE("the symbol map's budget is a share of the window up to 1, or a whole number of tokens") {
  CHECK(problem(FileKind::app, "symbol_map:\n  budget_fraction: 0.25\n  budget_tokens: 0\n").empty());
  CHECK(problem(FileKind::app, "symbol_map:\n  budget_fraction: 8\n").starts_with(
      "line 2: 'symbol_map.budget_fraction' is a share of the model's context window: at most 1"));
  CHECK(problem(FileKind::app, "symbol_map:\n  budget_fraction: 0\n") == "line 2: 'symbol_map.budget_fraction' must be greater than 0");
  CHECK(problem(FileKind::app, "symbol_map:\n  budget_tokens: -5\n") == "line 2: 'symbol_map.budget_tokens' must not be negative");
  auto checked = Schema::check(FileKind::app, "symbol_map:\n  budget: 3\n");
  REQUIRE(checked.warnings.size() == 1);
  CHECK(checked.warnings[0].starts_with("line 2: unknown key 'symbol_map.budget'"));
}
