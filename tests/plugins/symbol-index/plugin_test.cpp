// The symbol-index plugin through the real host, with the repo and llm
// plugins and the fake provider: the map in each chat turn's request, the
// re-index at a turn's start, the LSP methods under LLMService's names, the
// excluded files and the disk cache across a restart, and a host without
// the plugin.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <thread>

using acdc::llm::test::kWithMap;
using acdc::llm::test::LlmHost;
using acdc::llm::test::result;
using acdc::llm::test::str;
using acdc::llm::test::text_step;
using acdc::llm::test::wait_until_indexed;

namespace {

const std::map<std::string, std::string> kFiles = {
    {"src/geometry.py", "def area(width, height=1):\n    return width * height\n"},
    {"src/app.py", "from src.geometry import area\n\n\ndef report(w):\n    return area(w, 2)\n"},
    {"web/ui.js", "export function show(text) {\n  console.log(text);\n}\n"}};

// The system message of the n-th request the provider received (its text,
// whether sent as a string or as text blocks with a cache marker).
std::string message_text(const rapidjson::Value& content) {
  if (content.IsString()) return str(content);
  std::string text;
  for (const auto& block : content.GetArray()) text += str(block["text"]);
  return text;
}

std::string system_message(LlmHost& h, size_t n) { return message_text(request_body(h, n)["messages"][0]["content"]); }

// Every message of the n-th request, one after another: the map's blocks sit
// in whichever cache tier the stability tracker put them.
std::string request_text(LlmHost& h, size_t n) {
  rapidjson::Document body = request_body(h, n);
  std::string text;
  for (const auto& m : body["messages"].GetArray()) text += message_text(m["content"]) + "\n";
  return text;
}

}  // namespace

TEST_CASE("every turn carries the repository map, without the files in full context") {
  LlmHost h(kFiles, kWithMap);
  wait_until_indexed(h);
  result(h, "LLMService.set_selected_files", R"([["src/app.py"]])");
  h.fake.queue(text_step("ok"));
  h.chat("what is here?");
  std::string system = system_message(h, 0);
  CHECK_THAT(system, Catch::Contains("# Repository Structure\n\nBelow is a map of the repository"));
  CHECK_THAT(system, Catch::Contains("# c=class m=method f=function af=async func am=async method\n"));
  std::string request = request_text(h, 0);
  CHECK_THAT(request, Catch::Contains("src/geometry.py: ←2\nf area(width,height?) ←1\n"));
  CHECK_THAT(request, Catch::Contains("web/ui.js:\nf show(text)\n"));
  CHECK_THAT(request, !Catch::Contains("src/app.py:"));  // it is in Working Files instead

  // The same tree and selection: the same bytes, so the provider's cache holds.
  h.fake.queue(text_step("ok"));
  h.chat("again", "req-2");
  CHECK(system_message(h, 1) == system);
}

TEST_CASE("a file changed or added outside acdc is in the next turn's map") {
  LlmHost h(kFiles, kWithMap);
  wait_until_indexed(h);
  h.fake.queue(text_step("ok"));
  h.chat("first");
  acdc::test::write_file(h.repo.path() / "src/geometry.py",
                         "def area(width, height=1):\n    return width * height\n\n\ndef perimeter(w, h):\n    return 2 * (w + h)\n");
  acdc::test::write_file(h.repo.path() / "src/new_module.py", "from src.geometry import perimeter\n\nperimeter(1, 2)\n");
  h.fake.queue(text_step("ok"));
  h.chat("second", "req-2");
  std::string request = request_text(h, 1);
  CHECK_THAT(request, Catch::Contains("\nf perimeter(w,h) ←1\n"));
  CHECK_THAT(request, Catch::Contains("src/new_module.py:\ni→ src/geometry.py\n"));
}

