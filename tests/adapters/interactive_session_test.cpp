// The Interactive Mode API's rules (interactive-api.md §10) on one
// connection in-process, with the model rounds scripted: each method's
// replies, chunk order, tool round trips, the three timeouts, stop and
// disconnect. The same flows over a real socket: interactive_ws.test.mjs.
#include "interactive_harness.hpp"

#include <catch2/catch.hpp>

using namespace acdc::interactive;
using namespace acdc::interactive::test;

namespace {

// The text of every chunk frame, and how many were final.
std::pair<std::string, int> joined(const std::vector<std::string>& frames) {
  std::string text;
  int finals = 0;
  for (const auto& f : frames)
    if (method_of(f) == "AIMessageChunkNotification") {
      auto d = parse(f);
      text += d["params"]["chunk"].GetString();
      finals += d["params"]["isFinal"].GetBool();
    }
  return {text, finals};
}

std::string tool_reply(const std::string& calls) { return R"({"text":"","tool_calls":)" + calls + "}"; }

}  // namespace

TEST_CASE("startSession: the result, then status 1 Session started") {
  Harness h;
  auto frames = h.request(req("1", "startSession", R"({"userId":"u","sessionParams":{"language":"en"}})"));
  REQUIRE(frames.size() == 2);
  auto reply = parse(frames[0]);
  CHECK(reply["id"].GetInt() == 1);
  CHECK(reply["result"]["status"].GetInt() == 1);
  std::string id = reply["result"]["sessionId"].GetString();
  CHECK(id.size() == 36);
  auto note = parse(frames[1]);
  CHECK(std::string(note["method"].GetString()) == "SessionStatusNotification");
  CHECK(note["params"]["sessionId"].GetString() == id);
  CHECK(note["params"]["status"].GetInt() == 1);
  CHECK(std::string(note["params"]["reason"].GetString()) == "Session started");
}

TEST_CASE("startSession: bad params are -32602, no model backend is -32603") {
  Harness h;
  for (const char* params : {R"({})", R"({"userId":5})", R"({"userId":"u","sessionParams":3})",
                             R"({"userId":"u","sessionParams":{"model":7}})",
                             R"({"userId":"u","sessionParams":{"tools":{"a":1}}})"}) {
    auto frames = h.request(req("1", "startSession", params));
    REQUIRE(frames.size() == 1);
    CHECK(error_code(frames[0]) == -32602);
  }
  h.engine->why_unavailable = "the llm plugin is not in this build";
  auto frames = h.request(req("1", "startSession", R"({"userId":"u"})"));
  REQUIRE(frames.size() == 1);
  CHECK(error_code(frames[0]) == -32603);
  CHECK(std::string(parse(frames[0])["error"]["data"].GetString()) == "the llm plugin is not in this build");
}

TEST_CASE("sendUserMessage: the ack comes before the first chunk and the chunks join to the text") {
  Harness h;
  auto sid = h.start();
  auto frames = h.request(send_msg(sid, "hello"));
  REQUIRE(frames.size() == 1);
  auto ack = parse(frames[0]);
  CHECK(ack["result"]["status"].GetInt() == 0);
  CHECK(ack["result"]["messageId"].GetStringLength() == 36);
  REQUIRE(h.engine->rounds.size() == 1);
  for (const char* piece : {"Hel", "lo, ", "", "world"}) h.engine->chunk(0, piece);
  h.settle();
  auto early = h.take();
  CHECK(joined(early) == std::pair<std::string, int>{"Hello, ", 0});  // "world" held back
  h.engine->done(0, R"({"text":"Hello, world","tool_calls":[]})");
  h.settle();
  auto rest = h.take();
  REQUIRE(rest.size() == 1);
  CHECK(joined(rest) == std::pair<std::string, int>{"world", 1});
}

TEST_CASE("sendUserMessage: unknown session and a bad message are -32602, the latter with status 3") {
  Harness h;
  auto sid = h.start();
  auto frames = h.request(send_msg("no-such-session", "hi"));
  REQUIRE(frames.size() == 1);
  CHECK(error_code(frames[0]) == -32602);
  frames = h.request(req("4", "sendUserMessage", R"({"sessionId":")" + sid + R"(","message":{"not":"a string"}})"));
  REQUIRE(frames.size() == 2);
  auto note = parse(frames[0]);
  CHECK(note["params"]["status"].GetInt() == 3);
  CHECK(std::string(note["params"]["reason"].GetString()).starts_with("Error"));
  CHECK(error_code(frames[1]) == -32602);
  CHECK(h.engine->rounds.empty());
}

