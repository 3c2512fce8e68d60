// The chat turn through the real host over WebSocket: the fake provider
// streams, the repo plugin applies edits to a real git repository.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

#include <signal.h>

#include <fstream>

using namespace acdc::llm::test;

namespace {

const rapidjson::Value* result_for(const rapidjson::Document& r, const std::string& file, size_t nth = 0) {
  for (const auto& e : r["edit_results"].GetArray())
    if (str(e["file"]) == file && nth-- == 0) return &e;
  return nullptr;
}

}  // namespace

TEST_CASE("text streams in as accumulated chunks and the result carries every field") {
  LlmHost h;
  std::string answer = "Hello! Run this:\n```bash\nmake test\n```\n";
  h.fake.queue(text_step(answer, 4));
  auto r = h.chat("say hello");
  CHECK(str(r["response"]) == answer);
  auto chunks = h.received("AcApp.streamChunk");
  REQUIRE_FALSE(chunks.empty());
  CHECK(str(chunks.back()[1]) == answer);
  for (size_t i = 1; i < chunks.size(); ++i) CHECK(str(chunks[i][1]).starts_with(str(chunks[i - 1][1])));
  for (const char* key : {"response", "token_usage", "edit_blocks", "agent_blocks", "shell_commands", "passed",
                          "already_applied", "failed", "skipped", "not_in_context", "files_modified", "edit_results",
                          "files_auto_added", "files_created", "binary_files", "invalid_files", "user_message",
                          "finish_reason", "turn_id"})
    CHECK(r.HasMember(key));
  CHECK(r["token_usage"]["completion_tokens"].GetInt() == 30);
  CHECK(r["token_usage"]["cache_read_tokens"].GetInt() == 100);
  CHECK(str(r["shell_commands"][0]) == "make test");
  CHECK(str(r["user_message"]) == "say hello");
  CHECK(str(r["finish_reason"]) == "stop");
  CHECK_FALSE(r.HasMember("cancelled"));
  CHECK_FALSE(r.HasMember("error"));
  // The request carried the system prompt and the reminder on the user text.
  std::string sent = h.fake.requests();
  CHECK_THAT(sent, Catch::Contains(R"(\"role\":\"system\")"));
  CHECK_THAT(sent, Catch::Contains(R"(say hello\\n\\n---\\n**Reminder:** Edit block rules)"));
  // The terminal HUD follows the response, with the provider's usage:
  // 120 fresh + 100 cached prompt tokens, 30 out.
  CHECK(h.host->wait_for_output("Session total: 250", std::chrono::seconds(5)));
  CHECK_THAT(h.host->output(), Catch::Contains("╭─ Cache Blocks"));
  CHECK_THAT(h.host->output(), Catch::Contains("220 in, 30 out"));
}

TEST_CASE("edits are applied to the repository, ambiguous and missing anchors fail, files out of context are added") {
  LlmHost h({{"a.py", "def f():\n    return 1\n"}, {"b.py", "x = 1\nx = 1\n"}, {"c.py", "y = 1\n"}});
  h.call("LLMService.set_selected_files", R"([["a.py","b.py"]])");
  std::string answer = "Changes:\n\n" + edit_block("a.py", "    return 1", "    return 2") + "\n" +
                       edit_block("b.py", "x = 1", "x = 2") + "\n" + edit_block("a.py", "nothing like this", "z") +
                       "\n" + edit_block("c.py", "y = 1", "y = 2") + "\n" + edit_block("new/d.py", "", "created = True");
  h.fake.queue(text_step(answer, 64));
  auto r = h.chat("change things");
  CHECK(h.read("a.py") == "def f():\n    return 2\n");
  CHECK(h.read("b.py") == "x = 1\nx = 1\n");
  CHECK(h.read("c.py") == "y = 1\n");
  CHECK(h.read("new/d.py") == "created = True");
  CHECK(str((*result_for(r, "a.py"))["status"]) == "applied");
  CHECK(str((*result_for(r, "b.py"))["error_type"]) == "ambiguous_anchor");
  CHECK_THAT(str((*result_for(r, "b.py"))["message"]), Catch::StartsWith("Ambiguous anchor: matches 2 locations."));
  CHECK(str((*result_for(r, "a.py", 1))["error_type"]) == "anchor_not_found");
  CHECK(str((*result_for(r, "c.py"))["status"]) == "not_in_context");
  CHECK(r["passed"].GetInt() == 2);
  CHECK(r["failed"].GetInt() == 2);
  CHECK(r["not_in_context"].GetInt() == 1);
  CHECK(str(r["files_auto_added"][0]) == "c.py");
  CHECK(str(r["files_created"][0]) == "new/d.py");
  CHECK(str(r["files_modified"][0]) == "a.py");
  auto selection = h.call("LLMService.get_selected_files", "[]");
  CHECK(selection["result"].Size() == 4);
  REQUIRE(h.client->wait_for("AcApp.filesChanged", 2, std::chrono::seconds(5)));
  CHECK(h.received("AcApp.filesChanged").back()[0].Size() == 4);
}

