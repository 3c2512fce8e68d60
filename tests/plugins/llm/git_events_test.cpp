// Commit and reset from the chat (acdc-features.md §4.10) through the real
// host: the smaller model writes the message, the commit lands in git, and
// the system event is in history.jsonl and in the model's next request.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <cstdio>

using namespace acdc::llm::test;

namespace {

std::string git_out(const std::filesystem::path& dir, const std::string& args) {
  std::string cmd = "git -C '" + dir.string() + "' " + args + " 2>&1";
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    pclose(p);
  }
  return out;
}

// Calls commit_all and waits for its commitResult; returns that result.
rapidjson::Document commit(LlmHost& h) {
  const size_t before = h.client->received("AcApp.commitResult").size();
  auto started = h.call("LLMService.commit_all", "[]");
  REQUIRE(started.HasMember("result"));
  CHECK(str(started["result"]["status"]) == "started");
  REQUIRE(h.client->wait_for("AcApp.commitResult", before + 1, std::chrono::seconds(15)));
  rapidjson::Document args;
  args.Parse(h.client->received("AcApp.commitResult").back().c_str());
  rapidjson::Document result;
  result.CopyFrom(args[0], result.GetAllocator());
  return result;
}

std::string history_file(const LlmHost& h) { return acdc::test::read_file(h.repo.path() / ".acdc" / "history.jsonl"); }

}  // namespace

TEST_CASE("commit_all commits with the smaller model's message, and the model hears of it on the next turn") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "a\n"}});
  h.fake.queue(text_step("first answer"));
  h.chat("hello");
  acdc::test::write_file(h.repo.path() / "a.py", "b\n");
  acdc::test::write_file(h.repo.path() / "new.py", "n\n");
  h.fake.queue(R"([{"text":"fix(a): change a to b","format":"openai"}])");
  auto r = commit(h);
  INFO(acdc::to_json_text(r));
  REQUIRE(r.HasMember("sha"));
  const std::string short_sha = str(r["short_sha"]);
  CHECK(short_sha.size() == 7);
  CHECK(str(r["message"]) == "fix(a): change a to b");
  CHECK(str(r["system_event_message"]) == "**Committed " + short_sha + "**: fix(a): change a to b");
  // Both files went in (stage all), the tree is clean, the message is git's.
  CHECK_THAT(git_out(h.repo.path(), "log -1 --format=%s"), Catch::Contains("fix(a): change a to b"));
  CHECK(git_out(h.repo.path(), "status --porcelain --untracked-files=all -- a.py new.py").empty());
  CHECK_THAT(h.fake.requests(), Catch::Contains("gpt-4o-mini"));
  CHECK_THAT(history_file(h), Catch::Contains("**Committed " + short_sha + "**"));
  CHECK(!h.received("AcApp.filesModified").empty());

  h.fake.queue(text_step("noted"));
  h.chat("what did I just do?", "req-2");
  CHECK_THAT(h.fake.requests(), Catch::Contains("Committed " + short_sha + "**: fix(a): change a to b"));

  // The event is part of the session after a restart too, for the model as well.
  h.start();
  auto state = h.call("LLMService.get_current_state", "[]");
  CHECK_THAT(acdc::to_json_text(state["result"]["messages"]), Catch::Contains("**Committed " + short_sha));
  h.fake.queue(text_step("still noted"));
  h.chat("and now?", "req-3");
  rapidjson::Document sent;
  sent.Parse(h.fake.requests().c_str());
  CHECK_THAT(acdc::to_json_text(sent[sent.Size() - 1]), Catch::Contains("Committed " + short_sha));

  // Nothing left to commit: said so, and no empty commit.
  auto none = commit(h);
  CHECK_THAT(str(none["error"]), Catch::Contains("No staged changes"));
}

TEST_CASE("a commit whose message cannot be written says why, and nothing is committed") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "a\n"}});
  const std::string head = git_out(h.repo.path(), "rev-parse HEAD");
  acdc::test::write_file(h.repo.path() / "a.py", "b\n");

  h.fake.queue(R"([{"status":400,"body":"{\"error\":{\"message\":\"This model's maximum context length is 128000 tokens\",\"type\":\"invalid_request_error\",\"code\":\"context_length_exceeded\"}}"}])");
  auto too_big = commit(h);
  CHECK_THAT(str(too_big["error"]), Catch::Contains("too large"));
  CHECK_THAT(str(too_big["error"]), Catch::Contains("commit fewer files"));
  CHECK(str(too_big["error_info"]["error_type"]) == "context_window_exceeded");

  h.fake.queue(R"([{"status":401,"body":"{\"error\":{\"message\":\"bad key\",\"type\":\"invalid_request_error\"}}"}])");
  auto denied = commit(h);
  CHECK_THAT(str(denied["error"]), Catch::Contains("could not be generated"));
  CHECK_THAT(str(denied["error"]), Catch::Contains("Nothing was committed"));

  CHECK(git_out(h.repo.path(), "rev-parse HEAD") == head);
  // No event either (this session has no history file at all).
  CHECK_FALSE(std::filesystem::exists(h.repo.path() / ".acdc" / "history.jsonl"));
}

