// client/local_client.cpp -- see local_client.hpp.
#include <acdc/host/local_client.hpp>

#include "rpc/hub.hpp"
#include "rpc/peer.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>

#include <atomic>
#include <charconv>

namespace acdc::host {
namespace {

const rapidjson::Value* member(const rapidjson::Value& obj, const char* key) {
  auto it = obj.FindMember(key);
  return it == obj.MemberEnd() ? nullptr : &it->value;
}

// The args array of a frame from the peer ({"args":[...]}), "[]" without one.
std::string args_of(const rapidjson::Value& frame) {
  const rapidjson::Value* params = member(frame, "params");
  const rapidjson::Value* args = params && params->IsObject() ? member(*params, "args") : nullptr;
  return args ? rpc::to_text(*args) : std::string("[]");
}

}  // namespace

LocalClient::LocalClient(boost::asio::any_io_executor executor, Handlers handlers)
    : executor_(std::move(executor)), handlers_(std::move(handlers)) {
  // Our side of the jrpc-oo handshake: the methods the plugins may call.
  methods_json_ = "{";
  auto announce = [this](const std::string& name) {
    if (methods_json_.size() > 1) methods_json_ += ',';
    rpc::append_quoted(methods_json_, name);
    methods_json_ += ":true";
  };
  for (const auto& [name, handler] : handlers_.methods) announce(name);
  for (const auto& [name, handler] : handlers_.async_methods) announce(name);
  methods_json_ += '}';
}

std::shared_ptr<LocalClient> LocalClient::connect(rpc::Hub& hub, boost::asio::any_io_executor executor,
                                                  Handlers handlers) {
  std::shared_ptr<LocalClient> client(new LocalClient(std::move(executor), std::move(handlers)));
  client->peer_ = std::make_shared<rpc::Peer>(hub, client->weak_from_this());
  client->peer_->start();  // the handshake completes inside: send() answers it
  return client;
}

LocalClient::~LocalClient() { disconnect(); }

acdc_client LocalClient::id() const { return peer_->id(); }

bool LocalClient::wait_for_methods(std::chrono::milliseconds limit) const {
  std::unique_lock lock(mu_);
  return announced_cv_.wait_for(lock, limit, [this] { return announced_; });
}

bool LocalClient::serves(std::string_view method) const {
  std::lock_guard lock(mu_);
  return served_.find(method) != served_.end();
}

void LocalClient::call(std::string_view method, std::string_view args_json, rpc::ReplyHandler done) {
  uint64_t id;
  {
    std::unique_lock lock(mu_);
    if (closed_) {
      lock.unlock();  // `done` may call again
      done(ACDC_E_UNAVAILABLE, "the adapter's connection to the host is closed");
      return;
    }
    id = next_id_++;
    pending_.emplace(id, std::move(done));
  }
  std::string frame = R"({"jsonrpc":"2.0","method":)";
  rpc::append_quoted(frame, method);
  frame += R"(,"params":{"args":)";
  frame += args_json.empty() ? std::string_view("[]") : args_json;
  frame += R"(},"id":)";
  frame += std::to_string(id);
  frame += '}';
  to_peer(std::move(frame));
}

void LocalClient::to_peer(std::string frame) {
  // on_message parses in place: it needs the bytes mutable and NUL-ended,
  // which a std::string's are.
  peer_->on_message(frame.data(), frame.size());
}

void LocalClient::send(std::string message) {
  rapidjson::Document frame;
  if (rpc::parse_limited(message, frame, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !frame.IsObject())
    return;  // the peer writes only well-formed objects
  const rapidjson::Value* method = member(frame, "method");
  if (method && method->IsString()) on_request(frame);
  else on_response(frame);
}

void LocalClient::on_request(const rapidjson::Value& frame) {
  std::string_view method(frame["method"].GetString(), frame["method"].GetStringLength());
  const rapidjson::Value* id = member(frame, "id");
  std::string id_text = id ? rpc::to_text(*id) : std::string();
  if (method == "system.listComponents") {
    // The host's announcement: its method map is the params object.
    if (const rapidjson::Value* params = member(frame, "params"); params && params->IsObject()) {
      std::set<std::string, std::less<>> served;
      for (const auto& m : params->GetObject()) served.emplace(m.name.GetString(), m.name.GetStringLength());
      {
        std::lock_guard lock(mu_);
        served_.swap(served);
        announced_ = true;
      }
      announced_cv_.notify_all();
    }
    if (!id_text.empty()) to_peer(rpc::result_frame(id_text, methods_json_));
    return;
  }
  if (auto async = handlers_.async_methods.find(method); async != handlers_.async_methods.end()) {
    async->second(args_of(frame), reply_to(std::move(id_text)));
    return;
  }
  auto handler = handlers_.methods.find(method);
  if (handler == handlers_.methods.end()) {
    if (!id_text.empty())
      to_peer(rpc::error_frame(id_text, rpc::kMethodNotFound, "the adapter has no method " + std::string(method)));
    return;
  }
  handler->second(args_of(frame));
  if (!id_text.empty()) to_peer(rpc::result_frame(id_text, "null"));
}

LocalClient::Reply LocalClient::reply_to(std::string id_text) {
  auto once = std::make_shared<std::atomic<bool>>(false);
  return [weak = weak_from_this(), id_text = std::move(id_text), once](acdc_status status, std::string_view payload) {
    std::shared_ptr<LocalClient> self = weak.lock();
    if (!self || id_text.empty() || once->exchange(true)) return;
    {
      std::lock_guard lock(self->mu_);
      if (self->closed_) return;  // the peer is gone; its pending call failed already
    }
    self->to_peer(status == ACDC_OK
                      ? rpc::result_frame(id_text, payload.empty() ? std::string_view("null") : payload)
                      : rpc::error_frame(id_text, rpc::to_jsonrpc_code(status), payload));
  };
}

void LocalClient::on_response(const rapidjson::Value& frame) {
  const rapidjson::Value* id = member(frame, "id");
  uint64_t key = 0;
  if (!id) return;
  if (id->IsUint64()) {
    key = id->GetUint64();
  } else if (id->IsString()) {
    std::string_view s(id->GetString(), id->GetStringLength());
    std::from_chars(s.data(), s.data() + s.size(), key);
  }
  rpc::ReplyHandler done;
  {
    std::lock_guard lock(mu_);
    auto it = pending_.find(key);
    if (it == pending_.end()) return;  // failed already by disconnect()
    done = std::move(it->second);
    pending_.erase(it);
  }
  if (const rapidjson::Value* error = member(frame, "error"); error && error->IsObject()) {
    const rapidjson::Value* code = member(*error, "code");
    const rapidjson::Value* message = member(*error, "message");
    return done(code && code->IsInt() ? rpc::from_jsonrpc_code(code->GetInt()) : ACDC_E_INTERNAL,
                message && message->IsString() ? message->GetString() : "the host's error had no message");
  }
  const rapidjson::Value* result = member(frame, "result");
  done(ACDC_OK, result ? rpc::to_text(*result) : std::string("null"));
}

void LocalClient::disconnect() {
  {
    std::lock_guard lock(mu_);
    if (closed_) return;
    closed_ = true;
  }
  if (peer_) peer_->on_closed();
  fail_pending();
}

void LocalClient::close(uint16_t, std::string) {
  bool was_open;
  {
    std::lock_guard lock(mu_);
    was_open = !closed_;
  }
  disconnect();
  if (was_open && handlers_.on_closed) handlers_.on_closed();
}

void LocalClient::fail_pending() {
  std::unordered_map<uint64_t, rpc::ReplyHandler> pending;
  {
    std::lock_guard lock(mu_);
    pending.swap(pending_);
  }
  for (auto& [id, done] : pending) done(ACDC_E_UNAVAILABLE, "the adapter's connection to the host closed");
}

}  // namespace acdc::host