TEST_CASE("sendUserMessage: messages sent during a turn are queued and run in order") {
  Harness h;
  auto sid = h.start();
  h.request(send_msg(sid, "one", "10"));
  auto frames = h.request(send_msg(sid, "two", "11"));
  REQUIRE(frames.size() == 1);
  CHECK(parse(frames[0])["id"].GetInt() == 11);
  REQUIRE(h.engine->rounds.size() == 1);
  h.engine->done(0, R"({"text":"first","tool_calls":[]})");
  h.settle();
  REQUIRE(h.engine->rounds.size() == 2);
  auto second = h.engine->request(1);
  const auto& messages = second["messages"];
  REQUIRE(messages.Size() == 4);  // system, one, first, two
  CHECK(std::string(messages[2]["content"].GetString()) == "first");
  CHECK(std::string(messages[3]["content"].GetString()) == "two");
}

TEST_CASE("startSession: model, context, language and tools reach the model request") {
  Harness h;
  auto sid = h.start(R"({"model":"m-1","context":"You review C++.","language":"fr",)"
                     R"("tools":[{"type":"function","function":{"name":"read_file","parameters":{}}}]})");
  h.request(send_msg(sid, "hi"));
  auto r = h.engine->request(0);
  CHECK(std::string(r["model"].GetString()) == "m-1");
  std::string system = r["messages"][0]["content"].GetString();
  CHECK(system.starts_with("You review C++."));
  CHECK(system.find("fr") != std::string::npos);
  CHECK(std::string(r["tools"][0]["function"]["name"].GetString()) == "read_file");
  CHECK(std::string(r["history"]["user"].GetString()) == "hi");
}

TEST_CASE("tools: several calls are notified in order, answered, and the next round carries them") {
  Harness h;
  auto sid = h.start();
  h.request(send_msg(sid, "look"));
  h.engine->chunk(0, "Let me look.");
  h.engine->done(0, R"({"text":"Let me look.","tool_calls":[{"id":"c1","name":"read","arguments":"{\"path\":\"a\"}"},)"
                    R"({"id":"c2","name":"grep","arguments":"{\"n\":3}"}]})");
  h.settle();
  auto frames = h.take();
  REQUIRE(frames.size() == 3);
  CHECK(joined({frames[0]}) == std::pair<std::string, int>{"Let me look.", 1});  // A-1: text first
  auto c1 = parse(frames[1]);
  CHECK(std::string(c1["method"].GetString()) == "ToolCallNotification");
  CHECK(std::string(c1["params"]["toolCallId"].GetString()) == "c1");
  CHECK(std::string(c1["params"]["toolName"].GetString()) == "read");
  CHECK(std::string(c1["params"]["arguments"]["path"].GetString()) == "a");
  CHECK(parse(frames[2])["params"]["arguments"]["n"].GetInt() == 3);
  auto answer = [&](const std::string& call, const std::string& result) {
    auto f = h.request(req("7", "provideToolResult",
                           R"({"sessionId":")" + sid + R"(","toolCallId":")" + call + R"(","result":")" + result + R"("})"));
    REQUIRE(f.size() == 1);
    return f[0];
  };
  CHECK(error_code(answer("c9", "x")) == -32602);
  CHECK(parse(answer("c2", "3 hits"))["result"]["status"].GetInt() == 0);
  CHECK(error_code(answer("c2", "again")) == -32602);
  CHECK(h.engine->rounds.size() == 1);  // still waiting for c1
  CHECK(parse(answer("c1", "contents"))["result"]["status"].GetInt() == 0);
  REQUIRE(h.engine->rounds.size() == 2);
  auto r = h.engine->request(1);
  const auto& m = r["messages"];
  REQUIRE(m.Size() == 5);  // system, user, assistant+calls, two tool messages
  CHECK(std::string(m[2]["tool_calls"][1]["function"]["name"].GetString()) == "grep");
  CHECK(std::string(m[3]["tool_call_id"].GetString()) == "c1");
  CHECK(std::string(m[3]["content"].GetString()) == "contents");
  CHECK(std::string(m[4]["content"].GetString()) == "3 hits");
}

