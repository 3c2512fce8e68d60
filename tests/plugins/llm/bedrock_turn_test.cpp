// Bedrock end to end (acdc-features.md §8.4): llm.yaml says provider:
// bedrock, base_url points at the fake provider, the key comes from a bearer
// token variable, and the fake serves the recorded ConverseStream
// event-stream bytes (application/vnd.amazon.eventstream). The turn goes
// through the real host like any other: chunks, the result, the history,
// and in Agent mode the model's toolUse runs and comes back as a toolResult.
#include "llm_host.hpp"

#include <catch2/catch.hpp>

#include <acdc/sdk/json.hpp>

using namespace acdc::llm::test;

namespace {

const char* kModel = "us.anthropic.claude-sonnet-4-20250514-v1:0";

// The same host, now configured for Bedrock; the host's environment already
// holds ACDC_TEST_LLM_KEY, used here as the bearer token.
void use_bedrock(LlmHost& h) {
  acdc::test::write_file(h.config_home.path() / "llm.yaml",
                         "provider: bedrock\nbase_url: " + h.fake.base_url() + "\nregion: us-east-1\nmodel: " + kModel +
                             "\nsmaller_model: " + kModel + "\napi_key_env: ACDC_TEST_LLM_KEY\n"
                             "num_retries: 0\nfirst_chunk_timeout_seconds: 5\nchunk_timeout_seconds: 5\n");
  h.start();
}

rapidjson::Document last_request(const LlmHost& h) {
  rapidjson::Document all = acdc::parse_json(h.fake.requests());
  REQUIRE(all.IsArray());
  REQUIRE(all.Size() > 0);
  rapidjson::Document last;
  last.CopyFrom(all[all.Size() - 1], last.GetAllocator());
  return last;
}

// Each ConverseStream request's body, parsed (Bedrock's bodies say nothing of streaming).
std::vector<rapidjson::Document> converse_bodies(const LlmHost& h) {
  rapidjson::Document all = acdc::parse_json(h.fake.requests());
  std::vector<rapidjson::Document> out;
  for (const auto& r : all.GetArray())
    if (str(r["path"]).ends_with("/converse-stream")) out.push_back(acdc::parse_json(str(r["body"])));
  return out;
}

}  // namespace

TEST_CASE("a chat turn through Bedrock ConverseStream: bearer token, event-stream answer, cache figures") {
  LlmHost h(std::map<std::string, std::string>{{"a.py", "x = 1\n"}});
  use_bedrock(h);
  h.fake.queue(R"([{"fixture":"bedrock_converse_text.eventstream","split":"random"}])");
  auto r = h.chat("which type for read-only text?", "req-bedrock");
  INFO(acdc::to_json_text(r) << "\n" << h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  CHECK(str(r["response"]) == "Use `std::string_view` for read-only text \xE2\x80\x94 it never copies \xE2\x9C\x93");
  CHECK(r["token_usage"]["cache_read_tokens"].GetInt() == 3810);
  // Claude Sonnet 4 on Bedrock: 412 fresh, 3,810 read, 27 out at $3 / $0.30 / $15 per million.
  CHECK(r["token_usage"]["cost_usd"].GetDouble() == Approx((412 * 3 + 3810 * 0.3 + 27 * 15) / 1e6));
  CHECK_FALSE(h.received("AcApp.streamChunk").empty());

  auto sent = last_request(h);
  CHECK(str(sent["path"]) == "/v1/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/converse-stream");
  CHECK(str(sent["headers"]["authorization"]) == "Bearer test-key");
  auto body = acdc::parse_json(str(sent["body"]));
  REQUIRE(body.HasMember("messages"));
  CHECK(body.HasMember("system"));
  CHECK_THAT(str(sent["body"]), Catch::Contains("\"cachePoint\":{\"type\":\"default\"}"));
  CHECK_THAT(str(sent["body"]), Catch::Contains("which type for read-only text?"));
  // The answer is in the history like any other.
  CHECK_THAT(acdc::test::read_file(h.repo.path() / ".acdc" / "history.jsonl"), Catch::Contains("std::string_view"));
}

TEST_CASE("Bedrock reasoning streams as thinking, and a corrupted frame fails the turn with a reason") {
  LlmHost h;
  use_bedrock(h);
  h.fake.queue(R"([{"fixture":"bedrock_converse_reasoning.eventstream","split":"random"}])");
  auto r = h.chat("which return type?", "req-think");
  INFO(acdc::to_json_text(r));
  CHECK(str(r["response"]) == "Return a `std::string_view`.");
  CHECK(str(r["reasoning"]) == "The caller owns the buffer, so a view is safe.");
  CHECK_FALSE(h.received("AcApp.streamThinking").empty());

  h.fake.queue(R"([{"fixture":"bedrock_converse_corrupt_crc.eventstream"}])");
  auto bad = h.chat("again", "req-bad");
  INFO(acdc::to_json_text(bad));
  REQUIRE(bad.HasMember("error"));
  CHECK_THAT(acdc::to_json_text(bad), Catch::Contains("CRC"));
}

TEST_CASE("Agent mode on Bedrock: the toolUse runs and its result goes back as a toolResult in the next request") {
  LlmHost h(std::map<std::string, std::string>{{"src/main.c", "int main(void) {\n  return 0;\n}\n"}});
  use_bedrock(h);
  agent_on(h);
  h.fake.queue(R"([{"fixture":"bedrock_converse_tool_use.eventstream","split":"random"},)"
               R"({"fixture":"bedrock_converse_text.eventstream"}])");
  auto r = h.chat("What does main return?", "req-agent");
  INFO(acdc::to_json_text(r) << "\n" << h.host->output());
  REQUIRE_FALSE(r.HasMember("error"));
  REQUIRE(r["steps"].Size() == 1);
  CHECK(str(r["steps"][0]["tool"]) == "read_file");
  CHECK(str(r["steps"][0]["status"]) == "ok");
  CHECK(str(r["steps"][0]["arguments"]["path"]) == "src/main.c");
  CHECK_THAT(str(r["response"]), Catch::StartsWith("Let me look.") && Catch::Contains("std::string_view"));
  auto sent = converse_bodies(h);
  REQUIRE(sent.size() == 2);
  const auto &first = sent[0], &second = sent[1];
  CHECK_THAT(acdc::to_json_text(first["toolConfig"]["tools"]), Catch::Contains("\"name\":\"read_file\""));
  CHECK(acdc::to_json_text(first["toolConfig"]) == acdc::to_json_text(second["toolConfig"]));
  const auto& messages = second["messages"];
  const auto& call = messages[messages.Size() - 2]["content"];
  const auto& use = call[call.Size() - 1]["toolUse"];
  CHECK(str(use["toolUseId"]) == "tooluse_kQ3mZ8rT1vXb");
  CHECK(str(use["input"]["path"]) == "src/main.c");
  const auto& back = messages[messages.Size() - 1];
  CHECK(str(back["role"]) == "user");
  const auto& tool_result = back["content"][0]["toolResult"];
  CHECK(str(tool_result["toolUseId"]) == "tooluse_kQ3mZ8rT1vXb");
  CHECK_THAT(str(tool_result["content"][0]["text"]), Catch::Contains("return 0;"));
}
