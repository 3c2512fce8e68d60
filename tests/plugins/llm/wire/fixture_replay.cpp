// wire/fixture_replay.cpp -- see fixture_replay.hpp.
#include "fixture_replay.hpp"

#include "wire_test_support.hpp"

#include "provider/provider.hpp"

#include <catch2/catch.hpp>
#include <rapidjson/document.h>

#include <stdexcept>

namespace acdc::test {
namespace {

using namespace acdc::llm;

rapidjson::Document manifest(const std::string& dir) {
  rapidjson::Document doc;
  std::string text = read_fixture("manifest.json", dir);
  doc.Parse(text.data(), text.size());
  if (doc.HasParseError() || !doc.IsObject()) throw std::runtime_error(dir + "/manifest.json is not a JSON object");
  return doc;
}

bool is_request_example(const std::string& name) { return name.ends_with(".request.json"); }

ProviderKind kind_of(const rapidjson::Value& entry) {
  std::string provider = entry["provider"].GetString();
  if (provider == "anthropic") return ProviderKind::anthropic;
  if (provider == "bedrock") return ProviderKind::bedrock;
  auto endpoint = entry.FindMember("endpoint");
  if (endpoint != entry.MemberEnd() && std::string(endpoint->value.GetString()).ends_with("/api/chat"))
    return ProviderKind::ollama;
  return ProviderKind::openai;
}

long expected_long(const rapidjson::Value& usage, const char* key) {
  auto it = usage.FindMember(key);
  return it != usage.MemberEnd() && it->value.IsNumber() ? it->value.GetInt64() : -1;
}

void check_usage(const rapidjson::Value& usage, const Usage& got, ProviderKind kind) {
  long read = expected_long(usage, "cache_read_tokens"), write = expected_long(usage, "cache_write_tokens");
  CHECK(got.cache_read_tokens == std::max(read, 0L));
  CHECK(got.cache_write_tokens == std::max(write, 0L));
  // The manifest counts input in each provider's own terms: OpenAI-style
  // prompt_tokens include cache reads and writes, ours never do.
  long input = got.input_tokens;
  if (kind == ProviderKind::openai) input += got.cache_read_tokens + got.cache_write_tokens;
  CHECK(input == expected_long(usage, "input_tokens"));
  CHECK(got.output_tokens == expected_long(usage, "output_tokens"));
  if (long r = expected_long(usage, "reasoning_tokens"); r >= 0) CHECK(got.reasoning_tokens == r);
  if (usage.HasMember("cost_usd")) {
    REQUIRE(got.cost_usd);
    CHECK(*got.cost_usd == Approx(usage["cost_usd"].GetDouble()));
  }
}

void check_tool_calls(const rapidjson::Value& expected, const ChatResult& got) {
  REQUIRE(got.tool_calls.size() == expected.Size());
  for (rapidjson::SizeType i = 0; i < expected.Size(); ++i) {
    const auto& e = expected[i];
    CHECK(got.tool_calls[i].index == e["index"].GetInt());
    CHECK(got.tool_calls[i].id == e["id"].GetString());
    CHECK(got.tool_calls[i].name == e["name"].GetString());
    CHECK(got.tool_calls[i].arguments == e["arguments"].GetString());
  }
}

void check_stream(const rapidjson::Value& expect, const ChatResult& r, const std::string& streamed, ProviderKind kind) {
  INFO((r.error ? r.error->message : std::string("no error")));
  CHECK(r.text == expect["text"].GetString());
  CHECK(streamed == r.text);  // on_text saw every delta, in order
  if (expect.HasMember("reasoning")) CHECK(r.reasoning == expect["reasoning"].GetString());
  if (expect.HasMember("thinking_signature"))
    CHECK(r.reasoning_signature == expect["thinking_signature"].GetString());
  check_tool_calls(expect["tool_calls"], r);
  bool eof = std::string(expect["terminator"].GetString()) == "eof";
  CHECK(r.completed == !eof);
  if (expect.HasMember("error")) {
    REQUIRE(r.error);
    CHECK(r.error->provider_type == expect["error"]["type"].GetString());
    CHECK(r.error->message.find(expect["error"]["message"].GetString()) != std::string::npos);
    CHECK(r.error->message.starts_with("Stream failed mid-response: "));
    CHECK(r.error->retryable);
    return;
  }
  CHECK_FALSE(r.error);
  std::string finish = expect.HasMember("finish_reason") ? expect["finish_reason"].GetString()
                                                         : expect["stop_reason"].GetString();
  CHECK(r.finish_reason == (finish == "end_turn" ? "stop" : finish == "tool_use" ? "tool_calls" : finish));
  check_usage(expect["usage"], r.usage, kind);
}

ErrorKind expected_kind(const std::string& name) {
  if (name.find("_401_") != std::string::npos) return ErrorKind::authentication;
  if (name.find("insufficient_quota") != std::string::npos) return ErrorKind::insufficient_quota;
  if (name.find("_400_") != std::string::npos) return ErrorKind::context_window_exceeded;
  if (name.find("_429_") != std::string::npos) return ErrorKind::rate_limit;
  return ErrorKind::service_unavailable;  // 500, 529
}

void check_http_error(const std::string& name, const rapidjson::Value& entry, const ChatResult& r) {
  const auto& expect = entry["expect"];
  REQUIRE(r.error);
  INFO(r.error->message);
  CHECK(r.text.empty());
  CHECK(r.error->status_code == entry["status"].GetInt());
  CHECK(r.error->provider_type == expect["error_type"].GetString());
  CHECK(r.error->kind == expected_kind(name));
  CHECK(r.error->retryable == expect["retryable"].GetBool());
  if (expect.HasMember("retry_after_s")) {
    REQUIRE(r.error->retry_after_s);
    CHECK(*r.error->retry_after_s == Approx(expect["retry_after_s"].GetDouble()));
  }
  CHECK(r.error->message.find("HTTP " + std::to_string(r.error->status_code)) != std::string::npos);
}

}  // namespace

std::vector<std::string> response_fixtures(const std::string& dir) {
  std::vector<std::string> names;
  auto doc = manifest(dir);
  for (auto& entry : doc.GetObject())
    if (std::string name = entry.name.GetString(); !is_request_example(name)) names.push_back(name);
  return names;
}

std::size_t replay_fixture_set(const std::string& dir) {
  auto doc = manifest(dir);
  FakeProvider fake(dir);
  std::size_t played = 0;
  for (auto& entry : doc.GetObject()) {
    std::string name = entry.name.GetString();
    if (is_request_example(name)) continue;
    INFO(dir << "/" << name);
    ProviderKind kind = kind_of(entry.value);
    // `attempts`: the client is expected to ask again (Bedrock's empty answer).
    auto attempts = entry.value["expect"].FindMember("attempts");
    int times = attempts != entry.value["expect"].MemberEnd() ? attempts->value.GetInt() : 1;
    std::string steps;
    for (int i = 0; i < times; ++i)
      steps += std::string(i ? "," : "") + R"({"fixture":")" + name + R"(","split":"random"})";
    fake.queue("[" + steps + "]");
    std::string streamed;
    CancelFlag cancel{false};
    ChatResult r = make_provider(fake_config(fake, kind))
                       ->stream({.model = "m", .messages_json = R"([{"role":"user","content":"hi"}])"},
                                {.on_text = [&](std::string_view d) { streamed += d; }}, cancel);
    if (name.ends_with(".http")) check_http_error(name, entry.value, r);
    else check_stream(entry.value["expect"], r, streamed, kind);
    ++played;
  }
  return played;
}

}  // namespace acdc::test