TEST_CASE("tools: a round with only tool calls sends no isFinal") {
  Harness h;
  auto sid = h.start();
  h.request(send_msg(sid, "go"));
  h.engine->done(0, tool_reply(R"([{"id":"c1","name":"t","arguments":""}])"));
  h.settle();
  auto frames = h.take();
  REQUIRE(frames.size() == 1);
  CHECK(method_of(frames[0]) == "ToolCallNotification");
  CHECK(parse(frames[0])["params"]["arguments"].ObjectEmpty());
}

TEST_CASE("timeouts: a slow round ends the turn with status 3 timeout and the next message runs") {
  Harness h({.ai_round_timeout = std::chrono::milliseconds(30)});
  auto sid = h.start();
  h.request(send_msg(sid, "slow"));
  h.engine->chunk(0, "par");
  h.engine->chunk(0, "tial");
  REQUIRE(h.run_until_sent(3));  // the chunks, then the timeout's
  auto frames = h.take();
  REQUIRE(frames.size() == 3);
  CHECK(joined(frames) == std::pair<std::string, int>{"partial", 1});
  auto note = parse(frames[2]);
  CHECK(note["params"]["status"].GetInt() == 3);
  CHECK(std::string(note["params"]["reason"].GetString()) == "timeout");
  CHECK(h.engine->cancelled == std::vector<std::string>{h.engine->rounds[0].request_id});
  h.engine->done(0, R"({"text":"late","tool_calls":[],"cancelled":true})");  // ignored
  h.settle();
  CHECK(h.take().empty());
  h.request(send_msg(sid, "next"));
  REQUIRE(h.engine->rounds.size() == 2);
  auto r = h.engine->request(1);
  const auto& m = r["messages"];
  CHECK(std::string(m[2]["content"].GetString()).find("timeout") != std::string::npos);
}

TEST_CASE("timeouts: unanswered tool calls end the turn with status 3 timeout and a missing result") {
  Harness h({.tool_result_timeout = std::chrono::milliseconds(30)});
  auto sid = h.start();
  h.request(send_msg(sid, "go"));
  h.engine->done(0, tool_reply(R"([{"id":"c1","name":"t","arguments":"{}"}])"));
  h.settle();
  h.take();
  REQUIRE(h.run_until_sent(1));
  auto frames = h.take();
  REQUIRE(frames.size() == 1);
  CHECK(std::string(parse(frames[0])["params"]["reason"].GetString()) == "timeout");
  auto late = h.request(req("8", "provideToolResult", R"({"sessionId":")" + sid + R"(","toolCallId":"c1","result":"x"})"));
  CHECK(error_code(late[0]) == -32602);
  h.request(send_msg(sid, "again"));
  REQUIRE(h.engine->rounds.size() == 2);
  auto r = h.engine->request(1);
  const auto& m = r["messages"];
  CHECK(std::string(m[3]["role"].GetString()) == "tool");
  CHECK(std::string(m[3]["content"].GetString()).starts_with("Error: the client gave no result"));
}

TEST_CASE("errors: a provider failure is status 3 Error and the session goes on") {
  Harness h;
  auto sid = h.start();
  h.request(send_msg(sid, "x"));
  h.engine->done(0, "the provider said 401: check the API key", ACDC_E_UNAVAILABLE);
  h.settle();
  auto frames = h.take();
  REQUIRE(frames.size() == 1);
  CHECK(std::string(parse(frames[0])["params"]["reason"].GetString()) ==
        "Error: the provider said 401: check the API key");
  h.request(send_msg(sid, "y"));
  CHECK(h.engine->rounds.size() == 2);
}

