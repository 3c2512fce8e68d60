// LLMService.converse through the real host, as the protocol adapters call
// it (adapters/README.md): deltas to the caller in order, tool calls
// in index order, tools and tool results on the wire, a caller's own
// endpoint and key, the turn in the repository's history, cancel, and a
// provider's refusal with its status and body.
#include "llm_host.hpp"

#include "support/temp_dir.hpp"

#include <acdc/sdk/json.hpp>
#include <catch2/catch.hpp>

#include <thread>

using namespace acdc::llm::test;

namespace {

constexpr const char* kTools =
    R"([{"type":"function","function":{"name":"get_weather","description":"Weather in a city",)"
    R"("parameters":{"type":"object","properties":{"city":{"type":"string"}}}}}])";

rapidjson::Document all_requests(const LlmHost& h) {
  rapidjson::Document all;
  std::string text = h.fake.requests();
  all.Parse(text.data(), text.size());
  return all;
}

rapidjson::Document body_of(const rapidjson::Value& request) {
  rapidjson::Document body;
  body.Parse(request["body"].GetString());
  return body;
}

std::string joined_chunks(LlmHost& h, const std::string& request_id, const char* kind) {
  std::string out;
  for (const auto& args : h.received("AcApp.converseChunk"))
    if (str(args[0]) == request_id && args[1].HasMember(kind)) out += str(args[1][kind]);
  return out;
}

}  // namespace

TEST_CASE("converse streams text and thinking to its caller and answers with the tool calls in order") {
  LlmHost h;
  h.fake.queue(R"([{"text":"Let me check both.","chunk_chars":3,"reasoning":"Two cities, two calls.",)"
               R"("tool_calls":[{"id":"call_a","name":"get_weather","arguments":"{\"city\":\"Oslo\"}"},)"
               R"({"id":"call_b","name":"get_weather","arguments":"{\"city\":\"Lima\"}"}]}])");
  auto r = result(h, "LLMService.converse",
                  std::string(R"(["c1",{"messages":[{"role":"system","content":"Be brief."},)") +
                      R"({"role":"user","content":"Weather in Oslo and Lima?"}],"tools":)" + kTools + "}]");
  CHECK(str(r["text"]) == "Let me check both.");
  CHECK(str(r["thinking"]) == "Two cities, two calls.");
  CHECK(str(r["finish_reason"]) == "tool_calls");
  REQUIRE(r["tool_calls"].Size() == 2);
  CHECK(str(r["tool_calls"][0]["id"]) == "call_a");
  CHECK(str(r["tool_calls"][0]["arguments"]) == R"({"city":"Oslo"})");
  CHECK(str(r["tool_calls"][1]["id"]) == "call_b");
  CHECK(str(r["tool_calls"][1]["name"]) == "get_weather");
  CHECK_FALSE(r["cancelled"].GetBool());
  CHECK_FALSE(r.HasMember("error"));
  CHECK_FALSE(r.HasMember("history_session"));
  // Every delta arrived before the answer, one by one, and they join to the text.
  CHECK(joined_chunks(h, "c1", "text") == "Let me check both.");
  CHECK(joined_chunks(h, "c1", "thinking") == "Two cities, two calls.");
  CHECK(h.received("AcApp.converseChunk").size() > 3);

  auto body = body_of(all_requests(h)[0]);
  REQUIRE(body.HasMember("tools"));
  CHECK(str(body["tools"][0]["function"]["name"]) == "get_weather");
  CHECK(str(body["messages"][0]["content"]) == "Be brief.");
  CHECK(body["stream"].GetBool());
}

TEST_CASE("converse sends tool results back in OpenAI's shape") {
  LlmHost h;
  h.fake.queue(text_step("Oslo is cold."));
  auto r = result(h, "LLMService.converse",
                  R"(["c2",{"messages":[{"role":"user","content":"Weather?"},)"
                  R"({"role":"assistant","content":null,"tool_calls":[{"id":"call_a","type":"function",)"
                  R"("function":{"name":"get_weather","arguments":"{\"city\":\"Oslo\"}"}}]},)"
                  R"({"role":"tool","tool_call_id":"call_a","content":"-3 C"}]}])");
  CHECK(str(r["text"]) == "Oslo is cold.");
  CHECK(r["tool_calls"].Size() == 0);
  auto body = body_of(all_requests(h)[0]);
  REQUIRE(body["messages"].Size() == 3);
  CHECK(str(body["messages"][1]["tool_calls"][0]["id"]) == "call_a");
  CHECK(str(body["messages"][2]["role"]) == "tool");
  CHECK(str(body["messages"][2]["tool_call_id"]) == "call_a");
  CHECK(str(body["messages"][2]["content"]) == "-3 C");
}

TEST_CASE("converse reaches a caller's own endpoint with its key and extra body fields") {
  // llm.yaml points nowhere that answers and names a key that is not set:
  // the caller's endpoint replaces both for this call only.
  LlmHost h;
  acdc::test::write_file(h.config_home.path() / "llm.yaml",
                         "provider: openai\nbase_url: http://127.0.0.1:9/v1\nmodel: configured-model\n"
                         "api_key_env: ACDC_TEST_UNSET_KEY\nnum_retries: 0\n");
  h.start();
  h.fake.queue(text_step("from the override"));
  auto r = result(h, "LLMService.converse",
                  R"(["c3",{"messages":[{"role":"user","content":"hi"}],"model":"bb7-model",)"
                  R"("provider":{"base_url":")" + h.fake.base_url() + R"(/","api_key":"sk-bb7",)"
                  R"("extra":{"reasoning":{"effort":"low"},"provider":{"data_collection":"deny"},"prompt_cache_key":"k1"}}}])");
  CHECK(str(r["text"]) == "from the override");
  auto all = all_requests(h);
  INFO(h.fake.requests());
  const auto& request = all[0];
  auto body = body_of(request);
  CHECK(str(body["model"]) == "bb7-model");
  CHECK(str(body["reasoning"]["effort"]) == "low");
  CHECK(str(body["provider"]["data_collection"]) == "deny");
  CHECK(str(body["prompt_cache_key"]) == "k1");
  CHECK(str(request["headers"]["authorization"]) == "Bearer sk-bb7");
}