TEST_CASE("an Ask answer that edits a file not in context asks once to add it and apply and undo takes it all back") {
  LlmHost h({{"a.py", "a = 1\n"}, {"c.py", "c = 1\n"}, {"e.py", "e = 1\n"}});
  h.call("LLMService.set_selected_files", R"([["a.py"]])");
  h.permission_answer = R"({"outcome":"allow_once"})";
  h.fake.queue(text_step("Done.\n\n" + edit_block("a.py", "a = 1", "a = 2") + "\n" + edit_block("c.py", "c = 1", "c = 2") +
                             "\n" + edit_block("c.py", "c = 2", "c = 3") + "\n" + edit_block("gone.py", "g = 1", "g = 2"),
                         64));
  auto r = h.chat("change them");
  auto asked = h.received("AcApp.askPermission");
  REQUIRE(asked.size() == 1);  // once for the turn; gone.py is no file to add
  CHECK(str(asked[0][0]) == "req-1");
  CHECK(str(asked[0][1]["kind"]) == "edit");
  REQUIRE(asked[0][1]["paths"].Size() == 1);
  CHECK(str(asked[0][1]["paths"][0]) == "c.py");
  CHECK(str(asked[0][1]["title"]) == "Add c.py to the context and apply the answer's edits?");
  CHECK(h.read("a.py") == "a = 2\n");
  CHECK(h.read("c.py") == "c = 3\n");
  CHECK(str((*result_for(r, "c.py"))["status"]) == "applied");
  CHECK(str((*result_for(r, "gone.py"))["status"]) == "not_in_context");
  CHECK(r["passed"].GetInt() == 3);
  auto selection = h.call("LLMService.get_selected_files", "[]");
  CHECK_THAT(acdc::to_json_text(selection["result"]), Catch::Contains(R"("c.py")"));  // it stays selected
  // One turn, one undo: the added file's edits are in it.
  REQUIRE(r["undoable"].GetBool());
  auto undone = h.call("LLMService.undo_turn", "[" + acdc::to_json_text(str(r["turn_id"])) + "]");
  REQUIRE(undone.HasMember("result"));
  CHECK(h.read("a.py") == "a = 1\n");
  CHECK(h.read("c.py") == "c = 1\n");

  // "Always": asked no more this acdc session.
  h.permission_answer = R"({"outcome":"allow_always"})";
  h.call("LLMService.set_selected_files", R"([["a.py"]])");
  h.fake.queue(text_step(edit_block("c.py", "c = 1", "c = 4") + "\n", 64));
  h.chat("again", "req-2");
  CHECK(h.read("c.py") == "c = 4\n");
  h.call("LLMService.set_selected_files", R"([["a.py"]])");
  h.fake.queue(text_step(edit_block("e.py", "e = 1", "e = 5") + "\n", 64));
  h.chat("and e", "req-3");
  CHECK(h.read("e.py") == "e = 5\n");
  CHECK(h.received("AcApp.askPermission").size() == 2);
}

