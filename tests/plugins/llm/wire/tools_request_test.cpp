// Tools in a request (ChatRequest::tools_json, LLMService.converse): the
// OpenAI dialect sends the schemas and the tool messages as given; Anthropic
// gets them translated (tools with input_schema, tool_use blocks in the
// assistant turn, tool_result blocks in a user turn); extra body fields are
// merged; a caller's literal key beats the configured variable.
#include "provider/provider_config.hpp"
#include "provider/request_builder.hpp"

#include <catch2/catch.hpp>
#include <rapidjson/document.h>

#include <algorithm>

using namespace acdc::llm;

namespace {

constexpr const char* kTools =
    R"([{"type":"function","function":{"name":"get_weather","description":"Weather","parameters":{"type":"object"}}}])";
constexpr const char* kMessages =
    R"([{"role":"system","content":"Be brief."},{"role":"user","content":"Weather?"},)"
    R"({"role":"assistant","content":"Checking.","tool_calls":[{"id":"call_a","type":"function",)"
    R"("function":{"name":"get_weather","arguments":"{\"city\":\"Oslo\"}"}},)"
    R"({"id":"call_b","type":"function","function":{"name":"get_weather","arguments":"not json"}}]},)"
    R"({"role":"tool","tool_call_id":"call_a","content":"-3 C"},{"role":"tool","tool_call_id":"call_b","content":"error"}])";

rapidjson::Document body(const ProviderConfig& c, const ChatRequest& r) {
  rapidjson::Document doc;
  std::string text = build_call(c, r, true).body;
  doc.Parse(text.data(), text.size());
  REQUIRE_FALSE(doc.HasParseError());
  return doc;
}

ProviderConfig config(ProviderKind kind) {
  ProviderConfig c;
  c.kind = kind;
  c.base_url = "http://127.0.0.1:9";
  c.api_key_env = "ACDC_TEST_UNSET_KEY";
  return c;
}

}  // namespace

TEST_CASE("OpenAI requests carry the tools, the tool messages and the extra fields as given") {
  auto b = body(config(ProviderKind::openai), {.model = "m", .messages_json = kMessages, .max_tokens = 100,
                                               .tools_json = kTools,
                                               .extra_json = R"({"prompt_cache_key":"k","max_tokens":50})"});
  CHECK(std::string(b["tools"][0]["function"]["name"].GetString()) == "get_weather");
  CHECK(std::string(b["messages"][2]["tool_calls"][1]["id"].GetString()) == "call_b");
  CHECK(std::string(b["messages"][3]["role"].GetString()) == "tool");
  CHECK(std::string(b["prompt_cache_key"].GetString()) == "k");
  CHECK(b["max_tokens"].GetInt() == 50);  // the caller's value wins
}

TEST_CASE("Anthropic requests get tools with input_schema and tool_use and tool_result blocks") {
  auto b = body(config(ProviderKind::anthropic),
                {.model = "m", .messages_json = kMessages, .max_tokens = 100, .tools_json = kTools});
  REQUIRE(b["tools"].Size() == 1);
  CHECK(std::string(b["tools"][0]["name"].GetString()) == "get_weather");
  CHECK(b["tools"][0]["input_schema"].IsObject());
  const auto& m = b["messages"];
  REQUIRE(m.Size() == 3);  // user, assistant, user with both results
  const auto& assistant = m[1]["content"];
  REQUIRE(assistant.Size() == 3);
  CHECK(std::string(assistant[0]["type"].GetString()) == "text");
  CHECK(std::string(assistant[1]["type"].GetString()) == "tool_use");
  CHECK(std::string(assistant[1]["input"]["city"].GetString()) == "Oslo");
  CHECK(assistant[2]["input"].IsObject());  // broken arguments go back as {}
  CHECK(std::string(m[2]["role"].GetString()) == "user");
  REQUIRE(m[2]["content"].Size() == 2);
  CHECK(std::string(m[2]["content"][0]["type"].GetString()) == "tool_result");
  CHECK(std::string(m[2]["content"][0]["tool_use_id"].GetString()) == "call_a");
  CHECK(std::string(m[2]["content"][1]["content"].GetString()) == "error");
}

TEST_CASE("a caller's literal key is sent and counts as present") {
  ProviderConfig c = config(ProviderKind::openai);
  CHECK_FALSE(c.missing_key().empty());
  c.api_key = "sk-caller";
  CHECK(c.missing_key().empty());
  auto headers = build_call(c, {.model = "m", .messages_json = R"([{"role":"user","content":"x"}])"}, true).headers;
  CHECK(std::find(headers.begin(), headers.end(), "Authorization: Bearer sk-caller") != headers.end());
}