TEST_CASE("stopSession: during a turn the final chunk, the reply, then two status-2 notifications") {
  Harness h;
  auto sid = h.start();
  h.request(send_msg(sid, "x"));
  h.engine->chunk(0, "a");
  h.engine->chunk(0, "b");
  h.settle();
  h.take();
  auto frames = h.request(req("9", "stopSession", R"({"sessionId":")" + sid + R"("})"));
  REQUIRE(frames.size() == 2);
  CHECK(joined({frames[0]}) == std::pair<std::string, int>{"b", 1});
  CHECK(parse(frames[1])["result"]["status"].GetInt() == 2);
  CHECK(h.engine->cancelled.size() == 1);
  h.engine->chunk(0, "c");  // after the stop: dropped
  h.engine->done(0, R"({"text":"abc","tool_calls":[],"cancelled":true})");
  h.settle();
  frames = h.take();
  REQUIRE(frames.size() == 2);
  CHECK(std::string(parse(frames[0])["params"]["reason"].GetString()) == "Session ended: stopped");
  CHECK(std::string(parse(frames[1])["params"]["reason"].GetString()) == "Session stopped");
  CHECK(parse(frames[1])["params"]["status"].GetInt() == 2);
  CHECK(error_code(h.request(send_msg(sid, "more"))[0]) == -32602);
  CHECK(parse(h.request(req("10", "stopSession", R"({"sessionId":")" + sid + R"("})"))[0])["result"]["status"].GetInt() == 2);
  CHECK(parse(h.request(req("11", "stopSession", R"({"sessionId":"nonexistent"})"))[0])["result"]["status"].GetInt() == 2);
  CHECK(parse(h.request(req("12", "stopSession", R"({})"))[0])["result"]["status"].GetInt() == 2);
}

TEST_CASE("stopSession: a round that does not end within the grace is left behind") {
  Harness h({.stop_grace = std::chrono::milliseconds(30)});
  auto sid = h.start();
  h.request(send_msg(sid, "x"));
  auto frames = h.request(req("9", "stopSession", R"({"sessionId":")" + sid + R"("})"));
  REQUIRE(frames.size() == 1);
  REQUIRE(h.run_until_sent(2));
  frames = h.take();
  REQUIRE(frames.size() == 2);
  CHECK(std::string(parse(frames[1])["params"]["reason"].GetString()) == "Session stopped");
}

TEST_CASE("disconnect: the running turn is cancelled and nothing more is sent") {
  Harness h;
  auto sid = h.start();
  h.request(send_msg(sid, "x"));
  h.connection->on_closed();
  CHECK(h.engine->cancelled.size() == 1);
  h.engine->chunk(0, "late");
  h.engine->done(0, R"({"text":"late","tool_calls":[],"cancelled":true})");
  h.settle();
  CHECK(h.take().empty());
}

TEST_CASE("history: the user text goes with a turn's first round, later rounds name the history session") {
  Harness h;
  auto sid = h.start();
  h.request(send_msg(sid, "look"));
  CHECK(std::string(h.engine->request(0)["history"]["user"].GetString()) == "look");
  CHECK_FALSE(h.engine->request(0)["history"].HasMember("session"));
  h.engine->done(0, R"({"text":"","history_session":"h-1","tool_calls":[{"id":"c1","name":"t","arguments":"{}"}]})");
  h.settle();
  h.request(req("5", "provideToolResult", R"({"sessionId":")" + sid + R"(","toolCallId":"c1","result":"r"})"));
  REQUIRE(h.engine->rounds.size() == 2);
  auto second = h.engine->request(1);
  CHECK(std::string(second["history"]["session"].GetString()) == "h-1");
  CHECK_FALSE(second["history"].HasMember("user"));
  h.engine->done(1, R"({"text":"done","history_session":"h-1","tool_calls":[]})");
  h.settle();
  h.request(send_msg(sid, "more"));
  auto third = h.engine->request(2);
  CHECK(std::string(third["history"]["session"].GetString()) == "h-1");
  CHECK(std::string(third["history"]["user"].GetString()) == "more");
}

TEST_CASE("errors: a stream that failed midway is status 3 with its message, or timeout by its kind") {
  Harness h;
  auto sid = h.start();
  h.request(send_msg(sid, "x"));
  h.engine->chunk(0, "par");
  h.engine->done(0, R"j({"text":"par","tool_calls":[],"error":{"kind":"server","message":"the provider failed (500)"}})j");
  h.settle();
  auto frames = h.take();
  REQUIRE(frames.size() == 2);
  CHECK(joined({frames[0]}) == std::pair<std::string, int>{"par", 1});
  CHECK(std::string(parse(frames[1])["params"]["reason"].GetString()) == "Error: the provider failed (500)");
  h.request(send_msg(sid, "y"));
  h.engine->done(1, R"({"text":"","tool_calls":[],"error":{"kind":"timeout","message":"no first chunk in 30 s"}})");
  h.settle();
  frames = h.take();
  REQUIRE(frames.size() == 1);
  CHECK(std::string(parse(frames[0])["params"]["reason"].GetString()) == "timeout");
}
