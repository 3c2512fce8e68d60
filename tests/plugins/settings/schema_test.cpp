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
  REQUIRE(host.plugins.size() == 7);
  CHECK(host.plugins[0].name == "settings");
  CHECK(host.plugins[2].name == "symbol-index");
  CHECK(host.plugins[3].name == "url-fetch");
  CHECK(host.plugins[5].name == "exec");
  CHECK(host.plugins[6].name == "mcp-client");
}

TEST_CASE("llm.yaml mistakes are refused with their line") {
  CHECK(problem(FileKind::llm, "provider: openai\nmodel: m\nnum_retries: lots\n") ==
        "line 3: 'num_retries' is 'lots': it must be a whole number");
  CHECK(problem(FileKind::llm, "provider: openai\nmodel: m\nbase_url: api.openai.com\n") ==
        "line 3: 'base_url' must start with http:// or https://; got 'api.openai.com'");
  CHECK(problem(FileKind::llm, "provider: openai\nmodel: m\napi_key_env: sk-123 456\n").starts_with(
      "line 3: 'api_key_env' is the NAME"));
  CHECK(problem(FileKind::llm, "provider: openai\nmodel: m\nconnect_timeout_seconds: 0\n") ==
        "line 3: 'connect_timeout_seconds' is '0': it must be a number greater than 0");
  CHECK(problem(FileKind::llm, "- a list\n") == "line 1: the top level must be a map of settings (key: value lines)");
  CHECK(problem(FileKind::llm, "provider: anthropic\nsmallerModel: h\nmodel: m\nnum_retries: -1\n").empty());
  CHECK(problem(FileKind::llm, "provider: ollama\nmodel: m\napi_key_env: \"\"\nextra_headers: {X-N: \"5\"}\n").empty());
  CHECK(problem(FileKind::llm, "provider: bedrock\nmodel: global.anthropic.claude-opus-4-7\nregion: eu-west-1\n"
                               "reasoning_first_chunk_timeout_seconds: 900\n").empty());
  // A model's prices: USD per million tokens, 0 or more.
  CHECK(problem(FileKind::llm, "model: m\nmodels:\n  my-ft: {price_input: 0.5, price_output: 1.5, price_cache_read: 0}\n").empty());
  CHECK(problem(FileKind::llm, "model: m\nmodels:\n  my-ft:\n    price_output: cheap\n") ==
        "line 4: 'price_output' is 'cheap': it must be a number of 0 or more");
  // Whether a model calls tools and takes images: yes or no.
  CHECK(problem(FileKind::llm, "model: m\nmodels:\n  my-ft: {tools: false, images: true}\n").empty());
  CHECK_THAT(problem(FileKind::llm, "model: m\nmodels:\n  my-ft: {images: maybe}\n"), Catch::Contains("my-ft.images"));
  // Ollama's window cap and how long it keeps the model loaded.
  CHECK(problem(FileKind::llm, "provider: ollama\nmodel: m\nollama: {num_ctx_max: 8192, keep_alive: 30m}\n").empty());
  CHECK(problem(FileKind::llm, "provider: ollama\nmodel: m\nollama: {keep_alive: -1}\n").empty());
  CHECK_THAT(problem(FileKind::llm, "model: m\nollama:\n  num_ctx_max: 0\n"), Catch::Contains("line 3") && Catch::Contains("num_ctx_max"));
  CHECK_THAT(problem(FileKind::llm, "model: m\nollama:\n  keep_alive: [1]\n"), Catch::Contains("-1 to keep the model loaded"));
}