TEST_CASE("a file checked just before Send is in that turn's context") {
  // A large selection makes set_selected_files slow (each path is checked
  // through Repo.file_exists), so a turn that did not wait for it would start
  // with the old, empty selection: without the ordering, a.py comes back
  // not_in_context.
  std::map<std::string, std::string> files{{"a.py", "v = 1\n"}};
  std::string selection = "[";
  for (int i = 0; i < 3000; ++i) {
    files["f" + std::to_string(i) + ".txt"] = "x\n";
    selection += "\"f" + std::to_string(i) + ".txt\",";
  }
  selection += "\"a.py\"]";
  LlmHost h(files);
  // The browser sends the selection and the message back to back, without
  // waiting for the selection's answer.
  h.client->send_text(R"({"jsonrpc":"2.0","method":"LLMService.set_selected_files","params":{"args":[)" + selection +
                      R"(]},"id":"sel"})");
  h.fake.queue(text_step("Done.\n\n" + edit_block("a.py", "v = 1", "v = 2") + "\n", 64));
  auto r = h.chat("change v");
  REQUIRE(result_for(r, "a.py"));
  CHECK(str((*result_for(r, "a.py"))["status"]) == "applied");
  CHECK(h.read("a.py") == "v = 2\n");
  CHECK_THAT(h.fake.requests(), Catch::Contains("v = 1"));
}

TEST_CASE("another tab follows the stream live, not only the one that asked") {
  LlmHost h;
  acdc::test::WsClient other(h.host->port(), h.host->token());
  other.on("AcApp.streamChunk", [](const rapidjson::Value&) { return std::string("true"); });
  other.send_text(R"({"jsonrpc":"2.0","method":"system.listComponents","params":)" + other.methods_json() + R"(,"id":"relist"})");
  REQUIRE_FALSE(other.read_text(std::chrono::seconds(5)).empty());
  h.fake.queue(text_step(std::string(200, 'z'), 8, 10));
  h.chat("stream it", "req-live");
  REQUIRE(other.wait_for("AcApp.streamChunk", 2, std::chrono::seconds(5)));
  auto seen = other.received("AcApp.streamChunk");
  CHECK_THAT(seen.back(), Catch::Contains("req-live") && Catch::Contains("zzzz"));
}

TEST_CASE("cancel mid-stream keeps the partial text with a [stopped] marker, a wrong id or a new session is an error") {
  LlmHost h;
  h.fake.queue(text_step(std::string(400, 'a'), 4, 20));
  h.call("LLMService.chat_streaming", R"(["req-c","long answer",[]])");
  REQUIRE(h.client->wait_for("AcApp.streamChunk", 1, std::chrono::seconds(5)));
  auto second = h.call("LLMService.chat_streaming", R"(["req-2","another",[]])");
  REQUIRE(second.HasMember("error"));
  CHECK_THAT(str(second["error"]["message"]), Catch::Contains("Another stream is active (request req-c)"));
  // Another tab's "New session" must not take the answer away from its session.
  auto switched = h.call("LLMService.new_session", "[]");
  REQUIRE(switched.HasMember("error"));
  CHECK_THAT(str(switched["error"]["message"]), Catch::Contains("a response is streaming"));
  auto wrong = h.call("LLMService.cancel_streaming", R"(["nope"])");
  REQUIRE(wrong.HasMember("error"));
  CHECK_THAT(str(wrong["error"]["message"]), Catch::Contains("req-c"));
  auto cancel = h.call("LLMService.cancel_streaming", R"(["req-c"])");
  CHECK(str(cancel["result"]["status"]) == "cancelling");
  REQUIRE(h.client->wait_for("AcApp.streamComplete", 1, std::chrono::seconds(5)));
  auto completes = h.received("AcApp.streamComplete");
  const auto& done = completes.back();
  CHECK(done[1]["cancelled"].GetBool());
  std::string response = str(done[1]["response"]);
  // Some of the answer, never all of it and never none: "aaa...\n\n[stopped]".
  REQUIRE(response.ends_with("\n\n[stopped]"));
  const std::string kept = response.substr(0, response.size() - std::string("\n\n[stopped]").size());
  CHECK_FALSE(kept.empty());
  CHECK(kept.size() < 400);
  CHECK(kept == std::string(kept.size(), 'a'));
  // The stream slot is free again.
  h.fake.queue(text_step("again"));
  CHECK(str(h.chat("next", "req-3")["response"]) == "again");
}

