#include "adapters/interactive/local_converse.hpp"

#include "rpc/call_origin.hpp"
#include "rpc/json_util.hpp"

namespace acdc::interactive {
namespace {

constexpr std::string_view kConverse = "LLMService.converse";

// The text of AcApp.converseChunk's args [request_id, {text?, thinking?}];
// thinking has no place in this protocol.
bool chunk_text(std::string_view args_json, std::string& request_id, std::string& text) {
  rapidjson::Document args;
  if (rpc::parse_limited(args_json, args, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !args.IsArray() ||
      args.Size() != 2 || !args[0].IsString() || !args[1].IsObject())
    return false;
  auto t = args[1].FindMember("text");
  if (t == args[1].MemberEnd() || !t->value.IsString()) return false;
  request_id.assign(args[0].GetString(), args[0].GetStringLength());
  text.assign(t->value.GetString(), t->value.GetStringLength());
  return true;
}

}  // namespace

LocalConverse::LocalConverse(rpc::Hub& hub, boost::asio::any_io_executor executor)
    : hub_(hub), routes_(std::make_shared<Routes>()) {
  adapters::LocalClient::Handlers handlers;
  handlers.methods.emplace("AcApp.converseChunk", [routes = routes_](std::string_view args_json) {
    std::string request_id, text;
    if (!chunk_text(args_json, request_id, text)) return;
    OnChunk on_chunk;
    {
      std::lock_guard lock(routes->mu);
      auto it = routes->by_request.find(request_id);
      if (it == routes->by_request.end()) return;
      on_chunk = it->second;
    }
    on_chunk(std::move(text));
  });
  client_ = adapters::LocalClient::connect(hub, std::move(executor), std::move(handlers));
}

LocalConverse::~LocalConverse() { client_->disconnect(); }

std::optional<std::string> LocalConverse::unavailable() const {
  auto table = hub_.router().table();
  if (table && table->routes.find(kConverse) != table->routes.end()) return std::nullopt;
  if (table)
    if (auto why = table->absent_classes.find("LLMService"); why != table->absent_classes.end())
      return "the llm plugin serves no session: " + why->second;
  return std::string("the llm plugin is not in this build: the Interactive Mode API needs it for its model");
}

void LocalConverse::converse(const std::string& request_id, std::string request_json, OnChunk on_chunk,
                             OnDone done) {
  {
    std::lock_guard lock(routes_->mu);
    routes_->by_request[request_id] = std::move(on_chunk);
  }
  std::string args = "[";
  rpc::append_quoted(args, request_id);
  args += ',';
  args += request_json;
  args += ']';
  client_->call(kConverse, args,
                [routes = routes_, request_id, done = std::move(done)](acdc_status status, std::string_view body) {
                  {
                    std::lock_guard lock(routes->mu);
                    routes->by_request.erase(request_id);
                  }
                  if (status == rpc::kStatusMethodNotFound)
                    return done(status, "the llm plugin is not in this build: " + std::string(body));
                  done(status, std::string(body));
                });
}

void LocalConverse::cancel(const std::string& request_id) {
  std::string args = "[";
  rpc::append_quoted(args, request_id);
  args += ']';
  // A round that ended meanwhile answers "not running": nothing to do.
  client_->call("LLMService.cancel_converse", args, [](acdc_status, std::string_view) {});
}

}  // namespace acdc::interactive
