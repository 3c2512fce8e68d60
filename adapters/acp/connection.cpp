// acp/connection.cpp -- see connection.hpp.
#include "acp/connection.hpp"

#include <acdc/host/errors.hpp>
#include <acdc/host/json.hpp>

#include <charconv>

namespace acdc::adapters::acp {

void Connection::result(const std::string& id, std::string_view result_json) {
  write_(rpc::result_frame(id, result_json));
}

void Connection::error(const std::string& id, int code, std::string_view message) {
  write_(rpc::error_frame(id, code, message));
}

void Connection::notify(std::string_view method, std::string_view params_json) {
  std::string frame = R"({"jsonrpc":"2.0","method":)";
  rpc::append_quoted(frame, method);
  frame += R"(,"params":)";
  frame += params_json;
  frame += '}';
  write_(frame);
}

void Connection::request(std::string_view method, std::string_view params_json, Done done) {
  uint64_t id = 0;
  {
    std::lock_guard lock(mu_);
    if (!closed_) {
      id = next_id_++;
      pending_.emplace(id, std::move(done));
    }
  }
  if (id == 0) return done(false, "the editor closed the connection");
  std::string frame = R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":)";
  rpc::append_quoted(frame, method);
  frame += R"(,"params":)";
  frame += params_json;
  frame += '}';
  write_(frame);
}

void Connection::on_response(const Incoming& in) {
  uint64_t key = 0;
  std::from_chars(in.id.data(), in.id.data() + in.id.size(), key);
  Done done;
  {
    std::lock_guard lock(mu_);
    auto it = pending_.find(key);
    if (it == pending_.end()) return;  // not ours, or answered twice
    done = std::move(it->second);
    pending_.erase(it);
  }
  if (const rapidjson::Value* err = in.member("error"); err && err->IsObject()) {
    auto message = err->FindMember("message");
    return done(false, message != err->MemberEnd() && message->value.IsString() ? message->value.GetString()
                                                                                : "the editor answered with an error");
  }
  const rapidjson::Value* result = in.member("result");
  done(true, result ? rpc::to_text(*result) : std::string("null"));
}

void Connection::close() {
  std::unordered_map<uint64_t, Done> pending;
  {
    std::lock_guard lock(mu_);
    closed_ = true;
    pending.swap(pending_);
  }
  for (auto& [id, done] : pending) done(false, "the editor closed the connection");
}

}  // namespace acdc::adapters::acp