TEST_CASE("history survives the host being killed mid-stream, a torn last line is skipped and reported") {
  LlmHost h;
  h.fake.queue(text_step("first answer"));
  h.chat("first question");
  std::string session = str(h.call("LLMService.get_current_state", "[]")["result"]["session_id"]);
  h.fake.queue(text_step(std::string(400, 'b'), 4, 20));
  h.call("LLMService.chat_streaming", R"(["req-k","doomed question",[]])");
  REQUIRE(h.client->wait_for("AcApp.streamChunk", 2, std::chrono::seconds(5)));
  ::kill(h.host->pid(), SIGKILL);
  h.host->wait();
  std::ofstream(h.repo.path() / ".acdc" / "history.jsonl", std::ios::app) << R"({"id":"1-x","session_id":"s)";
  h.start();
  auto state = h.call("LLMService.get_current_state", "[]");
  CHECK(str(state["result"]["session_id"]) == session);
  auto messages = state["result"]["messages"].GetArray();
  REQUIRE(messages.Size() == 3);
  CHECK(str(messages[1]["content"]) == "first answer");
  CHECK(str(messages[2]["content"]) == "doomed question");
  CHECK(h.host->wait_for_output("skipped unreadable line(s) 4", std::chrono::seconds(2)));
  h.fake.queue(text_step("after restart"));
  h.chat("after", "req-after");
  CHECK(h.call("LLMService.history_get_session", acdc::json_array(session))["result"].Size() == 5);
}

TEST_CASE("a selected file deleted on disk is refused, dropped from the selection and reported") {
  LlmHost h({{"a.py", "a\n"}, {"gone.py", "g\n"}});
  h.call("LLMService.set_selected_files", R"([["a.py","gone.py","never-existed.py"]])");
  CHECK(h.call("LLMService.get_selected_files", "[]")["result"].Size() == 2);
  std::filesystem::remove(h.repo.path() / "gone.py");
  h.fake.queue(text_step("ok"));
  auto r = h.chat("hi");
  CHECK(str(r["invalid_files"][0]) == "gone.py");
  CHECK(h.call("LLMService.get_selected_files", "[]")["result"].Size() == 1);
  auto skipped = h.received("AcApp.binaryFilesSkipped");
  REQUIRE(skipped.size() == 1);
  CHECK(str(skipped[0][0]["kind"]) == "deleted");
}

TEST_CASE("a selected file too large to send stays selected, and the user hears why it was left out") {
  LlmHost h({{"a.py", "a\n"}, {"big.log", "x\n"}});
  h.call("LLMService.set_selected_files", R"([["a.py","big.log"]])");
  acdc::test::write_file(h.repo.path() / "big.log", std::string(5u << 20, 'x'));  // over the 4 MiB default
  h.fake.queue(text_step("ok\n\n" + edit_block("big.log", "xxxx", "yyyy") + "\n", 64));
  auto r = h.chat("hi");
  CHECK(r["invalid_files"].Size() == 0);
  // It is in the selection, so an edit to it is refused for what it is, not sent back as out of context.
  REQUIRE(result_for(r, "big.log"));
  CHECK(str((*result_for(r, "big.log"))["status"]) == "skipped");
  CHECK(str((*result_for(r, "big.log"))["error_type"]) == "validation_error");
  CHECK(h.call("LLMService.get_selected_files", "[]")["result"].Size() == 2);
  auto skipped = h.received("AcApp.binaryFilesSkipped");
  REQUIRE(skipped.size() == 1);
  CHECK(str(skipped[0][0]["kind"]) == "unreadable");
  CHECK(str(skipped[0][0]["paths"][0]) == "big.log");
  CHECK_THAT(str(skipped[0][0]["reason"]), Catch::Contains("File too large to send"));
  CHECK_THAT(h.fake.requests(), !Catch::Contains("xxxxxxxxxxxxxxxx"));
}

