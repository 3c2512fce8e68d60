// acdc/host/local_client.hpp -- an in-process jrpc-oo client of the host: a
// protocol adapter (adapters/README.md) reaches the plugins through
// it exactly as a browser tab does, over an rpc::Peer whose transport is
// this object instead of a socket.
//
//   auto client = LocalClient::connect(hub, executor, {
//       .methods = {{"AcApp.converseChunk", [](std::string_view args) { ... }}},
//       .async_methods = {{"AcApp.writeTextFile", [](std::string_view args, LocalClient::Reply reply) {
//           ask_the_editor(args, [reply](bool ok) { reply(ok ? ACDC_OK : ACDC_E_APPLICATION, ...); }); }}},
//       .on_closed = [] { ... }});
//   client->call("LLMService.converse", R"(["r1",{"messages":[...]}])",
//                [](acdc_status s, std::string_view result_or_message) { ... });
//   client->disconnect();   // as a closed socket: pending calls fail, the peer goes
//
// Frames the peer sends are handled on the sending thread, in order: a
// plugin's notifications for one call reach `methods` before that call's
// answer reaches its `done`. Handlers must not block.
#pragma once

#include <acdc/host/reply.hpp>
#include <acdc/host/transport.hpp>

#include <rapidjson/fwd.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

namespace acdc::rpc {
class Hub;
class Peer;
}  // namespace acdc::rpc

namespace acdc::host {

class LocalClient final : public rpc::Transport, public std::enable_shared_from_this<LocalClient> {
 public:
  // A server-to-client call or notification; `args_json` is its args array.
  // A call is answered with null once the handler returns.
  using Handler = std::function<void(std::string_view args_json)>;
  // The answer to a server-to-client call that an AsyncHandler gives later:
  // ACDC_OK with the result's JSON ("" = null), or a status with a message.
  // Call it once, from any thread; after disconnect() it does nothing.
  using Reply = std::function<void(acdc_status status, std::string_view result_or_message)>;
  // A server-to-client call the adapter answers when it can (it asked its
  // own client first: an editor's buffer, a user's permission). A
  // notification gets a `reply` that does nothing.
  using AsyncHandler = std::function<void(std::string_view args_json, Reply reply)>;
  struct Handlers {
    std::map<std::string, Handler, std::less<>> methods;
    std::map<std::string, AsyncHandler, std::less<>> async_methods;
    std::function<void()> on_closed;  // the host closed this client (shutdown)
  };

  static std::shared_ptr<LocalClient> connect(rpc::Hub& hub, boost::asio::any_io_executor executor,
                                              Handlers handlers);
  ~LocalClient() override;

  // Calls "Class.method" with `args_json` (a JSON array). `done` runs once,
  // on whichever thread completes the call: ACDC_OK with the result's JSON,
  // or a status with the message (rpc::kStatusMethodNotFound when no loaded
  // plugin serves the method; the message then says which plugin is absent).
  void call(std::string_view method, std::string_view args_json, rpc::ReplyHandler done);
  // Leaves like a closed connection; idempotent. Pending calls fail with
  // ACDC_E_UNAVAILABLE.
  void disconnect();
  acdc_client id() const;
  // Whether a loaded plugin serves "Class.method" now, as the host's last
  // announcement of its methods said (plugins load, unload and swap); an
  // adapter offers only what the build can serve (a trimmed build).
  bool serves(std::string_view method) const;
  // Waits until the host has announced its methods to this client (it does
  // so on an I/O thread, just after connect); false after `limit`.
  bool wait_for_methods(std::chrono::milliseconds limit) const;

  // rpc::Transport, for the peer.
  void send(std::string message) override;
  void close(uint16_t code, std::string reason) override;
  boost::asio::any_io_executor executor() override { return executor_; }

 private:
  LocalClient(boost::asio::any_io_executor executor, Handlers handlers);
  void on_request(const rapidjson::Value& frame);
  Reply reply_to(std::string id_text);
  void on_response(const rapidjson::Value& frame);
  void to_peer(std::string frame);
  void fail_pending();

  boost::asio::any_io_executor executor_;
  Handlers handlers_;
  std::shared_ptr<rpc::Peer> peer_;
  std::string methods_json_;  // our method map, for the peer's handshake

  mutable std::mutex mu_;
  std::set<std::string, std::less<>> served_;  // the host's methods, from its system.listComponents
  bool announced_ = false;                     // served_ holds an announcement
  mutable std::condition_variable announced_cv_;
  bool closed_ = false;
  uint64_t next_id_ = 1;
  std::unordered_map<uint64_t, rpc::ReplyHandler> pending_;
};

}  // namespace acdc::host
