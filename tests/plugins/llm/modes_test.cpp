// Code and doc mode, cross-reference, navigate_file, get_current_state's
// fields and the start-up stages (acdc-features.md §1.3, §4.1, §4.12),
// through the real host with the repo, symbol-index and llm plugins and
// the fake provider.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <thread>

using acdc::llm::test::kWithMap;
using acdc::llm::test::kWithMapAndSettings;
using acdc::llm::test::LlmHost;
using acdc::llm::test::result;
using acdc::llm::test::str;
using acdc::llm::test::text_step;
using acdc::llm::test::wait_until_indexed;

namespace {

std::map<std::string, std::string> repository() {
  return {{"README.md", "# Project\nStart with [the guide](docs/guide.md) and [the app](src/app.py).\n"},
          {"docs/guide.md", "# Guide\n## Setup\nRun it.\n## Usage\n| a | b |\n| --- | --- |\n"},
          {"src/app.py", "def serve_requests(port):\n    return port\n"}};
}

// The body of the last chat request the provider received.
std::string last_body(LlmHost& h) {
  rapidjson::Document requests;
  requests.Parse(h.fake.requests().c_str());
  std::string body;
  for (const auto& r : requests.GetArray())
    if (str(r["body"]).find("\"stream\":true") != std::string::npos) body = str(r["body"]);
  return body;
}

std::string chat_body(LlmHost& h, const std::string& message) {
  h.fake.queue(text_step("Noted."));
  auto done = h.chat(message, "req-" + message);
  CHECK_FALSE(done.HasMember("error"));
  return last_body(h);
}

// The stability count of `key` in the current mode's tiers (Context tab).
int tracked_n(LlmHost& h, const std::string& key) {
  auto breakdown = result(h, "LLMService.get_context_breakdown", "[]");
  for (const auto& block : breakdown["blocks"].GetArray())
    for (const auto& item : block["contents"].GetArray())
      if (str(item["name"]) == key) return item["n"].GetInt();
  return -1;
}

void start_indexed(LlmHost& h) {
  h.start();
  wait_until_indexed(h);
}

}  // namespace

TEST_CASE("doc mode puts the doc outlines and the doc prompt in the next request, and the switch is in the history") {
  LlmHost h(repository(), kWithMapAndSettings);
  start_indexed(h);
  CHECK(str(result(h, "LLMService.switch_mode", R"(["doc"])")["mode"]) == "doc");

  auto changed = h.received("AcApp.modeChanged");
  REQUIRE(changed.size() == 1);
  CHECK(str(changed[0][0]["mode"]) == "doc");
  auto state = result(h, "LLMService.get_current_state", "[]");
  CHECK(str(state["mode"]) == "doc");
  const auto& messages = state["messages"];
  REQUIRE(messages.Size() == 1);
  CHECK(str(messages[0]["content"]) == "Switched to doc mode.");
  CHECK(messages[0]["system_event"].GetBool());
  CHECK_THAT(h.read(".acdc/history.jsonl"), Catch::Contains("Switched to doc mode."));

  const std::string body = chat_body(h, "summarise");
  CHECK_THAT(body, Catch::Contains("# Document Structure") && Catch::Contains("README.md [readme]:") &&
                       Catch::Contains("# Guide ~6ln ←1") && Catch::Contains("## Usage [table]") &&
                       Catch::Contains("technical writer"));
  // Tier blocks go under §4.6's one "(continued)" header whatever the map;
  // the code map's own header and blocks are not there.
  CHECK_THAT(body, !Catch::Contains("# Repository Structure\n\nBelow") && !Catch::Contains("serve_requests"));

  CHECK(result(h, "LLMService.get_snippets", "[]")[0]["tooltip"] == "Summarise");  // the settings plugin's doc list
  auto refused = h.call("LLMService.switch_mode", R"(["review"])");
  REQUIRE(refused.HasMember("error"));
  CHECK_THAT(str(refused["error"]["message"]), Catch::Contains("the modes are code and doc"));
}

