// The context engine through the real host, the symbol-index plugin and the
// fake provider: scripted sessions asserting, turn by turn, where the cache
// markers sit and that the bytes before each are the previous request's;
// compaction in a real session and after a restart; the model's real
// context window; a missing API key.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <algorithm>


using acdc::llm::test::anthropic_step;
using acdc::llm::test::bodies;
using acdc::llm::test::kWithMap;
using acdc::llm::test::LlmHost;
using acdc::llm::test::result;
using acdc::llm::test::str;
using acdc::llm::test::text_step;
using acdc::llm::test::use_llm_yaml;
using acdc::llm::test::wait_until_indexed;

namespace {

// 30 modules that call each other (the map), and two large files the user
// selects (about 1,800 tokens each), so tiers pass the 1,024-token minimum.
std::map<std::string, std::string> repository() {
  std::map<std::string, std::string> files;
  for (int i = 0; i < 30; ++i) {
    std::string n = std::to_string(i), prev = std::to_string(i == 0 ? 29 : i - 1);
    files["src/m" + n + ".py"] = "from src.m" + prev + " import f" + prev + "\n\n\ndef f" + n +
                                 "(x, y=1):\n    return f" + prev + "(x) + " + n + "\n\n\nclass Model" + n +
                                 ":\n    def method_" + n + "(self, a, b):\n        return a + b\n";
  }
  for (const char* name : {"big_a", "big_b"}) {
    std::string text;
    for (int k = 0; k < 150; ++k)
      text += std::string(name) + "_setting_" + std::to_string(k) + " = compute(" + std::to_string(k) + ", 'alpha beta')\n";
    files[std::string("src/") + name + ".py"] = text + "END_OF_" + name + " = True\n";
  }
  return files;
}

std::vector<std::size_t> markers(const std::string& body) {
  std::vector<std::size_t> at;
  for (auto p = body.find("\"cache_control\""); p != std::string::npos; p = body.find("\"cache_control\"", p + 1))
    at.push_back(p);
  return at;
}

// A request's content blocks as the provider's cache sees them: role and
// text, with the cache_control markers aside (they are not content); and
// which blocks carried one.
struct Blocks {
  std::vector<std::string> text;
  std::vector<std::size_t> marked;
};

Blocks blocks_of(const std::string& body) {
  rapidjson::Document d;
  d.Parse(body.c_str());
  Blocks out;
  auto add = [&](const std::string& role, const rapidjson::Value& content) {
    if (content.IsString()) return out.text.push_back(role + ": " + content.GetString());
    for (const auto& b : content.GetArray()) {
      if (b.HasMember("cache_control")) out.marked.push_back(out.text.size());
      out.text.push_back(role + ": " + (b.HasMember("text") ? b["text"].GetString() : "(image)"));
    }
  };
  if (d.HasMember("system")) add("system", d["system"]);
  for (const auto& m : d["messages"].GetArray()) add(m["role"].GetString(), m["content"]);
  return out;
}

// Whether `now` starts with `before`'s blocks up to and including block `last`.
bool continues(const Blocks& before, const Blocks& now, std::size_t last) {
  return now.text.size() > last && std::equal(before.text.begin(), before.text.begin() + static_cast<long>(last) + 1, now.text.begin());
}

std::size_t cached_blocks(const rapidjson::Value& breakdown) {
  std::size_t n = 0;
  for (const auto& b : breakdown["blocks"].GetArray()) n += b["cached"].GetBool() ? 1 : 0;
  return n;
}

bool moved(const rapidjson::Value& breakdown, const char* tier) {
  for (const char* kind : {"promotions", "demotions"})
    for (const auto& m : breakdown[kind].GetArray())
      if (str(m["from"]) == tier || str(m["to"]) == tier) return true;
  return false;
}

bool any_move(const rapidjson::Value& breakdown) {
  return breakdown["promotions"].Size() + breakdown["demotions"].Size() > 0;
}

std::string question(int turn) { return "Question " + std::to_string(turn) + ": what does f" + std::to_string(turn) + " do?"; }

std::string answer(int turn) {
  std::string text = "Answer " + std::to_string(turn) + ". ";
  for (int i = 0; i < 40; ++i) text += "It adds the previous value and its own index. ";
  return text;
}

}  // namespace

