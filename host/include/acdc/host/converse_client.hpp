// acdc/host/converse_client.hpp -- the engine call every adapter makes
// (adapters/README.md): LLMService.converse and cancel_converse over
// one LocalClient, with each AcApp.converseChunk routed to the call that
// asked for it by its request id.
//
//   ConverseClient engine(hub, executor);
//   if (auto why = engine.unavailable()) refuse(*why);      // no llm plugin in this build
//   engine.converse("s1-1", R"({"messages":[...]})",
//                   [](const ConverseDelta& d) { ... },     // in order, any thread
//                   [](acdc_status s, std::string_view reply) { ... });   // once, after the deltas
//   engine.cancel("s1-1");                                  // its reply then says cancelled
//   engine.call("LLMService.count_tokens", R"([["a","b"]])", done);       // any other method
#pragma once

#include <acdc/host/local_client.hpp>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace acdc::host {

struct ConverseDelta {
  std::string text;
  std::string thinking;
};

class ConverseClient {
 public:
  using OnDelta = std::function<void(const ConverseDelta&)>;

  ConverseClient(rpc::Hub& hub, boost::asio::any_io_executor executor);
  ~ConverseClient();  // leaves the hub like a closed socket
  ConverseClient(const ConverseClient&) = delete;
  ConverseClient& operator=(const ConverseClient&) = delete;

  // Why no model can be reached (the llm plugin is not loaded, and why);
  // nullopt when LLMService.converse is routed.
  std::optional<std::string> unavailable() const;
  // One round; `request_json` is converse's request object. A missing
  // plugin answers rpc::kStatusMethodNotFound with a message saying so.
  void converse(const std::string& request_id, std::string_view request_json, OnDelta on_delta,
                rpc::ReplyHandler done);
  // Asks a running round to stop; a round that ended meanwhile is left be.
  void cancel(const std::string& request_id);
  void call(std::string_view method, std::string_view args_json, rpc::ReplyHandler done);

 private:
  // Delta sinks by request id; shared with the client's handler, which may
  // run on a plugin's thread after this object is gone.
  struct Routes {
    std::mutex mu;
    std::unordered_map<std::string, OnDelta> by_request;
  };

  rpc::Hub& hub_;
  std::shared_ptr<Routes> routes_;
  std::shared_ptr<LocalClient> client_;
};

}  // namespace acdc::host