TEST_CASE("cross-reference adds the other index's map, and a mode switch turns it off") {
  LlmHost h(repository(), kWithMap);
  start_indexed(h);
  result(h, "LLMService.switch_mode", R"(["doc"])");
  CHECK(result(h, "LLMService.set_cross_reference", "[true]")["cross_ref_enabled"].GetBool());
  CHECK(h.received("AcApp.modeChanged").back()[0]["cross_ref_enabled"].GetBool());
  std::string body = chat_body(h, "both");
  CHECK_THAT(body, Catch::Contains("# Document Structure") && Catch::Contains("# Repository Structure") &&
                       Catch::Contains("serve_requests") && Catch::Contains("README.md [readme]:"));
  CHECK(body.find("# Document Structure") < body.find("# Repository Structure"));

  result(h, "LLMService.switch_mode", R"(["code"])");
  CHECK_FALSE(result(h, "LLMService.get_current_state", "[]")["cross_ref_enabled"].GetBool());
  body = chat_body(h, "code only");
  CHECK_THAT(body, Catch::Contains("# Repository Structure") && Catch::Contains("serve_requests"));
  CHECK_THAT(body, !Catch::Contains("# Document Structure") && !Catch::Contains("technical writer"));
}

TEST_CASE("each mode keeps its own tracker and the selection is kept across switches") {
  LlmHost h(repository(), kWithMap);
  start_indexed(h);
  result(h, "LLMService.set_selected_files", R"([["src/app.py"]])");
  chat_body(h, "one");
  chat_body(h, "two");
  const int code_n = tracked_n(h, "system:prompt");
  CHECK(code_n >= 2);

  result(h, "LLMService.switch_mode", R"(["doc"])");
  CHECK(tracked_n(h, "system:prompt") == 0);  // a tracker of its own, which has seen nothing yet
  chat_body(h, "three");
  CHECK(tracked_n(h, "system:prompt") < code_n);
  CHECK(result(h, "LLMService.get_selected_files", "[]")[0] == "src/app.py");

  result(h, "LLMService.switch_mode", R"(["code"])");
  CHECK(tracked_n(h, "system:prompt") == code_n);
}

TEST_CASE("get_current_state reports the mode, cross-reference and excluded files as they are") {
  LlmHost h(repository(), kWithMap);
  start_indexed(h);
  auto state = result(h, "LLMService.get_current_state", "[]");
  CHECK(str(state["mode"]) == "code");
  CHECK_FALSE(state["cross_ref_enabled"].GetBool());
  CHECK(state["review_state"].IsNull());
  CHECK(state["excluded_index_files"].Size() == 0);

  result(h, "LLMService.set_excluded_index_files", R"([["src/app.py"]])");
  result(h, "LLMService.set_cross_reference", "[true]");
  state = result(h, "LLMService.get_current_state", "[]");
  REQUIRE(state["excluded_index_files"].Size() == 1);
  CHECK(state["excluded_index_files"][0] == "src/app.py");
  CHECK(state["cross_ref_enabled"].GetBool());

  auto mode = result(h, "LLMService.get_mode", "[]");
  CHECK(str(mode["mode"]) == "code");
  CHECK(mode["doc_index_ready"].GetBool());
  CHECK(mode["cross_ref_enabled"].GetBool());
}

TEST_CASE("navigate_file opens the file in every client") {
  LlmHost h(repository(), kWithMap);
  start_indexed(h);
  CHECK(str(result(h, "LLMService.navigate_file", R"(["docs/guide.md"])")["path"]) == "docs/guide.md");
  REQUIRE(h.client->wait_for("AcApp.navigateFile", 1, std::chrono::seconds(5)));
  CHECK(str(h.received("AcApp.navigateFile")[0][0]["path"]) == "docs/guide.md");
}

TEST_CASE("a client sees the plugins, session restore and indexing stages, each ending at 100") {
  LlmHost h(repository(), kWithMap);
  start_indexed(h);
  std::map<std::string, int> last;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < until) {
    for (const auto& args : h.received("AcApp.startupProgress")) last[str(args[0])] = args[2].GetInt();
    if (last["indexing"] == 100 && last["ready"] == 100) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  for (const char* stage : {"plugins", "session_restore", "indexing", "ready"}) {
    INFO(stage);
    CHECK(last[stage] == 100);
  }
  for (const auto& [stage, percent] : last) {
    INFO(stage);
    CHECK(percent == 100);
  }
}
