#include "mcp/engine_client.hpp"

#include <acdc/host/json.hpp>

#include <chrono>

namespace acdc::adapters::mcp {
namespace {

// How long a call waits for the plugins to load before it gives up; loading
// (not indexing) takes milliseconds, so this only bounds a broken start.
constexpr auto kAttachWait = std::chrono::seconds(30);

// The request id (a string) and the rest of an AcApp.stream* args array.
bool split_args(std::string_view args_json, std::string& id, std::string& second) {
  rapidjson::Document doc;
  if (rpc::parse_limited(args_json, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsArray() ||
      doc.Size() < 2 || !doc[0].IsString())
    return false;
  id.assign(doc[0].GetString(), doc[0].GetStringLength());
  second = doc[1].IsString() ? std::string(doc[1].GetString(), doc[1].GetStringLength()) : rpc::to_text(doc[1]);
  return true;
}

}  // namespace

EngineClient::~EngineClient() {
  std::shared_ptr<host::LocalClient> client;
  {
    std::lock_guard lock(mu_);
    client.swap(client_);
  }
  if (client) client->disconnect();
}

void EngineClient::attach(rpc::Hub& hub, boost::asio::any_io_executor executor) {
  std::weak_ptr<Streams> streams = streams_;
  auto find = [streams](const std::string& id, bool last) -> ChatStream {
    auto s = streams.lock();
    if (!s) return {};
    std::lock_guard lock(s->mu);
    auto it = s->by_request.find(id);
    if (it == s->by_request.end()) return {};
    ChatStream out = it->second;
    if (last) s->by_request.erase(it);
    return out;
  };
  host::LocalClient::Handlers handlers{
      .methods = {{"AcApp.streamChunk",
                   [find](std::string_view args) {
                     std::string id, text;
                     if (!split_args(args, id, text)) return;
                     if (auto s = find(id, false); s.chunk) s.chunk(text);
                   }},
                  {"AcApp.agentStep",
                   [find](std::string_view args) {
                     std::string id, step;
                     if (!split_args(args, id, step)) return;
                     if (auto s = find(id, false); s.step) s.step(step);
                   }},
                  {"AcApp.streamComplete", [find](std::string_view args) {
                     std::string id, result;
                     if (!split_args(args, id, result)) return;
                     if (auto s = find(id, true); s.complete) s.complete(result);
                   }}},
      .on_closed = {}};
  auto client = host::LocalClient::connect(hub, std::move(executor), std::move(handlers));
  // Until the host's announcement arrives, serves() would deny every tool
  // (a trimmed build's answer).
  client->wait_for_methods(kAttachWait);
  {
    std::lock_guard lock(mu_);
    client_ = std::move(client);
  }
  attached_.notify_all();
}

void EngineClient::give_up(const std::string& why) {
  {
    std::lock_guard lock(mu_);
    gave_up_ = why;
  }
  attached_.notify_all();
}

std::shared_ptr<host::LocalClient> EngineClient::wait_client() {
  std::unique_lock lock(mu_);
  attached_.wait_for(lock, kAttachWait, [this] { return client_ || !gave_up_.empty(); });
  return client_;
}

void EngineClient::call(std::string_view method, std::string args_json, rpc::ReplyHandler done) {
  auto client = wait_client();
  if (!client) {
    std::string why;
    {
      std::lock_guard lock(mu_);
      why = gave_up_.empty() ? "acdc's plugins did not load within 30 s" : gave_up_;
    }
    return done(ACDC_E_UNAVAILABLE, why);
  }
  client->call(method, args_json, std::move(done));
}

bool EngineClient::serves(std::string_view method) {
  auto client = wait_client();
  return client && client->serves(method);
}

void EngineClient::watch_stream(const std::string& request_id, ChatStream stream) {
  std::lock_guard lock(streams_->mu);
  streams_->by_request[request_id] = std::move(stream);
}

void EngineClient::forget_stream(const std::string& request_id) {
  std::lock_guard lock(streams_->mu);
  streams_->by_request.erase(request_id);
}

}  // namespace acdc::adapters::mcp