TEST_CASE("unknown keys warn instead of refusing, AC-DC's sections say they do nothing here") {
  auto checked = Schema::check(FileKind::app, "history_compaction:\n  enabld: true\nnew_section:\n  wait_seconds: 3\n");
  REQUIRE(checked.warnings.size() == 2);
  CHECK(checked.warnings[0].starts_with("line 2: unknown key 'history_compaction.enabld'"));
  CHECK(checked.warnings[1].starts_with("line 4: unknown key 'new_section'"));
  checked = Schema::check(FileKind::app, "url_cache:\n  ttl_hours: 2\ncache_tiering:\n  x: -3\ndoc_convert:\n  enabled: true\n");
  REQUIRE(checked.warnings.size() == 2);
  CHECK(checked.warnings[0] == "line 4: 'cache_tiering' is an AC-DC setting that acdc does not read: it has no effect here; remove it");
  CHECK(checked.warnings[1].starts_with("line 6: 'doc_convert' is an AC-DC setting"));
  // The cache warmer is acdc's too now, checked as such.
  CHECK(Schema::check(FileKind::app, "cache_warmup:\n  enabled: auto\n  interval_seconds: 240\n  max_cost_usd: 0.1\n")
            .warnings.empty());
  CHECK(problem(FileKind::app, "cache_warmup:\n  max_cost_usd: -1\n") ==
        "line 2: 'cache_warmup.max_cost_usd' is '-1': it must be a number of 0 or more");
  CHECK(problem(FileKind::app, "cache_warmup:\n  interval_seconds: 600\n") ==
        "line 2: 'cache_warmup.interval_seconds' is '600': a cached prompt expires five minutes after its last read, so at most 290");
}

TEST_CASE("a value of the wrong type or out of range names the key, the value and what is allowed") {
  CHECK(problem(FileKind::app, "url_cache:\n  ttl_hours: soon\n") == "line 2: 'url_cache.ttl_hours' is 'soon': it must be a number of 0 or more");
  CHECK(problem(FileKind::app, "history_compaction:\n  verbatim_window_tokens: [1, 2]\n") ==
        "line 2: 'history_compaction.verbatim_window_tokens' is a list: it must be a whole number of 0 or more");
  CHECK(problem(FileKind::app, "history_compaction:\n  compaction_trigger_tokens: 2.5\n") ==
        "line 2: 'history_compaction.compaction_trigger_tokens' is '2.5': it must be a whole number greater than 0");
  CHECK(problem(FileKind::app, "history_compaction:\n  enabled: {a: 1}\n") ==
        "line 2: 'history_compaction.enabled' is a map: it must be true or false");
  CHECK(problem(FileKind::llm, "model: m\nnum_retries: " + std::string(60, '9') + "\n") ==
        "line 2: 'num_retries' is '" + std::string(37, '9') + "...': it must be a whole number");
  CHECK(problem(FileKind::host, "port: 99999\n") == "line 1: 'port' is '99999': it must be between 0 and 65535");
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
      "line 2: 'symbol_map.budget_fraction' is '8': it is a share of the model's context window, above 0 and at most 1"));
  CHECK(problem(FileKind::app, "symbol_map:\n  budget_fraction: 0\n") == "line 2: 'symbol_map.budget_fraction' is '0': it must be a number greater than 0");
  CHECK(problem(FileKind::app, "symbol_map:\n  budget_tokens: -5\n") == "line 2: 'symbol_map.budget_tokens' is '-5': it must be a whole number of 0 or more");
  auto checked = Schema::check(FileKind::app, "symbol_map:\n  budget: 3\n");
  REQUIRE(checked.warnings.size() == 1);
  CHECK(checked.warnings[0].starts_with("line 2: unknown key 'symbol_map.budget'"));
}

TEST_CASE("mcp_servers entries are checked in the .mcp.json form: command or url, args a list, env a map") {
  CHECK(Schema::check(FileKind::app, "mcp_servers:\n  gh: {command: npx, args: [-y, server], env: {T: \"${T}\"}}\n"
                                     "  docs: {url: \"https://a/mcp\", headers: {Authorization: Bearer x}}\n")
            .warnings.empty());
  CHECK_THAT(problem(FileKind::app, "mcp_servers:\n  gh: {args: [x]}\n"), Catch::Contains("needs either command"));
  CHECK_THAT(problem(FileKind::app, "mcp_servers:\n  gh: {command: npx, args: -y}\n"), Catch::Contains("must be a list of arguments"));
  CHECK_THAT(problem(FileKind::app, "mcp_client:\n  call_timeout_s: 0\n"), Catch::Contains("'mcp_client.call_timeout_s'"));
}
