// A hot swap of `llm` while an answer streams (issue 19, "a swap loses no
// work"): the turn holds its generation (ABI 1.1 hold/release), so the answer
// finishes on the old code, the new generation takes the history over, and
// the old copy is unloaded once the turn lets go.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <fstream>
#include <set>
#include <thread>

using namespace acdc::llm::test;
using namespace std::chrono_literals;

namespace {

// The private copies of llm the host process has mapped right now.
std::set<std::string> mapped_llm_copies(pid_t pid) {
  std::set<std::string> copies;
  std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
  for (std::string line; std::getline(maps, line);) {
    auto at = line.find("/llm-");
    if (at != std::string::npos && line.find(".acdc.so") != std::string::npos) copies.insert(line.substr(at));
  }
  return copies;
}

size_t occurrences(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

size_t messages_with(LlmHost& h, const std::string& content) {
  auto state = result(h, "LLMService.get_current_state", "[]");
  size_t n = 0;
  for (const auto& m : state["messages"].GetArray())
    if (m.HasMember("content") && m["content"].IsString() && m["content"].GetString() == content) ++n;
  return n;
}

}  // namespace

TEST_CASE("swapping llm mid-answer: the answer completes once in the history, the next turn runs on the new build") {
  LlmHost h;
  std::string answer;
  for (int i = 0; i < 120; ++i) answer += "word" + std::to_string(1000 + i) + " ";
  h.fake.queue(text_step(answer, 9, 25));  // about 3 s of streaming
  auto started = h.call("LLMService.chat_streaming", acdc::json_array("req-old", "the first question",
                                                                       std::vector<std::string>{}));
  REQUIRE(started.HasMember("result"));
  REQUIRE(h.client->wait_for("AcApp.streamChunk", 1, 5s));

  auto swapped = result(h, "Host.reload_plugin", "[\"llm\"]");
  CHECK(swapped["generation"].GetInt() == 2);
  CHECK(h.client->received("AcApp.streamComplete").empty());  // the swap did not wait for the answer

  INFO("host output:\n" << h.host->output());
  REQUIRE(h.client->wait_for("AcApp.streamComplete", 1, 15s));
  auto completes = h.received("AcApp.streamComplete");
  const auto& done = completes.back();
  CHECK(str(done[0]) == "req-old");
  CHECK_FALSE(done[1].HasMember("error"));
  CHECK(str(done[1]["response"]) == answer);

  // The new generation hears of the turn the old one finished, and the old
  // copy goes once its turn let go.
  size_t seen = 0;
  std::set<std::string> copies;
  for (int i = 0; i < 500 && (seen == 0 || copies.size() != 1); ++i) {
    std::this_thread::sleep_for(10ms);
    seen = messages_with(h, answer);
    copies = mapped_llm_copies(h.host->pid());
  }
  CHECK(seen == 1);
  CHECK(messages_with(h, "the first question") == 1);
  CHECK(copies.size() == 1);

  // Only the new build is loaded now: this turn runs on it, with the whole
  // history (the first answer, sent once).
  h.fake.queue(text_step("the second answer"));
  auto second = h.chat("the second question", "req-new");
  CHECK(str(second["response"]) == "the second answer");
  CHECK(occurrences(h.fake.requests(), answer) == 1);
  CHECK(messages_with(h, answer) == 1);
  CHECK(messages_with(h, "the second answer") == 1);
}