TEST_CASE("sessions: new, list, search, load back into context") {
  LlmHost h;
  h.fake.queue(text_step("answer one"));
  h.chat("the unique question");
  std::string first = str(h.call("LLMService.get_current_state", "[]")["result"]["session_id"]);
  std::string second = str(h.call("LLMService.new_session", "[]")["result"]["session_id"]);
  CHECK(first != second);
  CHECK(h.call("LLMService.get_current_state", "[]")["result"]["messages"].Size() == 0);
  auto hits = h.call("LLMService.history_search", R"(["UNIQUE question",null,50])");
  REQUIRE(hits["result"].Size() == 1);
  CHECK(str(hits["result"][0]["session_id"]) == first);
  auto sessions = h.call("LLMService.history_list_sessions", "[10]");
  CHECK(sessions["result"][0]["message_count"].GetInt() == 2);
  auto loaded = h.call("LLMService.load_session_into_context", acdc::json_array(first));
  CHECK(loaded["result"]["messages"].Size() == 2);
  CHECK(h.call("LLMService.load_session_into_context", R"(["sess_unknown"])").HasMember("error"));
  auto status = h.call("LLMService.get_history_status", "[]");
  CHECK(status["result"]["history_tokens"].GetInt() > 0);
  CHECK(h.call("LLMService.get_context_breakdown", "[]")["result"]["breakdown"].HasMember("system"));
}

TEST_CASE("a commit message comes from the smaller model, an empty diff is refused") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "a\n"}});
  auto empty = h.call("LLMService.generate_commit_message", "[]");
  REQUIRE(empty.HasMember("error"));
  CHECK_THAT(str(empty["error"]["message"]), Catch::Contains("No staged changes"));
  acdc::test::write_file(h.repo.path() / "a.py", "b\n");
  h.call("Repo.stage_all", "[]");
  h.fake.queue(R"([{"text":"fix(a): change a to b","format":"openai"}])");
  auto msg = h.call("LLMService.generate_commit_message", "[]");
  CHECK(str(msg["result"]) == "fix(a): change a to b");
  std::string sent = h.fake.requests();
  CHECK_THAT(sent, Catch::Contains("gpt-4o-mini"));
  CHECK_THAT(sent, Catch::Contains("+b"));
}

TEST_CASE("a pasted image is stored under .acdc/images, kept in the history and restored after a restart") {
  // A 1x1 PNG; its name is the first 12 hex digits of the data URI's SHA-256.
  const std::string png =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  LlmHost h;
  h.fake.queue(text_step("a pixel"));
  auto r = h.chat("what is this?", "req-img", {png, "data:image/png;base64,@@@@"});
  CHECK(str(r["response"]) == "a pixel");
  CHECK(std::filesystem::exists(h.repo.path() / ".acdc" / "images" / "624fc0a006e3.png"));
  CHECK_THAT(h.fake.requests(), Catch::Contains(png));
  CHECK_THAT(h.fake.requests(), !Catch::Contains("@@@@"));
  REQUIRE(r["refused_images"].Size() == 1);
  CHECK_THAT(str(r["refused_images"][0]), Catch::StartsWith("image 2 refused: image 'data:image/png;base64,@@@@' has invalid base64"));
  CHECK(h.host->wait_for_output("image 2 refused: image 'data:image/png;base64,@@@@' has invalid base64",
                                std::chrono::seconds(2)));
  std::string session = str(h.call("LLMService.get_current_state", "[]")["result"]["session_id"]);
  auto records = h.call("LLMService.history_get_session", acdc::json_array(session));
  REQUIRE(records["result"].Size() == 2);
  const auto& user = records["result"][0];
  REQUIRE(user["images"].Size() == 1);
  CHECK(str(user["images"][0]) == png);
  CHECK(str(user["image_refs"][0]) == "624fc0a006e3.png");
  CHECK_FALSE(records["result"][1].HasMember("images"));
  h.start();
  auto state = h.call("LLMService.get_current_state", "[]");
  CHECK(str(state["result"]["session_id"]) == session);
  const auto& restored = state["result"]["messages"][0];
  REQUIRE(restored.HasMember("images"));
  CHECK(str(restored["images"][0]) == png);
  h.call("LLMService.new_session", "[]");
  auto loaded = h.call("LLMService.load_session_into_context", acdc::json_array(session));
  CHECK(str(loaded["result"]["messages"][0]["images"][0]) == png);
  auto broadcast = h.received("AcApp.sessionChanged");
  REQUIRE_FALSE(broadcast.empty());
  CHECK(str(broadcast.back()[0]["messages"][0]["images"][0]) == png);
}

