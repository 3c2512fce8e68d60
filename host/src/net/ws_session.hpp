// net/ws_session.hpp -- one WebSocket connection carrying jrpc-oo.
//
// Owns the Beast stream and a bounded outgoing queue, and hands every text
// message to its rpc::Peer. Follows Beast's chat-multi example: one class per
// connection, each async step a named on_* member, everything on the
// connection's executor.
//
//   std::make_shared<WsSession>(std::move(socket), hub, limits)->run(std::move(request));
//   std::make_shared<WsSession>(std::move(socket), make_endpoint, limits)->run(...);  // net/ws_endpoint.hpp
//
// Limits (jrpc-oo-wire.md §0 and §13): text frames only (a binary frame
// closes the connection with 1003), no permessage-deflate, messages up to
// 64 MiB (past that Beast closes with 1009), each message sent as one frame,
// pings answered by Beast and sent by us when the connection goes quiet (a
// peer that stays silent for a whole period after our ping is cut off), a
// client that stops reading is cut off once 128 MiB wait unsent.
//
// Cost per message matters (bench/host). Outgoing messages are framed by
// Beast's synchronous write into net/coalescing_stream.hpp, which sends
// whatever has gathered in one send, rather than one async_write each.
// Incoming bytes are received without Beast, and a whole text message is
// unmasked and checked for UTF-8 here; only other frames (control frames,
// fragments, frames split across receives) go through Beast's read. Replies produced while a message
// is handled are framed when the handler returns, without a post. The
// keepalive is one coarse timer per connection rather than Beast's idle
// timer, which re-arms on every read.
#pragma once

#include "net/coalescing_stream.hpp"
#include "rpc/peer.hpp"

#include <acdc/host/transport.hpp>
#include <acdc/host/ws_endpoint.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace acdc::net {

struct WsLimits {
  size_t max_message = 64u << 20;
  size_t max_queued = 128u << 20;
  std::chrono::milliseconds keepalive{30000};  // ping after this long with nothing read
};

class WsSession : public rpc::Transport, public std::enable_shared_from_this<WsSession> {
 public:
  // jrpc-oo through an rpc::Peer.
  WsSession(boost::asio::ip::tcp::socket&& socket, rpc::Hub& hub, WsLimits limits);
  // Another protocol: messages go to the endpoint `make_endpoint` returns.
  WsSession(boost::asio::ip::tcp::socket&& socket, WsEndpointFactory make_endpoint, WsLimits limits);
  ~WsSession() override;

  void run(boost::beast::http::request<boost::beast::http::string_body> request);

  void send(std::string message) override;
  void close(uint16_t code, std::string reason) override;
  boost::asio::any_io_executor executor() override { return ws_.get_executor(); }

 private:
  void on_accept(boost::beast::error_code ec);
  void arm_keepalive();
  void on_keepalive(boost::beast::error_code ec);
  void do_read();
  void async_read();
  void on_receive(boost::beast::error_code ec);
  void on_read(boost::beast::error_code ec, size_t bytes);
  // Handles every whole text message already received, without Beast and
  // without a trip through the scheduler each, then reads on; their replies
  // leave together.
  void read_buffered();
  // Takes the message message_ready() found into buffer_; false (and the
  // connection closing with 1007) when it is not UTF-8.
  bool take_message();
  // Handles what a read produced; false once the session stops reading.
  bool handle_message(boost::beast::error_code ec, bool text);
  // Sends the replies queued while messages were handled.
  void flush_read_replies();
  // Frames what is queued and sends it; then a requested close.
  void drain();
  // Frames what is queued into the stream's buffer, without sending.
  void frame_queued();
  // Sends what is queued, then the close frame; `drop_queued` when the
  // queue itself is the trouble (a client that stopped reading).
  void request_close(uint16_t code, std::string reason, bool drop_queued = false);
  void on_close(boost::beast::error_code ec);
  void shut_down();

  boost::beast::websocket::stream<CoalescingStream> ws_;
  boost::beast::flat_buffer buffer_;
  rpc::Hub* hub_ = nullptr;         // jrpc-oo sessions
  WsEndpointFactory make_endpoint_;  // other protocols
  WsLimits limits_;
  std::shared_ptr<rpc::Peer> peer_;
  std::shared_ptr<WsEndpoint> endpoint_;
  boost::asio::steady_timer keepalive_;
  uint64_t frames_read_ = 0;       // [executor] data and control frames, for the keepalive
  uint64_t frames_at_tick_ = 0;    // [executor] frames_read_ at the last keepalive tick
  bool ping_unanswered_ = false;   // [executor] a ping went out and nothing came back yet
  bool flush_after_read_ = false;  // [executor] replies were queued while on_read ran
  bool close_started_ = false;     // [executor] Beast's closing handshake runs: reads go through Beast

  std::mutex mu_;  // guards the queue; the stream itself lives on the executor
  std::vector<std::string> queue_;
  size_t queued_bytes_ = 0;
  bool drain_scheduled_ = false;  // a drain() will take what is queued
  bool closing_ = false;          // no more messages are accepted
  std::optional<boost::beast::websocket::close_reason> pending_close_;
  std::vector<std::string> draining_;  // [executor] the batch drain() frames; keeps its capacity
};

}  // namespace acdc::net
