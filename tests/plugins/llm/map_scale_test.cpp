// The symbol map at scale (issue 26), through the real host with the
// repo, symbol-index and llm plugins and the fake provider: a generated
// repository whose whole map is several times the model's window.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

using acdc::llm::test::anthropic_step;
using acdc::llm::test::bodies;
using acdc::llm::test::kWithMap;
using acdc::llm::test::LlmHost;
using acdc::llm::test::result;
using acdc::llm::test::str;
using acdc::llm::test::use_llm_yaml;
using acdc::llm::test::wait_until_indexed;

namespace {

std::string pad(int i, int width = 4) {
  std::string n = std::to_string(i);
  return std::string(static_cast<std::size_t>(width) - std::min<std::size_t>(n.size(), width), '0') + n;
}

// 2,000 Python modules in 40 packages; each imports and calls two others
// (real cross-references), so the whole map is ~150k tokens.
std::map<std::string, std::string> large_repository() {
  std::map<std::string, std::string> files;
  constexpr int kModules = 2000;
  for (int i = 0; i < kModules; ++i) {
    const int a = (i * 7 + 3) % kModules, b = (i * 13 + 5) % kModules;
    auto module = [](int m) { return "pkg" + pad(m / 50, 2) + ".mod_" + pad(m); };
    files["pkg" + pad(i / 50, 2) + "/mod_" + pad(i) + ".py"] =
        "from " + module(a) + " import helper_" + pad(a) + "\nfrom " + module(b) + " import helper_" + pad(b) +
        "\n\n\ndef helper_" + pad(i) + "(value, scale=2):\n    return helper_" + pad(a) + "(value) + helper_" + pad(b) +
        "(scale)\n\n\nclass Processor" + pad(i) + ":\n    def handle_" + pad(i) + "(self, item, retries=3):\n" +
        "        return helper_" + pad(i) + "(item)\n\n    def close(self):\n        return None\n";
  }
  return files;
}

// Indexing 2,000 files under the sanitizers takes a while.
constexpr std::chrono::seconds kIndexing{120};

std::string openai_step(const std::string& text) {
  return "[{\"text\":" + acdc::to_json_text(text) + ",\"format\":\"openai\",\"chunk_chars\":64}]";
}

std::size_t last_marker(const std::string& body) { return body.rfind("\"cache_control\""); }

}  // namespace

TEST_CASE("a repository whose map is larger than the window chats with the map in budget and the files named") {
  LlmHost h(large_repository(), kWithMap);
  // 40,000-token window: the map's budget is an eighth, 5,000 tokens.
  use_llm_yaml(h, "provider: openai\nmodel: gpt-4o\nmodels:\n  gpt-4o: {context_window: 40000}\n");
  h.start();
  wait_until_indexed(h, kIndexing);
  h.fake.queue(openai_step("It scales the value."));
  auto r = h.chat("Why does pkg31/mod_1577.py scale twice, and where is Processor0042 closed?");
  INFO(h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  const std::vector<std::string> sent = bodies(h);
  REQUIRE(sent.size() == 1);
  // Their own blocks (a file's path alone could be another block's import line).
  CHECK_THAT(sent[0], Catch::Contains("f helper_1577(value,scale?)") && Catch::Contains("c Processor0042"));
  CHECK_THAT(sent[0], Catch::Contains("# Other indexed files (") && Catch::Contains("pkg07/"));

  auto breakdown = result(h, "LLMService.get_context_breakdown", "[]");
  const auto& map = breakdown["breakdown"]["symbol_map_details"];
  REQUIRE(map.IsObject());
  CHECK(map["budget_tokens"].GetInt() == 5000);
  CHECK(map["tokens"].GetInt() + breakdown["breakdown"]["legend"].GetInt() <= 5000);
  CHECK_FALSE(map["complete"].GetBool());
  CHECK(map["files_total"].GetInt() == 2000);
  CHECK(map["files_full"].GetInt() > 10);
  CHECK(map["files_full"].GetInt() + map["files_summary"].GetInt() + map["files_outline"].GetInt() +
            map["files_left_out"].GetInt() ==
        2000);
  bool ranked = false;
  for (const auto& e : map["entries"].GetArray()) ranked = ranked || str(e["why"]) == "ranked";
  CHECK(ranked);
}

TEST_CASE("turns with no new mention send the same cached prefix and a mention adds only an uncached focus block") {
  LlmHost h(large_repository(), kWithMap);
  use_llm_yaml(h, "provider: anthropic\nmodel: claude-sonnet-4-5\nmodels:\n  claude-sonnet-4-5: {context_window: 60000}\n");
  h.start();
  wait_until_indexed(h, kIndexing);
  for (const char* message : {"Hello there.", "Thanks, go on.", "And what calls helper_0999?"}) {
    h.fake.queue(anthropic_step("Sure."));
    auto r = h.chat(message, std::string("req-") + message[0]);
    REQUIRE_FALSE(r.HasMember("error"));
  }
  const std::vector<std::string> sent = bodies(h);
  REQUIRE(sent.size() == 3);
  const std::size_t second = last_marker(sent[1]), third = last_marker(sent[2]);
  REQUIRE(second != std::string::npos);
  REQUIRE(third != std::string::npos);
  // Unchanged code, no new mention: the cached prefix is byte for byte the first turn's.
  CHECK(sent[1].compare(0, second, sent[0], 0, second) == 0);
  // The mention's block rides after the last marker; everything before it is as it was.
  CHECK(third == second);
  CHECK(sent[2].compare(0, third, sent[1], 0, third) == 0);
  // Its block's own line: the path alone is also in the outline and other blocks' imports.
  const std::size_t block = sent[2].find("f helper_0999(value,scale?)");
  REQUIRE(block != std::string::npos);
  CHECK(block > third);
  CHECK(block > sent[2].find("Thanks, go on."));  // after the history: the part that changes comes last
  CHECK(sent[1].find("f helper_0999(value,scale?)") == std::string::npos);
}

TEST_CASE("a selection too large for the window is refused naming its largest files but the map alone never refuses") {
  auto files = large_repository();
  std::string big;
  for (int i = 0; i < 800; ++i) big += "LARGE_TABLE_" + std::to_string(i) + " = compute(" + std::to_string(i) + ", 'alpha beta gamma')\n";
  files["data/large_table.py"] = big;
  LlmHost h(files, kWithMap);
  use_llm_yaml(h, "provider: openai\nmodel: gpt-4o\nmax_output_tokens: 1000\nmodels:\n  gpt-4o: {context_window: 12000}\n");
  h.start();
  wait_until_indexed(h, kIndexing);
  // No selection: the map is cut to what the small window leaves.
  h.fake.queue(openai_step("Hi."));
  auto fine = h.chat("hello", "req-fine");
  INFO(h.host->output());
  CHECK_FALSE(fine.HasMember("error"));

  result(h, "LLMService.set_selected_files", R"([["data/large_table.py","pkg00/mod_0001.py"]])");
  h.fake.reset();
  auto r = h.chat("hello again", "req-big");
  REQUIRE(r["error_info"].IsObject());
  CHECK(str(r["error_info"]["error_type"]) == "context_window_exceeded");
  const std::string why = str(r["error"]);
  CHECK_THAT(why, Catch::Contains("without the symbol map") && Catch::Contains("The largest parts: data/large_table.py (") &&
                      Catch::Contains("deselect") && Catch::Contains("nothing was sent"));
  CHECK(bodies(h).empty());
}
