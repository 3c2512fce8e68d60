// bb7/engine_client.cpp -- see engine_client.hpp.
#include "adapters/bb7/engine_client.hpp"

#include "adapters/bb7/chat.hpp"
#include "rpc/call_origin.hpp"
#include "rpc/json_util.hpp"

#include <acdc/sdk/error.hpp>

#include <chrono>

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

EngineClient::~EngineClient() {
  std::shared_ptr<LocalClient> c;
  {
    std::lock_guard lock(mu_);
    c = client_;
  }
  if (c) c->disconnect();
}

void EngineClient::attach(rpc::Hub& hub, boost::asio::any_io_executor executor) {
  LocalClient::Handlers handlers;
  handlers.methods.emplace("AcApp.converseChunk", [this](std::string_view args) { on_chunk(args); });
  auto client = LocalClient::connect(hub, std::move(executor), std::move(handlers));
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

std::shared_ptr<LocalClient> EngineClient::client() {
  std::unique_lock lock(mu_);
  // Plugins load in the background after init; a send that comes first waits.
  if (!ready_cv_.wait_for(lock, std::chrono::seconds(60), [this] { return settled_; }))
    throw Error(ACDC_E_UNAVAILABLE, "the plugins are still starting after 60 s: try again");
  if (!client_) throw Error(ACDC_E_UNAVAILABLE, unavailable_.empty() ? "the plugins did not start" : unavailable_);
  return client_;
}

void EngineClient::on_chunk(std::string_view args_json) {
  rapidjson::Document args;
  if (rpc::parse_limited(args_json, args, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !args.IsArray() ||
      args.Size() < 2 || !args[0].IsString() || !args[1].IsObject())
    return;
  std::function<void(const EngineDelta&)> sink;
  {
    std::lock_guard lock(mu_);
    auto it = streams_.find(std::string_view(args[0].GetString(), args[0].GetStringLength()));
    if (it == streams_.end()) return;
    sink = it->second;
  }
  sink(EngineDelta{string_member(args[1], "text"), string_member(args[1], "thinking")});
}

void EngineClient::converse(const std::string& id, const std::string& request_json,
                            std::function<void(const EngineDelta&)> on_delta, std::function<void(EngineResult)> done) {
  auto c = client();
  {
    std::lock_guard lock(mu_);
    streams_[id] = std::move(on_delta);
  }
  c->call("LLMService.converse", "[" + json_string(id) + "," + request_json + "]",
          [this, id, done = std::move(done)](acdc_status status, std::string_view text) {
            {
              std::lock_guard lock(mu_);
              streams_.erase(id);
            }
            done(parse_converse_result(status, text));
          });
}

void EngineClient::cancel(const std::string& id) {
  std::shared_ptr<LocalClient> c;
  {
    std::lock_guard lock(mu_);
    c = client_;
  }
  if (c) c->call("LLMService.cancel_converse", "[" + json_string(id) + "]", [](acdc_status, std::string_view) {});
}

std::vector<long long> EngineClient::count_tokens(const std::vector<std::string>&) {
  return {};  // no plugin method yet: tokens.cpp estimates
}

}  // namespace acdc::adapters::bb7