TEST_CASE("hover, definition, references and completions under LLMService's names") {
  LlmHost h(kFiles, kWithMap);
  wait_until_indexed(h);
  // src/app.py line 5: `    return area(w, 2)`, the cursor on `area`.
  auto hover = result(h, "LLMService.lsp_get_hover", R"(["src/app.py", 5, 13])");
  REQUIRE(hover.IsObject());
  CHECK(str(hover["contents"][0]) == "```python\ndef area(width, height=1)\n```");
  CHECK(str(hover["contents"][1]) == "*function* defined in `src/geometry.py:1` · 1 reference");
  auto def = result(h, "LLMService.lsp_get_definition", R"(["src/app.py", 5, 13])");
  CHECK(str(def["file"]) == "src/geometry.py");
  CHECK(def["range"]["startLineNumber"].GetInt() == 1);
  auto refs = result(h, "LLMService.lsp_get_references", R"(["src/geometry.py", 1, 6])");
  REQUIRE(refs.Size() == 1);
  CHECK(str(refs[0]["file"]) == "src/app.py");
  CHECK(refs[0]["range"]["startLineNumber"].GetInt() == 5);
  CHECK(refs[0]["range"]["startColumn"].GetInt() == 12);
  auto completions = result(h, "LLMService.lsp_get_completions", R"(["src/app.py", 5, 13, "ar"])");
  REQUIRE(completions.Size() >= 1);
  CHECK(str(completions[0]["label"]) == "area");
  CHECK(result(h, "LLMService.lsp_get_hover", R"(["src/app.py", 2, 1])").IsNull());  // a blank line
  auto block = result(h, "LLMService.get_file_map_block", R"(["src/geometry.py"])");
  CHECK(str(block["content"]) == "src/geometry.py: ←2\nf area(width,height?) ←1");
  CHECK(str(block["mode"]) == "code");
  auto missing = h.call("LLMService.get_file_map_block", R"(["README.md"])");
  REQUIRE(missing.HasMember("error"));
  CHECK_THAT(str(missing["error"]["message"]), Catch::Contains("is not in the symbol index"));
}

TEST_CASE("excluded files leave the map and stay excluded after a restart, the cache is read") {
  LlmHost h(kFiles, kWithMap);
  wait_until_indexed(h);
  auto now = result(h, "LLMService.set_excluded_index_files", R"([["web/ui.js"]])");
  REQUIRE(now.Size() == 1);
  CHECK(str(now[0]) == "web/ui.js");
  h.start();  // a restart on the same repository
  wait_until_indexed(h);
  auto status = result(h, "SymbolIndex.get_status", "[]");
  CHECK(status["last_update"]["parsed"].GetInt() == 0);
  CHECK(status["last_update"]["from_cache"].GetInt() == 2);
  CHECK(result(h, "LLMService.get_excluded_index_files", "[]")[0] == "web/ui.js");
  CHECK(result(h, "LLMService.get_current_state", "[]")["excluded_index_files"][0] == "web/ui.js");
  h.fake.queue(text_step("ok"));
  h.chat("map please");
  CHECK_THAT(system_message(h, 0), !Catch::Contains("web/ui.js"));
  CHECK_THAT(system_message(h, 0), Catch::Contains("src/geometry.py:"));
}

TEST_CASE("start-up reports the indexing stage to the browser") {
  LlmHost h(kFiles, kWithMap);
  wait_until_indexed(h);
  // The service is ready before it sends its last stage: wait for the stage.
  std::string last_stage;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (last_stage.empty() && std::chrono::steady_clock::now() < until) {
    h.client->pump(std::chrono::milliseconds(20));
    for (const auto& args : h.received("AcApp.startupProgress"))
      if (str(args[0]) == "indexing" && args[2].GetInt() == 100) last_stage = str(args[1]);
  }
  CHECK(last_stage == "Indexed 3 files");
}

TEST_CASE("without the plugin, chat works and the context breakdown says why there is no map") {
  LlmHost h(kFiles, LlmHost::Plugins{{"repo", "llm"}});
  h.fake.queue(text_step("fine"));
  auto r = h.chat("no map here");
  CHECK(str(r["response"]) == "fine");
  CHECK_FALSE(r.HasMember("error"));
  CHECK_THAT(system_message(h, 0), !Catch::Contains("# Repository Structure"));
  auto breakdown = result(h, "LLMService.get_context_breakdown", "[]");
  CHECK(breakdown["breakdown"]["symbol_map"].GetInt() == 0);
  CHECK_THAT(str(breakdown["breakdown"]["symbol_map_unavailable"]),
             Catch::StartsWith("no repository map: the symbol-index plugin is not loaded"));
  auto hover = h.call("LLMService.lsp_get_hover", R"(["src/app.py", 5, 13])");
  REQUIRE(hover.HasMember("error"));
  CHECK_THAT(str(hover["error"]["message"]), Catch::Contains("SymbolIndex.hover"));
}