TEST_CASE("a 12-turn Anthropic session: markers on cacheable tiers only, each prefix as the turn before sent it") {
  LlmHost h(repository(), kWithMap);
  use_llm_yaml(h, "provider: anthropic\nmodel: claude-sonnet-4-5\nsmaller_model: claude-haiku-4-5\n");
  h.start();
  wait_until_indexed(h);
  result(h, "LLMService.set_selected_files", R"([["src/big_a.py"]])");
  std::vector<rapidjson::Document> breakdown;
  for (int turn = 1; turn <= 12; ++turn) {
    if (turn == 4) result(h, "LLMService.set_selected_files", R"([["src/big_a.py","src/big_b.py"]])");
    h.fake.queue(anthropic_step(answer(turn)));
    auto r = h.chat(question(turn), "req-" + std::to_string(turn));
    REQUIRE_FALSE(r.HasMember("error"));
    breakdown.push_back(result(h, "LLMService.get_context_breakdown", "[]"));
  }
  std::vector<std::string> sent = bodies(h);
  REQUIRE(sent.size() == 12);
  int identical_turns = 0;
  for (std::size_t n = 1; n < sent.size(); ++n) {
    INFO("request " << n + 1);
    const auto at = markers(sent[n]);
    CHECK(at.size() >= 1);
    CHECK(at.size() <= 4);
    // The Context tab after a turn shows the tiers that turn was sent with:
    // what it calls cached is what carried a marker.
    const rapidjson::Value& tiers = breakdown[n];
    CHECK(at.size() == cached_blocks(tiers));
    // The system message (L0) is unchanged unless something moved into or out of it.
    if (!moved(tiers, "L0")) CHECK(sent[n].compare(0, at[0], sent[n - 1], 0, at[0]) == 0);
    if (any_move(tiers)) continue;
    // Nothing moved: every prefix the previous request cached opens this one
    // (the conversation's marker moved one exchange on; the provider finds
    // the last one behind it).
    const Blocks before = blocks_of(sent[n - 1]), now = blocks_of(sent[n]);
    bool all = !before.marked.empty();
    for (std::size_t b : before.marked) all = all && continues(before, now, b);
    CHECK(all);
    identical_turns += all ? 1 : 0;
  }
  CHECK(identical_turns >= 3);
  // The first file, unchanged for three turns, graduates on the turn that
  // rewrites the active part anyway (a second file joins it): request 4
  // holds it in L3, ahead of a marker, and request 3 in the active part.
  CHECK(sent[2].find("# Reference Files (L3)") == std::string::npos);
  const std::size_t l3 = sent[3].find("# Reference Files (L3)");
  REQUIRE(l3 != std::string::npos);
  const std::size_t end_of_a = sent[3].find("END_OF_big_a");
  CHECK(l3 < end_of_a);
  CHECK(sent[3].find("END_OF_big_b") > sent[3].find("# Working Files"));
  const auto at = markers(sent[3]);
  CHECK(std::any_of(at.begin(), at.end(), [&](std::size_t p) { return p > end_of_a; }));
  // Most of the session's input came from the cache (the fake bills as Anthropic reports).
  const auto& totals = breakdown.back()["session_totals"];
  CHECK(totals["turns"].GetInt() == 12);
  CHECK(totals["cache_read"].GetInt() == 12 * 2000);
  CHECK(breakdown.back()["session_cache_rate"].GetDouble() > 0.5);
  CHECK(breakdown.back()["max_input_tokens"].GetInt() == 200000);
}

TEST_CASE("an OpenAI-compatible session: no markers on the wire, and an unchanged prefix the provider can cache") {
  LlmHost h(repository(), kWithMap);
  wait_until_indexed(h);
  result(h, "LLMService.set_selected_files", R"([["src/big_a.py"]])");
  std::vector<rapidjson::Document> breakdown;
  for (int turn = 1; turn <= 9; ++turn) {
    if (turn == 4) result(h, "LLMService.set_selected_files", R"([["src/big_a.py","src/big_b.py"]])");
    h.fake.queue(text_step(answer(turn), 64));
    h.chat(question(turn), "req-" + std::to_string(turn));
    breakdown.push_back(result(h, "LLMService.get_context_breakdown", "[]"));
  }
  std::vector<std::string> sent = bodies(h);
  REQUIRE(sent.size() == 9);
  for (const auto& body : sent) CHECK(body.find("cache_control") == std::string::npos);
  // OpenAI caches by prefix without markers: after a turn that moved
  // nothing, the next request repeats the previous one's bytes through the
  // first selected file, which settled in a tier when the second joined.
  int checked = 0;
  for (std::size_t n = 4; n < sent.size(); ++n) {
    if (any_move(breakdown[n])) continue;
    const std::size_t end_of_a = sent[n].find("END_OF_big_a");
    REQUIRE(sent[n].find("# Reference Files") < end_of_a);
    std::size_t common = 0;
    while (common < sent[n - 1].size() && common < sent[n].size() && sent[n - 1][common] == sent[n][common]) ++common;
    INFO("request " << n + 1);
    CHECK(common > end_of_a);
    ++checked;
  }
  CHECK(checked >= 1);
  CHECK(breakdown.back()["max_input_tokens"].GetInt() == 128000);  // gpt-4o, not 1,000,000
  CHECK(str(breakdown.back()["blocks"][3]["name"]) == "L3");
  CHECK(breakdown.back()["blocks"][4]["contents"].Size() > 0);  // the active tier lists its items
}