TEST_CASE("reset_to_head discards changes, records the event for the model, and is refused while a response streams") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "a\n"}});
  acdc::test::write_file(h.repo.path() / "a.py", "changed\n");
  auto r = h.call("LLMService.reset_to_head", "[]");
  REQUIRE(r.HasMember("result"));
  CHECK(str(r["result"]["status"]) == "ok");
  const std::string event = "**Reset to HEAD** — all uncommitted changes have been discarded.";
  CHECK(str(r["result"]["system_event_message"]) == event);
  CHECK(h.read("a.py") == "a\n");
  CHECK_THAT(history_file(h), Catch::Contains("**Reset to HEAD**"));

  h.fake.queue(text_step("ok"));
  h.chat("continue");
  CHECK_THAT(h.fake.requests(), Catch::Contains("Reset to HEAD"));

  // While an answer streams its edits could land half in a commit, or be wiped.
  h.fake.queue(text_step(std::string(400, 'z'), 4, 20));
  auto started = h.call("LLMService.chat_streaming", R"(["slow", "long answer", [], []])");
  REQUIRE(started.HasMember("result"));
  auto refused_commit = h.call("LLMService.commit_all", "[]");
  REQUIRE(refused_commit.HasMember("error"));
  CHECK_THAT(str(refused_commit["error"]["message"]), Catch::Contains("streaming"));
  auto refused_reset = h.call("LLMService.reset_to_head", "[]");
  REQUIRE(refused_reset.HasMember("error"));
  CHECK_THAT(str(refused_reset["error"]["message"]), Catch::Contains("streaming"));
  REQUIRE(h.client->wait_for("AcApp.streamComplete", 2, std::chrono::seconds(15)));
}

TEST_CASE("a message sent while a commit runs is refused with the reason, and nothing of it is kept") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "a\n"}});
  acdc::test::write_file(h.repo.path() / "a.py", "b\n");
  // The smaller model takes its time: the commit is still running when the message comes.
  h.fake.queue(R"([{"text":"fix(a): b","format":"openai","delay_ms":1500}])");
  auto started = h.call("LLMService.commit_all", "[]");
  REQUIRE(started.HasMember("result"));
  auto refused = h.call("LLMService.chat_streaming", R"(["during", "edit a.py please", [], []])");
  REQUIRE(refused.HasMember("error"));
  CHECK_THAT(str(refused["error"]["message"]), Catch::Contains("commit is in progress"));
  REQUIRE(h.client->wait_for("AcApp.commitResult", 1, std::chrono::seconds(15)));
  CHECK_THAT(history_file(h), !Catch::Contains("edit a.py please"));
  CHECK(h.received("AcApp.streamComplete").empty());

  // Once the commit is in, the same message goes through.
  h.fake.queue(text_step("done"));
  CHECK(str(h.chat("edit a.py please", "after")["response"]) == "done");
}

TEST_CASE("the message can be seen and edited first: generate_commit_message stages all, commit_all takes the user's message") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "a\n"}});
  acdc::test::write_file(h.repo.path() / "a.py", "b\n");
  acdc::test::write_file(h.repo.path() / "new.py", "n\n");
  h.fake.queue(R"([{"text":"fix(a): change a to b","format":"openai"}])");
  auto proposed = h.call("LLMService.generate_commit_message", "[true]");
  INFO(acdc::to_json_text(proposed));
  REQUIRE(proposed.HasMember("result"));
  CHECK(str(proposed["result"]) == "fix(a): change a to b");
  CHECK_THAT(h.fake.requests(), Catch::Contains("new.py"));  // the untracked file was staged and described
  CHECK_THAT(git_out(h.repo.path(), "log -1 --format=%s"), Catch::Contains("init"));  // nothing committed yet

  const size_t asked = acdc::parse_json(h.fake.requests()).Size();
  const size_t before = h.client->received("AcApp.commitResult").size();
  auto started = h.call("LLMService.commit_all", acdc::json_array(std::string("fix(a): the user's words\n\nWhy: b.")));
  REQUIRE(started.HasMember("result"));
  REQUIRE(h.client->wait_for("AcApp.commitResult", before + 1, std::chrono::seconds(15)));
  auto r = acdc::parse_json(h.client->received("AcApp.commitResult").back());
  CHECK(str(r[0]["message"]) == "fix(a): the user's words\n\nWhy: b.");
  CHECK_THAT(git_out(h.repo.path(), "log -1 --format=%B"), Catch::StartsWith("fix(a): the user's words\n\nWhy: b."));
  CHECK(git_out(h.repo.path(), "status --porcelain --untracked-files=all -- a.py new.py").empty());
  CHECK(acdc::parse_json(h.fake.requests()).Size() == asked);  // the model was not asked again
  CHECK_THAT(history_file(h), Catch::Contains("the user's words"));

  // Staging is half a commit: refused while an answer streams.
  h.fake.queue(text_step(std::string(400, 'z'), 4, 20));
  REQUIRE(h.call("LLMService.chat_streaming", R"(["slow", "long answer", [], []])").HasMember("result"));
  auto refused = h.call("LLMService.generate_commit_message", "[true]");
  REQUIRE(refused.HasMember("error"));
  CHECK_THAT(str(refused["error"]["message"]), Catch::Contains("streaming"));
  REQUIRE(h.client->wait_for("AcApp.streamComplete", 1, std::chrono::seconds(15)));
}