TEST_CASE("an image pasted on an earlier turn goes with its message on later turns, also after a restart") {
  const std::string png =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  LlmHost h;
  // The earlier user message with its image, as request `n` gave it to the provider.
  auto earlier_user_message = [&](size_t n) {
    rapidjson::Document sent, body;
    sent.Parse(h.fake.requests().c_str());
    REQUIRE(sent.IsArray());
    REQUIRE(sent.Size() > n);
    body.Parse(sent[static_cast<rapidjson::SizeType>(n)]["body"].GetString());
    for (const auto& m : body["messages"].GetArray())
      if (m["content"].IsArray() && str(m["content"][0]["text"]) == "what is this?") return std::string(str(m["content"][1]["image_url"]["url"]));
    return std::string("(no earlier user message with an image)");
  };
  h.fake.queue(text_step("a pixel"));
  h.chat("what is this?", "req-1", {png});
  h.fake.queue(text_step("still a pixel"));
  CHECK(str(h.chat("and its colour?", "req-2")["response"]) == "still a pixel");
  CHECK(earlier_user_message(1) == png);
  auto status = h.call("LLMService.get_history_status", "[]");
  CHECK(status["result"]["history_tokens"].GetInt64() > 1000);

  h.start();
  h.fake.queue(text_step("yes"));
  h.chat("sure?", "req-3");
  CHECK(earlier_user_message(2) == png);
}

TEST_CASE("snippets come from the settings plugin: a repository's own list wins, a broken one is skipped") {
  {
    LlmHost without;  // a trimmed build with no settings plugin: no snippets, no error
    CHECK(result(without, "LLMService.get_snippets", "[]").Size() == 0);
  }
  LlmHost h({}, kWithSettings);
  auto bundled = result(h, "LLMService.get_snippets", "[]");
  REQUIRE(bundled.Size() > 1);
  CHECK(str(bundled[0]["tooltip"]) == "Continue truncated edit");
  acdc::test::write_file(h.repo.path() / ".acdc" / "snippets.yaml",
                         "code:\n  - icon: \"T\"\n    tooltip: Ours\n    message: Run our checks.\n");
  auto ours = result(h, "LLMService.get_snippets", "[]");
  REQUIRE(ours.Size() == 1);
  CHECK(str(ours[0]["message"]) == "Run our checks.");
  // The settings plugin's rule for every config file: a broken one is
  // skipped with a warning naming it, and the next one serves.
  acdc::test::write_file(h.repo.path() / ".acdc" / "snippets.yaml", "code: [\n");
  CHECK(result(h, "LLMService.get_snippets", "[]").Size() == bundled.Size());
  // The warning is the host's stderr, read apart from the answer: waited for.
  CHECK(h.host->wait_for_output("fix the file or delete it", std::chrono::seconds(10)));
  CHECK_THAT(h.host->output(), Catch::Contains("snippets.yaml"));
}

TEST_CASE("a bad llm.yaml makes the context view and a chat fail with its reason, and the server stays up") {
  LlmHost h;
  acdc::test::write_file(h.config_home.path() / "llm.yaml", "provider: carrier-pigeon\nmodel: gpt-4o\n");
  h.start();
  auto breakdown = h.call("LLMService.get_context_breakdown", "[]");
  REQUIRE(breakdown.HasMember("error"));
  CHECK_THAT(str(breakdown["error"]["message"]), Catch::Contains("carrier-pigeon"));
  auto r = h.chat("hello", "req-bad-config");
  REQUIRE(r["error_info"].IsObject());
  CHECK_THAT(str(r["error_info"]["message"]), Catch::Contains("llm.yaml"));
  CHECK(h.call("LLMService.get_current_state", "[]")["result"]["init_complete"].GetBool());
}

