// rpc/router.hpp -- "Class.method" to whoever serves it.
//
// The routing table is immutable: the plugin manager builds a new one when
// plugins come or go and publishes it atomically, so dispatch never takes a
// lock on the table. A method is served by a call target (rpc/call_target.hpp):
// a plugin slot, which forwards to the slot's current generation, or a
// built-in handler of the host.
//
//   router.dispatch("Echo.add", "[1,2]", std::move(origin));
//
// The call path: every hop of one inbound call from a client, in order
// (a plugin's call_plugin() joins at step 3 with a PluginOrigin).
//   1. net::WsSession::on_read -> handle_message   one frame, on the I/O thread
//   2. rpc::Peer::on_message -> on_request         envelope parsed, id kept; a
//                                                  PeerOrigin made to answer it
//   3. rpc::Router::dispatch                       "Class.method" -> CallTarget
//                                                  (or "Method not found")
//   4. plugins::PluginSlot::dispatch               drain ticket of the current
//                                                  generation, under the slot's
//                                                  lock; queued during a swap
//   5. plugins::PluginSlot::invoke                 method looked up; acdc_call
//                                                  made (plugins/call.hpp) with
//                                                  the host's inbound ticket
//   6. the plugin's acdc_invoke_fn                 now or later, any thread
//   7. host complete_result / complete_error       (plugins/host_services.cpp)
//                                                  result checked as JSON
//   8. rpc::CallOrigin::finish                     PeerOrigin: the response
//                                                  frame (rpc/errors.hpp maps
//                                                  the status) to the session's
//                                                  write queue
//   9. acdc_call deleted                           tickets back: a swap's
//                                                  wait_drained / shutdown wake
#pragma once

#include "rpc/call_origin.hpp"
#include "rpc/call_target.hpp"
#include "util/string_hash.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace acdc::rpc {

struct RouteTable {
  std::unordered_map<std::string, std::shared_ptr<CallTarget>, StringHash, std::equal_to<>> routes;
  // Why a class is not served, for the "Method not found" message:
  // "Repo" -> "plugin 'repo' is not loaded: <reason>".
  std::map<std::string, std::string, std::less<>> absent_classes;
  // {"system.listComponents":true,"Echo.echo":true,...}, sent to clients.
  std::string methods_json;
};

// Builds methods_json from the routes (plus system.listComponents).
std::string describe_methods(const RouteTable& table);

class Router {
 public:
  Router();

  // [any] Routes one call; the answer always arrives through `origin`.
  void dispatch(std::string_view method, std::string_view args_json,
                std::unique_ptr<CallOrigin> origin) const;

  std::shared_ptr<const RouteTable> table() const;
  void publish(std::shared_ptr<const RouteTable> table);

 private:
  mutable std::mutex mu_;  // guards only the pointer swap and copy
  std::shared_ptr<const RouteTable> table_;
};

}  // namespace acdc::rpc