TEST_CASE("converse records the turn in the repository history when asked") {
  LlmHost h;
  h.fake.queue(text_step("First answer."));
  h.fake.queue(text_step("Second answer."));
  auto first = result(h, "LLMService.converse",
                      R"(["c4",{"messages":[{"role":"user","content":"one"}],"history":{"user":"one"}}])");
  std::string session = str(first["history_session"]);
  CHECK_FALSE(session.empty());
  result(h, "LLMService.converse",
         R"(["c5",{"messages":[{"role":"user","content":"two"}],"history":{"session":")" + session + R"(","user":"two"}}])");
  auto stored = result(h, "LLMService.history_get_session", "[\"" + session + "\"]");
  REQUIRE(stored.IsArray());
  REQUIRE(stored.Size() == 4);
  CHECK(str(stored[0]["content"]) == "one");
  CHECK(str(stored[1]["content"]) == "First answer.");
  CHECK(str(stored[2]["content"]) == "two");
  CHECK(str(stored[3]["role"]) == "assistant");
}

TEST_CASE("cancel_converse stops the stream and the answer says so with the partial text") {
  LlmHost h;
  h.fake.queue(text_step(std::string(400, 'x'), 4, 50));
  // The test client serves one call at a time: a second connection cancels
  // while the first waits for its answer.
  // Catch2 asserts on the test's thread only: the canceller reports back.
  bool cancelled = false;
  std::thread canceller([&] {
    // Until the call runs: on a busy machine it may start after the first try.
    acdc::test::WsClient other(h.host->port(), h.host->token());
    for (int i = 0; i < 100 && !cancelled; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      cancelled = other.call("LLMService.cancel_converse", R"(["c6"])").HasMember("result");
    }
  });
  rapidjson::Document r;
  try {
    r = result(h, "LLMService.converse", R"(["c6",{"messages":[{"role":"user","content":"go"}]}])");
  } catch (...) {
    canceller.join();
    throw;
  }
  canceller.join();
  CHECK(cancelled);
  CHECK(r["cancelled"].GetBool());
  CHECK_FALSE(r.HasMember("error"));
  CHECK(str(r["text"]).size() < 400);
  auto again = h.call("LLMService.cancel_converse", R"(["c6"])");
  CHECK(again.HasMember("error"));
}

TEST_CASE("converse with stream false makes one non-streaming request and sends no deltas") {
  LlmHost h;
  h.fake.queue(text_step("Fixing the parser"));
  auto r = result(h, "LLMService.converse",
                  R"(["t1",{"messages":[{"role":"user","content":"title?"}],"stream":false,)"
                  R"("provider":{"base_url":")" + h.fake.base_url() + R"(/","api_key":"sk-t","extra":{"temperature":0.5}}}])");
  CHECK(str(r["text"]) == "Fixing the parser");
  CHECK(h.received("AcApp.converseChunk").empty());
  auto all = all_requests(h);
  INFO(h.fake.requests());
  auto body = body_of(all[0]);
  CHECK(body["stream"].IsFalse());
  CHECK(body["temperature"].GetDouble() == 0.5);

  auto bad = h.call("LLMService.converse", R"(["t2",{"messages":[{"role":"user","content":"x"}],"stream":"no"}])");
  REQUIRE(bad.HasMember("error"));
  CHECK(std::string(bad["error"]["message"].GetString()) == "request.stream must be true or false");
}

TEST_CASE("a provider's refusal answers with its status and body, and bad requests say what is wrong") {
  LlmHost h;
  h.fake.queue(R"([{"status":401,"body":"{\"error\":{\"message\":\"bad key\",\"type\":\"invalid_request_error\"}}"}])");
  auto r = result(h, "LLMService.converse", R"(["c7",{"messages":[{"role":"user","content":"hi"}]}])");
  REQUIRE(r.HasMember("error"));
  CHECK(r["error"]["status_code"].GetInt() == 401);
  CHECK(str(r["error"]["kind"]) == "authentication");
  CHECK(str(r["error"]["body"]).find("bad key") != std::string::npos);

  auto no_messages = h.call("LLMService.converse", R"(["c8",{"tools":[]}])");
  REQUIRE(no_messages.HasMember("error"));
  CHECK(std::string(no_messages["error"]["message"].GetString()).find("request.messages") != std::string::npos);
  auto bad_provider = h.call("LLMService.converse", R"(["c9",{"messages":[{"role":"user","content":"x"}],"provider":{}}])");
  REQUIRE(bad_provider.HasMember("error"));
  CHECK(std::string(bad_provider["error"]["message"].GetString()).find("base_url") != std::string::npos);
}

TEST_CASE("count_tokens counts each text as the plugin's budget does") {
  LlmHost h;
  auto counts = result(h, "LLMService.count_tokens", R"([["", "hello world", "hello world hello world hello world"]])");
  REQUIRE(counts.Size() == 3);
  CHECK(counts[0].GetInt() == 0);
  CHECK(counts[1].GetInt() == 2);
  CHECK(counts[2].GetInt() > counts[1].GetInt());
}
