// client/converse_client.cpp -- see converse_client.hpp.
#include <acdc/host/converse_client.hpp>

#include "rpc/hub.hpp"

#include <acdc/host/json.hpp>

namespace acdc::host {
namespace {

constexpr std::string_view kConverse = "LLMService.converse";

std::string string_member(const rapidjson::Value& obj, const char* key) {
  auto it = obj.FindMember(key);
  return it != obj.MemberEnd() && it->value.IsString() ? std::string(it->value.GetString(), it->value.GetStringLength())
                                                       : std::string();
}

std::string quoted(std::string_view s) {
  std::string out;
  rpc::append_quoted(out, s);
  return out;
}

}  // namespace

ConverseClient::ConverseClient(rpc::Hub& hub, boost::asio::any_io_executor executor)
    : hub_(hub), routes_(std::make_shared<Routes>()) {
  LocalClient::Handlers handlers;
  // AcApp.converseChunk(request_id, {text?, thinking?})
  handlers.methods.emplace("AcApp.converseChunk", [routes = routes_](std::string_view args_json) {
    rapidjson::Document args;
    if (rpc::parse_limited(args_json, args, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !args.IsArray() ||
        args.Size() != 2 || !args[0].IsString() || !args[1].IsObject())
      return;
    OnDelta sink;
    {
      std::lock_guard lock(routes->mu);
      auto it = routes->by_request.find(std::string(args[0].GetString(), args[0].GetStringLength()));
      if (it == routes->by_request.end()) return;
      sink = it->second;
    }
    sink(ConverseDelta{string_member(args[1], "text"), string_member(args[1], "thinking")});
  });
  client_ = LocalClient::connect(hub, std::move(executor), std::move(handlers));
}

ConverseClient::~ConverseClient() { client_->disconnect(); }

std::optional<std::string> ConverseClient::unavailable() const {
  auto table = hub_.router().table();
  if (table && table->routes.find(kConverse) != table->routes.end()) return std::nullopt;
  if (table)
    if (auto why = table->absent_classes.find("LLMService"); why != table->absent_classes.end())
      return "the llm plugin is not loaded: " + why->second;
  return std::string("the llm plugin is not in this build: nothing here can reach a model");
}

void ConverseClient::converse(const std::string& request_id, std::string_view request_json, OnDelta on_delta,
                              rpc::ReplyHandler done) {
  {
    std::lock_guard lock(routes_->mu);
    routes_->by_request[request_id] = std::move(on_delta);
  }
  std::string args = "[" + quoted(request_id) + ",";
  args += request_json;
  args += ']';
  client_->call(kConverse, args,
                [routes = routes_, request_id, done = std::move(done)](acdc_status status, std::string_view reply) {
                  {
                    std::lock_guard lock(routes->mu);
                    routes->by_request.erase(request_id);
                  }
                  if (status == rpc::kStatusMethodNotFound)
                    return done(status, "the llm plugin is not in this build: " + std::string(reply));
                  done(status, reply);
                });
}

void ConverseClient::cancel(const std::string& request_id) {
  // A round that ended meanwhile answers "not running": nothing to do.
  client_->call("LLMService.cancel_converse", "[" + quoted(request_id) + "]", [](acdc_status, std::string_view) {});
}

void ConverseClient::call(std::string_view method, std::string_view args_json, rpc::ReplyHandler done) {
  client_->call(method, args_json, std::move(done));
}

}  // namespace acdc::host
