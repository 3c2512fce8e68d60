// Compaction's pure half (acdc-features.md §4.11): the verbatim window, the
// detector's answer, the case, the safeguard, the system event.
#include "context/compactor.hpp"

#include <catch2/catch.hpp>

using namespace acdc::llm;

namespace {

const TokenCounter kWords = [](std::string_view s) { return s.size() / 4; };

// user/assistant pairs, each message 400 characters (100 "tokens").
std::vector<ChatMessage> conversation(int exchanges) {
  std::vector<ChatMessage> out;
  for (int i = 0; i < exchanges; ++i) {
    out.push_back({"user", "question " + std::to_string(i) + std::string(388, 'q')});
    out.push_back({"assistant", "answer " + std::to_string(i) + std::string(390, 'a')});
  }
  return out;
}

CompactionSettings settings(std::size_t window, std::size_t min_exchanges = 2) {
  CompactionSettings s;
  s.verbatim_window_tokens = window;
  s.min_verbatim_exchanges = min_exchanges;
  return s;
}

std::size_t users(const std::vector<ChatMessage>& m) {
  return static_cast<std::size_t>(std::count_if(m.begin(), m.end(), [](const auto& x) { return x.role == "user"; }));
}

}  // namespace

TEST_CASE("the verbatim tail starts at the earlier of the token window and the last N user messages") {
  auto history = conversation(10);  // 20 messages, ~101 tokens each with the role
  // A window of ~3 messages, but two exchanges (4 messages) must stay: index 16.
  CHECK(verbatim_start(history, kWords, settings(350)) == 16);
  // A window of ~8 messages reaches further back than two exchanges.
  CHECK(verbatim_start(history, kWords, settings(820)) == 12);
  CHECK(verbatim_start({}, kWords, settings(4000)) == 0);
}

TEST_CASE("the detector prompt lists the last 50 messages, long ones cut") {
  auto history = conversation(30);
  history.back().content = std::string(1500, 'z');
  std::string prompt = detector_prompt(history);
  CHECK(prompt.starts_with("[10] USER: question 5"));
  CHECK_THAT(prompt, Catch::Contains("\n\n[59] ASSISTANT: " + std::string(1000, 'z') + "... (truncated)"));
  CHECK_THAT(prompt, !Catch::Contains("[9] "));
}

TEST_CASE("the detector's answer is read bare or fenced, and anything else is no answer") {
  auto fenced = parse_detector("Here:\n```json\n{\"boundary_index\": 12, \"boundary_reason\": \"new task\", "
                               "\"confidence\": 0.9, \"summary\": \"did X\"}\n```");
  REQUIRE(fenced.boundary_index);
  CHECK(*fenced.boundary_index == 12);
  CHECK(fenced.boundary_reason == "new task");
  CHECK(fenced.confidence == Approx(0.9));
  CHECK(fenced.summary == "did X");
  auto null_boundary = parse_detector(R"({"boundary_index": null, "confidence": 0.2, "summary": "s"})");
  CHECK_FALSE(null_boundary.boundary_index);
  auto garbage = parse_detector("I cannot help with that");
  CHECK_FALSE(garbage.boundary_index);
  CHECK(garbage.summary.empty());
  CHECK(garbage.confidence == 0);
  CHECK_FALSE(parse_detector("{not json}").boundary_index);
}

TEST_CASE("a confident boundary inside the verbatim tail truncates there") {
  auto history = conversation(10);
  DetectorAnswer a{.boundary_index = 16, .boundary_reason = "switched to the parser", .confidence = 0.8, .summary = "s"};
  Compaction c = compact(history, a, 14, settings(4000));
  CHECK(c.kind == Compaction::Case::truncate);
  REQUIRE(c.messages.size() == 4);
  CHECK(c.messages[0].content.starts_with("question 8"));
  CHECK(c.removed == 16);
  std::string event = system_event_text(c, 2020, 404);
  CHECK(event.starts_with("**History compacted** — truncate\n\n"));
  CHECK_THAT(event, Catch::Contains("Boundary: switched to the parser (confidence 0.80)"));
  CHECK_THAT(event, Catch::Contains("Removed 16 messages • 2020 → 404 tokens"));
}

TEST_CASE("an unsure or early boundary summarizes what comes before the verbatim tail") {
  auto history = conversation(10);
  for (DetectorAnswer a : {DetectorAnswer{.boundary_index = 16, .confidence = 0.3, .summary = "the gist"},
                           DetectorAnswer{.boundary_index = 4, .confidence = 0.95, .summary = "the gist"}}) {
    Compaction c = compact(history, a, 14, settings(4000));
    CHECK(c.kind == Compaction::Case::summarize);
    REQUIRE(c.messages.size() == 2 + 6);
    CHECK(c.messages[0].role == "user");
    CHECK(c.messages[0].content == "[History Summary]\nthe gist");
    CHECK(c.messages[1].content == "Ok, I understand the context from the previous conversation.");
    CHECK(c.messages[2].content.starts_with("question 7"));
    CHECK(c.removed == 14);
    CHECK_THAT(system_event_text(c, 1, 1), Catch::Contains("<details>\n<summary>Summary</summary>\n\nthe gist\n\n</details>"));
  }
}

TEST_CASE("a failed detection still compacts, with the fallback summary") {
  Compaction c = compact(conversation(10), DetectorAnswer{}, 14, settings(4000));
  CHECK(c.kind == Compaction::Case::summarize);
  CHECK(c.messages[0].content.starts_with("[History Summary]\nThe earlier conversation was compacted"));
}

TEST_CASE("fewer than the minimum user messages kept brings earlier ones back") {
  auto history = conversation(10);
  // Truncating at the last assistant message would keep no user message.
  DetectorAnswer a{.boundary_index = 19, .boundary_reason = "r", .confidence = 0.9};
  Compaction t = compact(history, a, 18, settings(4000, 2));
  CHECK(t.kind == Compaction::Case::truncate);
  CHECK(users(t.messages) == 2);
  CHECK(t.messages[0].content.starts_with("question 8"));
  // Summarizing from a start in the last exchange: the summary pair, then two exchanges.
  Compaction s = compact(history, DetectorAnswer{.summary = "g"}, 19, settings(4000, 2));
  CHECK(s.messages[0].content == "[History Summary]\ng");
  CHECK(users(s.messages) == 3);  // the summary is a user message too
  CHECK(s.messages[2].content.starts_with("question 8"));
}
