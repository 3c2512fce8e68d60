// bb7/engine_client.cpp -- see engine_client.hpp.
#include "bb7/engine_client.hpp"

#include "bb7/chat.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/reply.hpp>
#include <acdc/sdk/error.hpp>

#include <chrono>
#include <future>

namespace acdc::adapters::bb7 {

namespace {

long long int_of(const rapidjson::Value& v, const char* key) {
  auto it = v.FindMember(key);
  return it != v.MemberEnd() && it->value.IsInt64() ? it->value.GetInt64() : 0;
}

std::string json_string(std::string_view s) {
  std::string out;
  rpc::append_quoted(out, s);
  return out;
}

}  // namespace

EngineResult parse_converse_result(acdc_status status, std::string_view text) {
  EngineResult r;
  if (status == rpc::kStatusMethodNotFound) {
    r.error = "the llm plugin is not in this build: acdc --stdio cannot reach a model";
    return r;
  }
  if (status != ACDC_OK) {
    r.error = std::string(text);
    return r;
  }
  rapidjson::Document doc;
  if (rpc::parse_limited(text, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsObject()) {
    r.error = "LLMService.converse answered something that is not a result object";
    return r;
  }
  r.text = string_member(doc, "text");
  r.thinking = string_member(doc, "thinking");
  r.finish_reason = string_member(doc, "finish_reason");
  if (auto c = doc.FindMember("cancelled"); c != doc.MemberEnd() && c->value.IsBool()) r.cancelled = c->value.GetBool();
  if (auto calls = doc.FindMember("tool_calls"); calls != doc.MemberEnd() && calls->value.IsArray())
    for (const auto& c : calls->value.GetArray())
      r.tool_calls.push_back({string_member(c, "id"), string_member(c, "name"), string_member(c, "arguments")});
  if (auto u = doc.FindMember("usage"); u != doc.MemberEnd() && u->value.IsObject()) {
    // BB-7 counts prompt tokens the OpenAI way: cached ones included.
    const long long cache_read = int_of(u->value, "cache_read_tokens");
    r.usage.prompt_tokens = int_of(u->value, "input_tokens") + cache_read + int_of(u->value, "cache_write_tokens");
    r.usage.completion_tokens = int_of(u->value, "output_tokens");
    r.usage.cached_tokens = cache_read;
    r.usage.total_tokens = r.usage.prompt_tokens + r.usage.completion_tokens;
    if (auto cost = u->value.FindMember("cost_usd"); cost != u->value.MemberEnd() && cost->value.IsNumber())
      r.usage.cost = cost->value.GetDouble();
    r.usage.present = r.usage.total_tokens > 0;
  }
  if (auto e = doc.FindMember("error"); e != doc.MemberEnd() && e->value.IsObject()) {
    // §4: a provider's HTTP failure reads "API request failed: <code> - <body>".
    const long long code = int_of(e->value, "status_code");
    const std::string body = string_member(e->value, "body");
    r.error = code > 0 && !body.empty() ? "API request failed: " + std::to_string(code) + " - " + body
                                        : string_member(e->value, "message");
  }
  return r;
}

EngineClient::~EngineClient() = default;

void EngineClient::attach(rpc::Hub& hub, boost::asio::any_io_executor executor) {
  auto client = std::make_unique<host::ConverseClient>(hub, std::move(executor));
  {
    std::lock_guard lock(mu_);
    client_ = std::move(client);
    settled_ = true;
  }
  ready_cv_.notify_all();
}

void EngineClient::give_up(const std::string& why) {
  {
    std::lock_guard lock(mu_);
    unavailable_ = why;
    settled_ = true;
  }
  ready_cv_.notify_all();
}

host::ConverseClient& EngineClient::client() {
  std::unique_lock lock(mu_);
  // Plugins load in the background after init; a send that comes first waits.
  if (!ready_cv_.wait_for(lock, std::chrono::seconds(60), [this] { return settled_; }))
    throw Error(ACDC_E_UNAVAILABLE, "the plugins are still starting after 60 s: try again");
  if (!client_) throw Error(ACDC_E_UNAVAILABLE, unavailable_.empty() ? "the plugins did not start" : unavailable_);
  return *client_;  // never replaced once set
}

void EngineClient::converse(const std::string& id, const std::string& request_json,
                            std::function<void(const EngineDelta&)> on_delta, std::function<void(EngineResult)> done) {
  client().converse(id, request_json, std::move(on_delta),
                    [done = std::move(done)](acdc_status status, std::string_view text) {
                      done(parse_converse_result(status, text));
                    });
}

void EngineClient::cancel(const std::string& id) {
  host::ConverseClient* c;
  {
    std::lock_guard lock(mu_);
    c = client_.get();
  }
  if (c) c->cancel(id);
}

std::vector<long long> EngineClient::count_tokens(const std::vector<std::string>& texts) {
  std::string args = "[[";
  for (size_t i = 0; i < texts.size(); ++i) {
    if (i) args += ',';
    args += json_string(texts[i]);
  }
  args += "]]";
  auto answer = std::make_shared<std::promise<std::pair<acdc_status, std::string>>>();
  auto future = answer->get_future();
  client().call("LLMService.count_tokens", args, [answer](acdc_status status, std::string_view text) {
    answer->set_value({status, std::string(text)});
  });
  if (future.wait_for(std::chrono::seconds(5)) != std::future_status::ready)
    throw Error(ACDC_E_TIMEOUT, "LLMService.count_tokens did not answer in 5 s");
  auto [status, text] = future.get();
  if (status != ACDC_OK) throw Error(status, text);
  rapidjson::Document doc;
  std::vector<long long> counts;
  if (rpc::parse_limited(text, doc, rpc::kMaxDepth) == rpc::ParseOutcome::ok && doc.IsArray())
    for (const auto& n : doc.GetArray()) counts.push_back(n.IsInt64() ? n.GetInt64() : 0);
  return counts;
}

}  // namespace acdc::adapters::bb7