TEST_CASE("compaction after a long turn: summarized, reported, and restored by a restart") {
  LlmHost h;
  acdc::test::write_file(h.config_home.path() / "app.yaml",
                         "history_compaction:\n  enabled: true\n  compaction_trigger_tokens: 1200\n"
                         "  verbatim_window_tokens: 300\n  min_verbatim_exchanges: 1\n");
  h.start();
  for (int turn = 1; turn <= 2; ++turn) {
    h.fake.queue(text_step(answer(turn), 64));
    h.chat(question(turn), "req-" + std::to_string(turn));
    CHECK(h.received("AcApp.compactionEvent").empty());
  }
  // Turn 3 passes the trigger: its answer, then the detector's (non-streaming) reply.
  h.fake.queue(text_step(answer(3), 64));
  h.fake.queue(R"([{"text":"{\"boundary_index\": null, \"boundary_reason\": \"one long task\", \"confidence\": 0.2, \"summary\": \"The user asked what f1 and f2 do.\"}","format":"openai"}])");
  auto status_before = result(h, "LLMService.get_history_status", "[]");
  CHECK(status_before["history_tokens"].GetInt() < 1200);  // below the trigger until turn 3
  CHECK_FALSE(status_before["needs_compaction"].GetBool());
  h.chat(question(3), "req-3");
  // Compaction runs after the answer, and reports before postResponseComplete.
  REQUIRE(h.client->wait_for("AcApp.postResponseComplete", 3, std::chrono::seconds(10)));
  auto events = h.received("AcApp.compactionEvent");
  REQUIRE(events.size() == 2);
  CHECK(str(events[0][1]["stage"]) == "compacting");
  const auto& done = events[1][1];
  REQUIRE(str(done["stage"]) == "compacted");
  CHECK(str(done["case"]) == "summarize");
  CHECK(done["tokens_after"].GetInt() < done["tokens_before"].GetInt());
  const auto& messages = done["messages"];
  REQUIRE(messages.Size() >= 4);
  CHECK(str(messages[0]["content"]) == "[History Summary]\nThe user asked what f1 and f2 do.");
  const auto& event = messages[messages.Size() - 1];
  CHECK(event["system_event"].GetBool());
  CHECK_THAT(str(event["content"]), Catch::StartsWith("**History compacted** — summarize") &&
                                        Catch::Contains("Boundary reason: one long task"));
  // The detector got compaction.md and the numbered messages.
  rapidjson::Document requests;
  requests.Parse(h.fake.requests().c_str());
  const std::string detector = str(requests[requests.Size() - 1]["body"]);
  CHECK_THAT(detector, Catch::Contains("[0] USER: Question 1"));
  auto status = result(h, "LLMService.get_history_status", "[]");
  CHECK(status["history_tokens"].GetInt() < done["tokens_before"].GetInt());
  CHECK_FALSE(status["needs_compaction"].GetBool());

  // A restart replays the compaction record: the same conversation comes back.
  h.start();
  auto state = result(h, "LLMService.get_current_state", "[]");
  REQUIRE(state["messages"].Size() == messages.Size());
  CHECK(str(state["messages"][0]["content"]) == str(messages[0]["content"]));
  CHECK(state["messages"][messages.Size() - 1]["system_event"].GetBool());
  // ... and the next request carries the summary, not the first question, nor the event.
  h.fake.queue(text_step("ok"));
  h.chat("and now?", "req-4");
  const std::string next = bodies(h).back();
  CHECK_THAT(next, Catch::Contains("[History Summary]") && !Catch::Contains("Question 1:") &&
                       !Catch::Contains("History compacted"));
}

TEST_CASE("a request too large for the model's window is refused before anything is sent") {
  LlmHost h(repository());
  use_llm_yaml(h, "provider: openai\nmodel: gpt-4o\nmodels:\n  gpt-4o: {context_window: 3000}\n");
  h.start();
  result(h, "LLMService.set_selected_files", R"([["src/big_a.py","src/big_b.py"]])");
  h.fake.reset();
  auto r = h.chat("hello", "req-big");
  REQUIRE(r["error_info"].IsObject());
  CHECK(str(r["error_info"]["error_type"]) == "context_window_exceeded");
  CHECK_THAT(str(r["error"]), Catch::Contains("3,000-token context window") && Catch::Contains("deselect") &&
                                  Catch::Contains("nothing was sent"));
  CHECK(bodies(h).empty());
  CHECK(result(h, "LLMService.get_context_breakdown", "[]")["max_input_tokens"].GetInt() == 3000);
  CHECK(result(h, "LLMService.get_current_state", "[]")["messages"].Size() == 0);
}

TEST_CASE("a missing API key is said at once, naming the variable and where it is set") {
  LlmHost h;
  acdc::test::write_file(h.config_home.path() / "llm.yaml",
                         "provider: openai\nbase_url: " + h.fake.base_url() +
                             "\nmodel: gpt-4o\napi_key_env: ACDC_TEST_KEY_NOBODY_SET\n");
  h.start();
  auto r = h.call("LLMService.chat_streaming", acdc::json_array(std::string("req-nokey"), std::string("hi")));
  REQUIRE(r.HasMember("error"));
  CHECK_THAT(str(r["error"]["message"]),
             Catch::StartsWith("ACDC_TEST_KEY_NOBODY_SET (api_key_env in llm.yaml) is not set"));
  CHECK(bodies(h).empty());
  CHECK(result(h, "LLMService.get_current_state", "[]")["messages"].Size() == 0);
}
