// acdc/host/transport.hpp -- what a protocol peer needs from its connection.
//
// A WebSocket session implements it today; a stdio session can tomorrow.
// Every member may be called from any thread.
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <string>

namespace acdc::rpc {

class Transport {
 public:
  virtual ~Transport() = default;
  // Queues one text message. Messages leave in the order they were queued.
  virtual void send(std::string message) = 0;
  // Closes the connection with a WebSocket close code and a reason.
  virtual void close(uint16_t code, std::string reason) = 0;
  // The executor that serialises this connection's work (for timers).
  virtual boost::asio::any_io_executor executor() = 0;
};

}  // namespace acdc::rpc