TEST_CASE("tools or extra fields that are not JSON are refused by name") {
  ChatRequest r{.model = "m", .messages_json = R"([{"role":"user","content":"x"}])", .tools_json = "{"};
  CHECK_THROWS_WITH(build_call(config(ProviderKind::openai), r, true), Catch::Contains("tools_json"));
  r.tools_json = "";
  r.extra_json = "[1]";
  CHECK_THROWS_WITH(build_call(config(ProviderKind::openai), r, true), Catch::Contains("extra_json"));
}

// An Agent step (agent/agent_loop.hpp): the assistant's signed thinking, and
// a last tool result whose content carries the step's cache marker.
constexpr const char* kAgentStep =
    R"([{"role":"user","content":"Fix it"},)"
    R"({"role":"assistant","content":"","tool_calls":[{"id":"toolu_1","type":"function",)"
    R"("function":{"name":"read_file","arguments":"{\"path\":\"a.py\"}"}}],"thinking":{"text":"Read first.","signature":"sig=="}},)"
    R"({"role":"tool","tool_call_id":"toolu_1","content":[{"type":"text","text":"x = 1\n","cache_control":{"type":"ephemeral"}}]}])";

TEST_CASE("an Agent step to Anthropic sends the signed thinking first and the step's marker on its tool_result") {
  auto b = body(config(ProviderKind::anthropic),
                {.model = "m", .messages_json = kAgentStep, .max_tokens = 100, .tools_json = kTools});
  const auto& assistant = b["messages"][1]["content"];
  REQUIRE(assistant.Size() == 2);
  CHECK(std::string(assistant[0]["type"].GetString()) == "thinking");
  CHECK(std::string(assistant[0]["signature"].GetString()) == "sig==");
  CHECK(std::string(assistant[1]["type"].GetString()) == "tool_use");
  const auto& result = b["messages"][2]["content"][0];
  CHECK(std::string(result["type"].GetString()) == "tool_result");
  CHECK(std::string(result["content"].GetString()) == "x = 1\n");
  CHECK(std::string(result["cache_control"]["type"].GetString()) == "ephemeral");
}

TEST_CASE("an Agent step to an OpenAI-compatible server or Ollama drops the thinking and the marker") {
  auto openai = body(config(ProviderKind::openai),
                     {.model = "m", .messages_json = kAgentStep, .max_tokens = 100, .tools_json = kTools});
  CHECK_FALSE(openai["messages"][1].HasMember("thinking"));
  CHECK(std::string(openai["messages"][2]["content"].GetString()) == "x = 1\n");
  auto ollama = body(config(ProviderKind::ollama),
                     {.model = "m", .messages_json = kAgentStep, .max_tokens = 100, .tools_json = kTools});
  // Ollama's /api/chat takes a call's arguments as an object, and the tools as OpenAI's schemas.
  CHECK(std::string(ollama["messages"][1]["tool_calls"][0]["function"]["arguments"]["path"].GetString()) == "a.py");
  REQUIRE(ollama["tools"].IsArray());
  CHECK(ollama["tools"] == openai["tools"]);
}

TEST_CASE("an Agent step to Bedrock: toolConfig, the thinking first, toolUse after the text, toolResult with a cachePoint") {
  ProviderConfig c = config(ProviderKind::bedrock);
  c.region = "us-east-1";
  c.model = "anthropic.claude-sonnet-4-5";
  auto b = body(c, {.model = "", .messages_json = kAgentStep, .max_tokens = 100, .tools_json = kTools});
  const auto& spec = b["toolConfig"]["tools"][0]["toolSpec"];
  CHECK(std::string(spec["name"].GetString()) == "get_weather");
  CHECK(spec["inputSchema"]["json"].IsObject());
  const auto& assistant = b["messages"][1]["content"];
  REQUIRE(assistant.Size() == 2);  // an assistant turn that only calls tools has no text block
  CHECK(std::string(assistant[0]["reasoningContent"]["reasoningText"]["signature"].GetString()) == "sig==");
  CHECK(std::string(assistant[1]["toolUse"]["toolUseId"].GetString()) == "toolu_1");
  CHECK(std::string(assistant[1]["toolUse"]["input"]["path"].GetString()) == "a.py");
  const auto& results = b["messages"][2];
  CHECK(std::string(results["role"].GetString()) == "user");
  CHECK(std::string(results["content"][0]["toolResult"]["toolUseId"].GetString()) == "toolu_1");
  CHECK(std::string(results["content"][0]["toolResult"]["content"][0]["text"].GetString()) == "x = 1\n");
  CHECK(results["content"][1].HasMember("cachePoint"));
}

