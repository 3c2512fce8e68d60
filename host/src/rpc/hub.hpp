// rpc/hub.hpp -- the state every connection shares: the router, the set of
// connected clients, fan-out to them, and start-up progress for late joiners.
//
//   hub.call(client, "AcApp.streamChunk", args, done);   // one client
//   hub.call_all("Client.mirror", args, done);           // {remote id: result}
//   hub.report_progress("indexing", "Indexing repository... 3/10", 60);
//
// Lists are copied under the lock and messages are sent outside it.
#pragma once

#include "rpc/peer.hpp"
#include "rpc/router.hpp"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace acdc::rpc {

class Hub {
 public:
  explicit Hub(Router& router) : router_(router) {}

  Router& router() { return router_; }

  acdc_client add(std::shared_ptr<Peer> peer);
  void remove(acdc_client id);
  std::shared_ptr<Peer> find(acdc_client id) const;
  std::vector<std::shared_ptr<Peer>> peers() const;
  size_t size() const;

  // Calls `method` on one client; `done` runs once.
  void call(acdc_client client, std::string_view method, std::string_view args_json,
            ReplyHandler done);
  // Calls `method` on every client that exposes it; `done` gets the jrpc-oo
  // map {"<remote id>": result} (`{}` when none does), or the first failure.
  void call_all(std::string_view method, std::string_view args_json, ReplyHandler done);
  // Notifies one client or ACDC_CLIENT_ALL; ACDC_E_UNAVAILABLE if nobody got it.
  acdc_status notify(acdc_client client, std::string_view method, std::string_view args_json);

  // Sends AcApp.startupProgress to every client and remembers it, so that a
  // client connecting later sees the current stage at once.
  void report_progress(std::string_view stage, std::string_view message, int percent);
  // A client told us its methods (handshake done): replay the progress.
  void on_client_ready(Peer& peer);
  // The method map changed (a plugin came or went): tell every client.
  void announce_methods();

  // Hooks for plugin events; set once before serving.
  std::function<void(acdc_client)> on_connect;
  std::function<void(acdc_client)> on_disconnect;
  std::chrono::milliseconds call_timeout{60000};

 private:
  Router& router_;
  mutable std::mutex mu_;
  acdc_client next_id_ = 1;
  std::map<acdc_client, std::weak_ptr<Peer>> peers_;
  // The latest startupProgress args JSON of each stage, in the order the
  // stages first reported: a client joining after "ready" must still learn
  // of a stage that goes on in the background (indexing), and one joining
  // during it must not miss "ready".
  std::vector<std::pair<std::string, std::string>> progress_;
};

}  // namespace acdc::rpc