TEST_CASE("streamComplete carries the provider's cost, and a provider error names provider and original type") {
  LlmHost h;
  h.fake.queue(R"([{"fixture":"openrouter_keepalive.sse"}])");
  auto paid = h.chat("hello", "req-cost");
  REQUIRE(paid["token_usage"]["cost_usd"].IsNumber());
  CHECK(paid["token_usage"]["cost_usd"].GetDouble() == Approx(0.0071835));
  h.fake.queue(R"([{"fixture":"openai_429_insufficient_quota.http"}])");
  auto failed = h.chat("again", "req-quota");
  REQUIRE(failed["error_info"].IsObject());
  CHECK(str(failed["error_info"]["provider"]) == "openai");
  CHECK(str(failed["error_info"]["model"]) == "gpt-4o");
  CHECK(str(failed["error_info"]["original_type"]) == "insufficient_quota");
  CHECK(failed["error_info"]["status_code"].GetInt() == 429);
}

TEST_CASE("each answer carries its cost at the model's list price and what the cache saved, summed for the session") {
  LlmHost h;
  use_llm_yaml(h, "provider: anthropic\nmodel: claude-sonnet-4-5\n");
  h.start();
  for (const char* id : {"req-a", "req-b"}) {
    h.fake.queue(anthropic_step("Sure."));
    auto r = h.chat("hello", id);
    REQUIRE_FALSE(r.HasMember("error"));
    // 300 fresh, 2,000 read, 500 written, 40 out at $3 / $15 / $0.30 / $3.75 per million.
    CHECK(r["token_usage"]["cost_usd"].GetDouble() == Approx(0.003975));
    CHECK(r["token_usage"]["cache_saved_usd"].GetDouble() == Approx(0.005025));
  }
  const auto breakdown = result(h, "LLMService.get_context_breakdown", "[]");  // kept: totals points into it
  const auto& totals = breakdown["session_totals"];
  CHECK(totals["cost_usd"].GetDouble() == Approx(2 * 0.003975));
  CHECK(totals["cache_saved_usd"].GetDouble() == Approx(2 * 0.005025));
  CHECK(totals["unpriced_turns"].GetInt() == 0);

  // OpenAI's gpt-4o (priced as listed, though the fake provider is on
  // loopback: a known model behind a local proxy is billed by its provider):
  // 120 fresh, 100 cached, 30 out at $2.50 / $1.25 / $10 per million.
  LlmHost openai;
  openai.fake.queue(text_step("Hi.", 64));
  CHECK(openai.chat("hello", "req-openai")["token_usage"]["cost_usd"].GetDouble() == Approx((120 * 2.5 + 100 * 1.25 + 30 * 10) / 1e6));

  // A model the table does not know, on an endpoint on this machine (the
  // fake provider is on loopback, as Ollama would be): it costs nothing.
  LlmHost local;
  use_llm_yaml(local, "provider: openai\nmodel: qwen2.5-coder\n");
  local.start();
  local.fake.queue(text_step("Hi.", 64));
  auto free = local.chat("hello", "req-local");
  REQUIRE(free["token_usage"]["cost_usd"].IsNumber());
  CHECK(free["token_usage"]["cost_usd"].GetDouble() == 0);
}