namespace {

// Two calls in one step; the first returned an image (an MCP server's
// screenshot), which AgentLoop puts after its text; the step's marker is on
// the last message's last block.
constexpr const char* kImageStep =
    R"([{"role":"user","content":"Look at the page."},)"
    R"({"role":"assistant","content":"","tool_calls":[)"
    R"({"id":"c1","type":"function","function":{"name":"shot","arguments":"{}"}},)"
    R"({"id":"c2","type":"function","function":{"name":"title","arguments":"{}"}}]},)"
    R"({"role":"tool","tool_call_id":"c1","content":[{"type":"text","text":"[an image, shown to you]"},)"
    R"({"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}}]},)"
    R"({"role":"tool","tool_call_id":"c2","content":[{"type":"text","text":"Home","cache_control":{"type":"ephemeral"}}]}])";

}  // namespace

TEST_CASE("a tool's image reaches each provider where it takes images: after the tool messages, in a tool_result, in a toolResult") {
  // OpenAI's dialect takes images in user messages only: one follows the step's tool messages.
  auto openai = body(config(ProviderKind::openai), {.model = "m", .messages_json = kImageStep, .max_tokens = 100});
  const auto& o = openai["messages"];
  REQUIRE(o.Size() == 5);
  CHECK(std::string(o[2]["role"].GetString()) == "tool");
  CHECK(std::string(o[2]["content"].GetString()) == "[an image, shown to you]");
  CHECK(std::string(o[3]["tool_call_id"].GetString()) == "c2");
  CHECK(std::string(o[4]["role"].GetString()) == "user");
  CHECK_THAT(std::string(o[4]["content"][0]["text"].GetString()), Catch::Contains("(c1)"));
  CHECK(std::string(o[4]["content"][1]["image_url"]["url"].GetString()) == "data:image/png;base64,iVBORw0KGgo=");
  // Ollama: the same user message, its image as bare base64.
  auto ollama = body(config(ProviderKind::ollama), {.model = "m", .messages_json = kImageStep, .max_tokens = 100});
  const auto& l = ollama["messages"];
  REQUIRE(l.Size() == 5);
  CHECK(std::string(l[4]["images"][0].GetString()) == "iVBORw0KGgo=");
  CHECK_FALSE(l[2].HasMember("images"));
  // Anthropic: the image stays in its tool_result, after the text.
  auto anthropic = body(config(ProviderKind::anthropic), {.model = "m", .messages_json = kImageStep, .max_tokens = 100});
  const auto& result = anthropic["messages"][2]["content"][0];
  REQUIRE(result["content"].IsArray());
  CHECK(std::string(result["content"][0]["text"].GetString()) == "[an image, shown to you]");
  CHECK(std::string(result["content"][1]["type"].GetString()) == "image");
  CHECK(std::string(result["content"][1]["source"]["media_type"].GetString()) == "image/png");
  CHECK(std::string(result["content"][1]["source"]["data"].GetString()) == "iVBORw0KGgo=");
  CHECK(std::string(anthropic["messages"][2]["content"][1]["cache_control"]["type"].GetString()) == "ephemeral");
  // Bedrock: Converse's toolResult takes the image beside the text.
  ProviderConfig c = config(ProviderKind::bedrock);
  c.region = "us-east-1";
  c.model = "anthropic.claude-sonnet-4-5";
  auto bedrock = body(c, {.model = "", .messages_json = kImageStep, .max_tokens = 100});
  const auto& tr = bedrock["messages"][2]["content"][0]["toolResult"]["content"];
  REQUIRE(tr.Size() == 2);
  CHECK(std::string(tr[1]["image"]["format"].GetString()) == "png");
  CHECK(std::string(tr[1]["image"]["source"]["bytes"].GetString()) == "iVBORw0KGgo=");
}

TEST_CASE("an Ollama request asks for the window budgeted for (num_ctx) and keeps the model loaded as llm.yaml says") {
  ProviderConfig c = config(ProviderKind::ollama);
  auto plain = body(c, {.model = "m", .messages_json = kMessages, .max_tokens = 100});
  CHECK(plain["options"]["num_predict"].GetInt() == 100);
  CHECK_FALSE(plain["options"].HasMember("num_ctx"));
  CHECK_FALSE(plain.HasMember("keep_alive"));
  c.num_ctx = 32768;
  c.keep_alive_json = "\"30m\"";
  auto sized = body(c, {.model = "m", .messages_json = kMessages, .max_tokens = 100});
  CHECK(sized["options"]["num_ctx"].GetInt() == 32768);
  CHECK(std::string(sized["keep_alive"].GetString()) == "30m");
  c.keep_alive_json = "-1";
  CHECK(body(c, {.model = "m", .messages_json = kMessages, .max_tokens = 100})["keep_alive"].GetInt() == -1);
}
