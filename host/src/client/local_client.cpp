// client/local_client.cpp -- see local_client.hpp.
#include <acdc/host/local_client.hpp>

#include "rpc/hub.hpp"
#include "rpc/peer.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>

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
  for (const auto& [name, handler] : handlers_.methods) {
    if (methods_json_.size() > 1) methods_json_ += ',';
    rpc::append_quoted(methods_json_, name);
    methods_json_ += ":true";
  }
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
    if (!id_text.empty()) to_peer(rpc::result_frame(id_text, methods_json_));
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