TEST_CASE("an edit to a file that is not UTF-8 is refused and leaves its bytes alone, a real U+FFFD is fine") {
  const std::string latin1 = "name = 'caf\xE9'\nx = 1\n";
  LlmHost h({{"latin.py", latin1}, {"marks.py", "sub = '\xEF\xBF\xBD'\ny = 1\n"}});
  h.call("LLMService.set_selected_files", R"([["latin.py","marks.py"]])");
  h.fake.queue(text_step("Done.\n\n" + edit_block("latin.py", "x = 1", "x = 2") + "\n\n" +
                         edit_block("marks.py", "y = 1", "y = 2") + "\n", 64));
  auto r = h.chat("bump both");
  REQUIRE(result_for(r, "latin.py"));
  const auto& refused = *result_for(r, "latin.py");
  CHECK(str(refused["status"]) == "skipped");
  CHECK(str(refused["error_type"]) == "validation_error");
  CHECK_THAT(str(refused["message"]), Catch::Contains("not valid UTF-8") && Catch::Contains("latin.py"));
  CHECK(h.read("latin.py") == latin1);
  REQUIRE(result_for(r, "marks.py"));
  CHECK(str((*result_for(r, "marks.py"))["status"]) == "applied");
  CHECK(h.read("marks.py") == "sub = '\xEF\xBF\xBD'\ny = 2\n");
}

TEST_CASE("a stream that fails midway keeps what arrived, marked cut off, and applies none of it") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "v = 1\n"}});
  h.call("LLMService.set_selected_files", R"([["a.py"]])");
  h.fake.queue(R"([{"fixture":"openai_error_midstream.sse"}])");
  auto r = h.chat("go", "req-mid");
  REQUIRE(r["error_info"].IsObject());
  const std::string partial = str(r["response"]);
  CHECK_FALSE(partial.empty());
  REQUIRE(r.HasMember("cut_off"));
  CHECK(r["cut_off"].GetBool());
  CHECK(h.read("a.py") == "v = 1\n");
  CHECK(r["files_modified"].Size() == 0);
  auto reply = h.call("LLMService.get_current_state", "[]");
  const auto& state = reply["result"];
  REQUIRE(state["messages"].Size() == 2);
  CHECK(str(state["messages"][1]["content"]) == partial);
  CHECK(state["messages"][1]["cut_off"].GetBool());
  CHECK_FALSE(str(state["messages"][1]["error"]).empty());
  std::string session = str(state["session_id"]);
  auto records = h.call("LLMService.history_get_session", acdc::json_array(session));
  REQUIRE(records["result"].Size() == 2);
  CHECK(str(records["result"][1]["role"]) == "assistant");
  CHECK(records["result"][1]["cut_off"].GetBool());
}

TEST_CASE("a complete edit block in an answer whose connection dropped is not applied") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "v = 1\n"}});
  h.call("LLMService.set_selected_files", R"([["a.py"]])");
  // The block streams whole in the first ~1 kB; the rest never arrives.
  const std::string text = edit_block("a.py", "v = 1", "v = 2") + "\n\n" + std::string(2000, 'x');
  std::string step = text_step(text, 16);
  step.insert(step.size() - 2, ",\"cut_after_bytes\":3000");
  h.fake.queue(step);
  auto r = h.chat("go", "req-drop");
  REQUIRE(r["error_info"].IsObject());
  CHECK(r["cut_off"].GetBool());
  // Said as what happened: the provider answered, then the connection broke.
  CHECK_THAT(str(r["error"]), Catch::Contains("broke while the answer was streaming"));
  CHECK_THAT(str(r["response"]), Catch::StartsWith(edit_block("a.py", "v = 1", "v = 2")));
  CHECK(str(r["response"]).size() < text.size());
  CHECK(r["files_modified"].Size() == 0);
  CHECK(h.read("a.py") == "v = 1\n");
}

TEST_CASE("a block cut off by the end of the answer is listed as incomplete, not as an edit block") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "v = 1\n"}});
  h.call("LLMService.set_selected_files", R"([["a.py"]])");
  h.fake.queue(text_step("Changing v.\n\na.py\n\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7 EDIT\nv = 1\n"));
  auto r = h.chat("go", "req-cut");
  CHECK(r["edit_blocks"].Size() == 0);
  REQUIRE(r["incomplete"].Size() == 1);
  CHECK(str(r["incomplete"][0]["file"]) == "a.py");
  CHECK(h.read("a.py") == "v = 1\n");
}
