// acdc/host/ws_endpoint.hpp -- a protocol other than jrpc-oo on a WebSocket.
//
// WsSession hands "/" connections to an rpc::Peer. Another route ("/ws",
// the Interactive Mode API, adapters/interactive/) gives WsSession a factory
// that makes one WsEndpoint per accepted connection; it receives the text
// messages and answers through the Transport it was made with.
//
//   WsEndpointFactory make = [](std::weak_ptr<rpc::Transport> t) { return std::make_shared<Mine>(t); };
//   std::make_shared<WsSession>(std::move(socket), make, limits)->run(std::move(request));
#pragma once

#include <acdc/host/transport.hpp>

#include <cstddef>
#include <functional>
#include <memory>

namespace acdc::net {

// Every member is called on the connection's executor (Transport::executor()).
class WsEndpoint {
 public:
  virtual ~WsEndpoint() = default;
  // One text message: `size` bytes at `text`, NUL after them, valid for the call only.
  virtual void on_message(char* text, size_t size) = 0;
  // One binary message. True keeps the connection open; false closes it (1003).
  virtual bool on_binary() = 0;
  // The connection is gone.
  virtual void on_closed() = 0;
};

using WsEndpointFactory = std::function<std::shared_ptr<WsEndpoint>(std::weak_ptr<rpc::Transport>)>;

}  // namespace acdc::net
