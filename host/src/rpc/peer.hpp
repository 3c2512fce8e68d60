// rpc/peer.hpp -- one connected client speaking the jrpc-oo dialect.
//
// Follows shared/specs/reference/jrpc-oo-wire.md: on start the peer sends
// its own system.listComponents request with the host's method map as params
// (never [], see §0 rule 3), answers the client's two handshake requests in
// order, serves "Class.method" requests with {"args":[...]} params
// concurrently (answers leave as they finish), and makes calls to the client
// with positive integer ids, accepting replies that lack "result" (§0 rule 6).
// Pending calls to the client fail at once when it disconnects and after a
// timeout otherwise. Malformed frames get a JSON-RPC error, never a crash.
//
//   auto peer = std::make_shared<Peer>(hub, transport);
//   peer->start();
//   peer->on_message(text, size);         // for every text frame; text[size] == 0
//   peer->call("Client.chunk", "[0,\"x\"]", [](acdc_status s, std::string_view r) {...});
#pragma once

#include "util/string_hash.hpp"

#include <acdc/host/reply.hpp>
#include <acdc/host/transport.hpp>
#include <acdc/plugin_api.h>
#include <boost/asio/steady_timer.hpp>
#include <rapidjson/document.h>

#include <chrono>
#include <functional>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace acdc::rpc {

class Hub;

class Peer : public std::enable_shared_from_this<Peer> {
 public:
  Peer(Hub& hub, std::weak_ptr<Transport> transport);

  // Registers with the hub and sends the host's handshake request.
  void start();
  // Handles one text message from the client: `size` bytes at `text`, with
  // a NUL after them. It is parsed in place, so its bytes are changed.
  void on_message(char* text, size_t size);
  // The connection is gone: fails every pending call, unregisters.
  void on_closed();

  // Calls a method on the client. `done` runs once, on a host thread.
  void call(std::string_view method, std::string_view args_json, ReplyHandler done);
  // Sends a notification (no id, no answer). False once closed.
  bool notify(std::string_view method, std::string_view args_json);
  // Sends a system.listComponents request carrying `methods_json`, so the
  // client learns methods that appeared or went away.
  void announce(const std::string& methods_json);
  // Whether the client exposes `method`; true while its list is not known yet.
  bool exposes(std::string_view method) const;

  acdc_client id() const { return id_; }
  // The uuid that keys this client in jrpc-oo {remote: result} maps.
  const std::string& remote_id() const { return remote_id_; }

  void send(std::string frame);
  // Closes the connection (WebSocket close code and reason).
  void close(uint16_t code, std::string reason);

 private:
  void on_value(const rapidjson::Value& v);
  void on_request(const rapidjson::Value& v);
  void on_response(const rapidjson::Value& v);
  void answer_list_components(const std::string& id_text, const rapidjson::Value* params);
  void learn_methods(const rapidjson::Value& map);
  // Sends a request whose params are the concatenation of `params`.
  void send_request(std::string_view method, std::initializer_list<std::string_view> params,
                    ReplyHandler done);
  // Times out unanswered calls once a second while any are pending; runs
  // for whoever set sweep_armed_.
  void start_sweep();
  void sweep();

  struct Pending {
    ReplyHandler done;
    std::chrono::steady_clock::time_point deadline;
  };

  Hub& hub_;
  std::weak_ptr<Transport> transport_;
  acdc_client id_ = ACDC_CLIENT_NONE;
  std::string remote_id_;

  mutable std::mutex mu_;
  std::unordered_set<std::string, StringHash, std::equal_to<>> client_methods_;
  bool methods_known_ = false;
  bool closed_ = false;
  uint64_t next_id_ = 1;
  std::unordered_map<uint64_t, Pending> pending_;
  bool sweep_armed_ = false;
  std::unique_ptr<boost::asio::steady_timer> sweep_timer_;
};

}  // namespace acdc::rpc
