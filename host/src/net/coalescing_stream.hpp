// net/coalescing_stream.hpp -- a TCP stream that can gather several writes
// into one send.
//
// Sits between the WebSocket stream and the socket:
//
//   websocket::stream<CoalescingStream> ws(std::move(socket));
//   ws.next_layer().hold(true);    // more messages are queued behind this one
//   ws.async_write(...);           // framed, kept, completes at once
//   ws.next_layer().hold(false);   // the last one queued
//   ws.async_write(...);           // everything kept so far leaves with it, in one send
//
// Why: on loopback, each send() costs the sender its own TCP transmit and the
// receiver's softirq processing, several microseconds per message. Under load
// a connection has many replies queued; sending them together is most of the
// host's CPU saving. Messages are never reordered or split differently on
// the wire: the bytes are the same, only the syscalls are fewer. Control
// frames Beast writes itself (pong, close) go out with whatever is kept.
// At most kMaxHeld bytes are kept before a send is forced.
#pragma once

#include <boost/asio/async_result.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_cat.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include <string>

namespace acdc::net {

class CoalescingStream {
 public:
  using executor_type = boost::beast::tcp_stream::executor_type;
  using next_layer_type = boost::beast::tcp_stream;

  static constexpr size_t kMaxHeld = 256 * 1024;

  explicit CoalescingStream(boost::asio::ip::tcp::socket&& socket) : next_(std::move(socket)) {}

  executor_type get_executor() noexcept { return next_.get_executor(); }
  next_layer_type& next_layer() noexcept { return next_; }

  // [strand] While set, writes are kept (up to kMaxHeld bytes) and complete
  // at once; the first write after it is cleared sends everything kept.
  void hold(bool on) { hold_ = on; }

  template <class MutableBuffers, class Handler>
  auto async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    return next_.async_read_some(buffers, std::forward<Handler>(handler));
  }

  template <class ConstBuffers, class Handler>
  auto async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    return boost::asio::async_initiate<Handler, void(boost::system::error_code, size_t)>(
        [this](auto&& h, const ConstBuffers& b) { write_some(std::move(h), b); }, handler, buffers);
  }

 private:
  template <class H, class ConstBuffers>
  void write_some(H&& handler, const ConstBuffers& buffers) {
    const size_t size = boost::asio::buffer_size(buffers);
    if (hold_ && held_.size() + size <= kMaxHeld) {
      for (auto it = boost::asio::buffer_sequence_begin(buffers); it != boost::asio::buffer_sequence_end(buffers); ++it)
        held_.append(static_cast<const char*>((*it).data()), (*it).size());
      // Completing inside the initiating function is not allowed: post it.
      auto ex = boost::asio::get_associated_executor(handler, next_.get_executor());
      boost::asio::post(ex, [h = std::move(handler), size]() mutable { h(boost::system::error_code{}, size); });
      return;
    }
    if (held_.empty()) return next_.async_write_some(buffers, std::move(handler));
    sending_.swap(held_);
    held_.clear();
    // The whole of `buffers` leaves with the kept bytes, so the caller is
    // told all of it was written (never a partial count that includes ours).
    auto ex = boost::asio::get_associated_executor(handler, next_.get_executor());
    boost::asio::async_write(
        next_, boost::beast::buffers_cat(boost::asio::buffer(sending_), buffers),
        boost::asio::bind_executor(ex, [this, h = std::move(handler), size](boost::system::error_code ec,
                                                                             size_t) mutable {
          sending_.clear();
          h(ec, ec ? 0 : size);
        }));
  }

  boost::beast::tcp_stream next_;
  std::string held_;     // framed bytes accepted but not sent yet
  std::string sending_;  // the kept bytes of the send in progress
  bool hold_ = false;
};

// Closing a WebSocket tears down the layer below (found by ADL).
inline void teardown(boost::beast::role_type role, CoalescingStream& s, boost::system::error_code& ec) {
  using boost::beast::websocket::teardown;
  teardown(role, s.next_layer(), ec);
}

template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, CoalescingStream& s, TeardownHandler&& handler) {
  using boost::beast::websocket::async_teardown;
  async_teardown(role, s.next_layer(), std::forward<TeardownHandler>(handler));
}

}  // namespace acdc::net
