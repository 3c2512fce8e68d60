// acp/engine.cpp -- see engine.hpp.
#include "acp/engine.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/reply.hpp>
#include <acdc/sdk/error.hpp>

#include <rapidjson/document.h>

#include <chrono>
#include <future>
#include <thread>

namespace acdc::adapters::acp {
namespace {

constexpr auto kWait = std::chrono::seconds(60);

// The args array of a frame, or an empty array when it is not one.
rapidjson::Document args_of(std::string_view args_json) {
  rapidjson::Document doc;
  if (rpc::parse_limited(args_json, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsArray()) doc.SetArray();
  return doc;
}

std::string string_at(const rapidjson::Value& args, rapidjson::SizeType i) {
  return i < args.Size() && args[i].IsString() ? std::string(args[i].GetString(), args[i].GetStringLength()) : std::string();
}

}  // namespace

std::shared_ptr<Engine::Turn> Engine::Routes::find(std::string_view request_id) {
  std::lock_guard lock(mu);
  auto it = by_request.find(request_id);
  return it == by_request.end() ? nullptr : it->second;
}

Engine::Engine() : routes_(std::make_shared<Routes>()) {}

Engine::~Engine() {
  if (client_) client_->disconnect();
}

void Engine::attach(rpc::Hub& hub, boost::asio::any_io_executor executor) {
  std::weak_ptr<Routes> weak = routes_;
  // The llm plugin sends a turn's frames to every client; a turn of the
  // browser's is not ours, and is left be.
  auto to_turn = [weak](void (Turn::*deliver)(std::string_view)) {
    return [weak, deliver](std::string_view args_json) {
      auto routes = weak.lock();
      rapidjson::Document args = args_of(args_json);
      auto turn = routes ? routes->find(string_at(args, 0)) : nullptr;
      if (!turn) return;
      if (deliver == &Turn::on_complete || deliver == &Turn::on_step)
        ((*turn).*deliver)(args.Size() > 1 ? rpc::to_text(args[1]) : "{}");
      else ((*turn).*deliver)(string_at(args, 1));
    };
  };
  // A call that names its turn by request id (args[0]): the turn gets the
  // remaining args, or the call fails saying no such turn is running.
  using TurnCall = void (*)(Turn&, const rapidjson::Document& args, Reply reply);
  auto of_request = [weak](const char* doing, TurnCall deliver) {
    return [weak, doing, deliver](std::string_view args_json, Reply reply) {
      auto routes = weak.lock();
      rapidjson::Document args = args_of(args_json);
      auto turn = routes ? routes->find(string_at(args, 0)) : nullptr;
      if (!turn) return reply(ACDC_E_FAILED_PRECONDITION, std::string("no ACP turn of this request is running to ") + doing);
      deliver(*turn, args, std::move(reply));
    };
  };
  auto current = [weak]() -> std::shared_ptr<Turn> {
    auto routes = weak.lock();
    if (!routes) return nullptr;
    std::lock_guard lock(routes->mu);
    return routes->current;
  };
  host::LocalClient::Handlers handlers;
  handlers.methods = {{"AcApp.streamChunk", to_turn(&Turn::on_text)},
                      {"AcApp.streamThinking", to_turn(&Turn::on_thinking)},
                      {"AcApp.agentStep", to_turn(&Turn::on_step)},
                      {"AcApp.streamComplete", to_turn(&Turn::on_complete)}};
  handlers.async_methods = {
      {"AcApp.readTextFile",
       [current](std::string_view args_json, Reply reply) {
         auto turn = current();
         if (!turn) return reply(ACDC_E_FAILED_PRECONDITION, "no ACP turn is running to read a file for");
         turn->on_read(string_at(args_of(args_json), 0), std::move(reply));
       }},
      {"AcApp.askPermission", of_request("ask for",
                                         [](Turn& turn, const rapidjson::Document& args, Reply reply) {
                                           turn.on_ask(args.Size() > 1 ? rpc::to_text(args[1]) : "{}", std::move(reply));
                                         })},
      {"AcApp.runCommand", of_request("run a command for",
                                      [](Turn& turn, const rapidjson::Document& args, Reply reply) {
                                        turn.on_run(string_at(args, 1), args.Size() > 2 ? rpc::to_text(args[2]) : "{}",
                                                    std::move(reply));
                                      })},
      {"AcApp.writeTextFile", [current](std::string_view args_json, Reply reply) {
         auto turn = current();
         if (!turn) return reply(ACDC_E_FAILED_PRECONDITION, "no ACP turn is running to write a file for");
         rapidjson::Document args = args_of(args_json);
         std::optional<std::string> old;
         if (args.Size() > 2 && args[2].IsString()) old = string_at(args, 2);
         turn->on_write(string_at(args, 0), string_at(args, 1), std::move(old), std::move(reply));
       }}};
  auto client = host::LocalClient::connect(hub, std::move(executor), std::move(handlers));
  {
    std::lock_guard lock(mu_);
    client_ = std::move(client);
    settled_ = true;
  }
  ready_cv_.notify_all();
}

void Engine::give_up(const std::string& why) {
  {
    std::lock_guard lock(mu_);
    unavailable_ = why;
    settled_ = true;
  }
  ready_cv_.notify_all();
}

bool Engine::attached() const {
  std::lock_guard lock(mu_);
  return client_ != nullptr;
}

host::LocalClient& Engine::client() {
  std::unique_lock lock(mu_);
  if (!ready_cv_.wait_for(lock, kWait, [this] { return settled_; }))
    throw acdc::Error(ACDC_E_UNAVAILABLE, "acdc's plugins are still starting after 60 s: try again");
  if (!client_) throw acdc::Error(ACDC_E_UNAVAILABLE, unavailable_.empty() ? "acdc's plugins did not start" : unavailable_);
  return *client_;  // never replaced once set
}

void Engine::wait_ready() {
  const auto deadline = std::chrono::steady_clock::now() + kWait;
  for (;;) {
    rapidjson::Document state;
    state.Parse(call("LLMService.get_current_state", "[]").c_str());
    if (state.IsObject() && state.HasMember("init_complete") && state["init_complete"].IsTrue()) return;
    if (std::chrono::steady_clock::now() > deadline)
      throw acdc::Error(ACDC_E_UNAVAILABLE, "the llm plugin has not restored its session after 60 s: see acdc's log");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::string Engine::call(std::string_view method, std::string_view args_json) {
  auto answer = std::make_shared<std::promise<std::pair<acdc_status, std::string>>>();
  auto future = answer->get_future();
  call_async(method, args_json, [answer](acdc_status status, std::string_view text) {
    answer->set_value({status, std::string(text)});
  });
  if (future.wait_for(kWait) != std::future_status::ready)
    throw acdc::Error(ACDC_E_TIMEOUT, std::string(method) + " did not answer within 60 s");
  auto [status, text] = future.get();
  if (status == rpc::kStatusMethodNotFound)
    throw acdc::Error(status, "the llm plugin is not in this build: acdc acp cannot reach a model (" + text + ")");
  if (status != ACDC_OK) throw acdc::Error(status, text);
  return text;
}

void Engine::call_async(std::string_view method, std::string_view args_json, rpc::ReplyHandler done) {
  client().call(method, args_json, std::move(done));
}

void Engine::begin(const std::string& request_id, std::shared_ptr<Turn> turn) {
  std::lock_guard lock(routes_->mu);
  routes_->by_request[request_id] = turn;
  routes_->current = std::move(turn);
}

void Engine::end(const std::string& request_id) {
  std::lock_guard lock(routes_->mu);
  auto it = routes_->by_request.find(request_id);
  if (it == routes_->by_request.end()) return;
  if (routes_->current == it->second) routes_->current.reset();
  routes_->by_request.erase(it);
}

}  // namespace acdc::adapters::acp
