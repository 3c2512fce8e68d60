// Reasoning through the real host: chat_streaming takes the reference
// webapp's whole argument list, its reasoning / effort reach the provider's
// request, the thinking streams to the clients as AcApp.streamThinking apart
// from the answer, and its tokens are counted in token_usage.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

using namespace acdc::llm::test;

namespace {

// chat_streaming with all eight arguments, as the reference webapp sends
// them; returns the streamComplete result.
rapidjson::Document chat_with(LlmHost& h, const std::string& request_id, const std::string& reasoning_json,
                              const std::string& effort_json) {
  size_t before = h.client->received("AcApp.streamComplete").size();
  auto started = h.call("LLMService.chat_streaming",
                        "[\"" + request_id + R"(","why 42?",[],[],["https://example.com/a"],"agent-7",)" +
                            reasoning_json + "," + effort_json + "]");
  INFO(acdc::to_json_text(std::string(started.HasMember("error") ? started["error"]["message"].GetString() : "")));
  REQUIRE(started.HasMember("result"));
  REQUIRE(h.client->wait_for("AcApp.streamComplete", before + 1, std::chrono::seconds(15)));
  rapidjson::Document args, result;
  args.Parse(h.client->received("AcApp.streamComplete").back().c_str());
  result.CopyFrom(args[1], result.GetAllocator());
  return result;
}

rapidjson::Document last_body(const LlmHost& h) {
  rapidjson::Document all, body;
  std::string text = h.fake.requests();
  all.Parse(text.data(), text.size());
  REQUIRE(all.Size() > 0);
  body.Parse(all[all.Size() - 1]["body"].GetString());
  return body;
}

}  // namespace

TEST_CASE("chat_streaming takes the reference webapp's arguments and reasons at the chosen effort") {
  LlmHost h;
  h.fake.queue(R"([{"fixture":"llamacpp_reasoning.sse","split":"random"}])");
  auto r = chat_with(h, "req-r", "true", R"("high")");
  INFO(h.host->output());
  CHECK_FALSE(r.HasMember("error"));
  CHECK(str(r["response"]) == "42");
  CHECK(str(r["reasoning"]) == "Seven times six is forty-two.");
  CHECK(r["token_usage"]["reasoning_tokens"].GetInt() > 0);
  auto body = last_body(h);
  REQUIRE(body.HasMember("reasoning_effort"));
  CHECK(str(body["reasoning_effort"]) == "high");

  auto thinking = h.received("AcApp.streamThinking");
  REQUIRE_FALSE(thinking.empty());
  CHECK(str(thinking.back()[0]) == "req-r");
  CHECK(str(thinking.back()[1]) == "Seven times six is forty-two.");
  for (const auto& chunk : h.received("AcApp.streamChunk"))  // thinking never leaks into the answer
    CHECK(str(chunk[1]).find("Seven") == std::string::npos);
}

TEST_CASE("reasoning off, or absent, sends no reasoning and the answer has no thinking") {
  LlmHost h;
  h.fake.queue(text_step("plain answer"));
  h.fake.queue(text_step("plain again"));
  auto r = chat_with(h, "req-off", "false", R"("high")");
  CHECK(str(r["response"]) == "plain answer");
  CHECK_FALSE(r.HasMember("reasoning"));
  CHECK_FALSE(last_body(h).HasMember("reasoning_effort"));
  chat_with(h, "req-null", "null", "null");
  CHECK_FALSE(last_body(h).HasMember("reasoning_effort"));
}

TEST_CASE("an answer's thinking is kept with it in the history, shown on reload, and never sent back to the model") {
  LlmHost h;
  h.fake.queue(R"([{"fixture":"llamacpp_reasoning.sse","split":"random"}])");
  chat_with(h, "req-think", "true", R"("high")");
  const std::string thought = "Seven times six is forty-two.";
  auto assistant_of = [&](const rapidjson::Value& messages) -> const rapidjson::Value& {
    REQUIRE(messages.IsArray());
    for (const auto& m : messages.GetArray())
      if (str(m["role"]) == "assistant") return m;
    FAIL("no assistant message in " << acdc::to_json_text(messages));
    return messages;
  };
  auto state = result(h, "LLMService.get_current_state", "[]");
  CHECK(str(assistant_of(state["messages"])["reasoning"]) == thought);
  const std::string session = str(state["session_id"]);
  auto records = result(h, "LLMService.history_get_session", acdc::json_array(session));
  CHECK(str(assistant_of(records)["reasoning"]) == thought);
  CHECK_THAT(acdc::test::read_file(h.repo.path() / ".acdc" / "history.jsonl"),
             Catch::Contains("\"reasoning\":\"" + thought + "\""));

  h.fake.queue(text_step("next"));
  chat_with(h, "req-next", "null", "null");
  CHECK_THAT(acdc::to_json_text(last_body(h)), !Catch::Contains("Seven times six"));

  // After a restart, and when the session is loaded again.
  h.start();
  CHECK(str(assistant_of(result(h, "LLMService.get_current_state", "[]")["messages"])["reasoning"]) == thought);
  result(h, "LLMService.new_session", "[]");
  auto loaded = result(h, "LLMService.load_session_into_context", acdc::json_array(session));
  CHECK(str(assistant_of(loaded["messages"])["reasoning"]) == thought);
}
