// net/coalescing_stream.hpp -- a TCP stream whose writes gather into one
// send.
//
// Sits between the WebSocket stream and the socket:
//
//   websocket::stream<CoalescingStream> ws(std::move(socket));
//   ws.next_layer().set_owner(weak_from_this());   // kept alive by its sends
//   ws.write(net::buffer(a), ec);                  // framed and kept, at once
//   ws.write(net::buffer(b), ec);
//   ws.next_layer().flush();                       // a and b leave in one send
//
// Why: each message through Beast's async_write cost a composed operation
// and a trip through the scheduler, and each send() costs the sender its
// own TCP transmit and the receiver's softirq work; at 100-byte messages
// these were most of the host's CPU (bench/host). Framing with Beast's
// synchronous write into memory costs neither. The bytes on the wire are the
// ones Beast frames, in order; only the syscalls are fewer.
//
// A flush while a send is in flight leaves the new bytes kept: they go when
// that send completes, so a busy connection sends in ever larger batches.
// Frames Beast writes itself (pong, ping, close) go through async_write_some
// and leave the same way. A failed send closes the socket, so the pending
// read fails and the session shuts down.
//
// Threads: everything here runs on the connection's I/O thread, except
// unsent_bytes(), which any thread may read.
#pragma once

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include <atomic>
#include <memory>
#include <string>

namespace acdc::net {

class CoalescingStream {
 public:
  using next_layer_type = boost::asio::ip::tcp::socket;
  using executor_type = next_layer_type::executor_type;

  explicit CoalescingStream(next_layer_type&& socket) : socket_(std::move(socket)) {}

  executor_type get_executor() noexcept { return socket_.get_executor(); }
  next_layer_type& next_layer() noexcept { return socket_; }

  // Whose lifetime a send in flight extends (the session holding this stream).
  void set_owner(std::weak_ptr<void> owner) { owner_ = std::move(owner); }

  // Starts a send of everything kept, unless one is in flight (then it goes
  // when that one completes).
  void flush();

  // Bytes accepted and not yet handed to the kernel. Any thread.
  size_t unsent_bytes() const { return unsent_.load(std::memory_order_relaxed); }

  // SyncWriteStream: keeps the bytes; never blocks, never fails.
  template <class ConstBuffers>
  size_t write_some(const ConstBuffers& buffers, boost::system::error_code& ec) {
    ec = {};
    return keep(buffers);
  }
  template <class ConstBuffers>
  size_t write_some(const ConstBuffers& buffers) {
    return keep(buffers);
  }

  // Beast's own frames: kept, sent, and reported written at once (after a
  // failed send, the error instead).
  template <class ConstBuffers, class Handler>
  auto async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    return boost::asio::async_initiate<Handler, void(boost::system::error_code, size_t)>(
        [this](auto&& h, const ConstBuffers& b) {
          const boost::system::error_code ec = failed_;
          const size_t n = ec ? 0 : keep(b);
          flush();
          auto ex = boost::asio::get_associated_executor(h, socket_.get_executor());
          boost::asio::post(ex, [h = std::move(h), ec, n]() mutable { h(ec, n); });
        },
        handler, buffers);
  }

  template <class MutableBuffers>
  size_t read_some(const MutableBuffers& buffers, boost::system::error_code& ec) {
    return socket_.read_some(buffers, ec);
  }
  template <class MutableBuffers>
  size_t read_some(const MutableBuffers& buffers) {
    return socket_.read_some(buffers);
  }
  template <class MutableBuffers, class Handler>
  auto async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    return socket_.async_read_some(buffers, std::forward<Handler>(handler));
  }

 private:
  template <class ConstBuffers>
  size_t keep(const ConstBuffers& buffers) {
    size_t n = 0;
    for (auto it = boost::asio::buffer_sequence_begin(buffers); it != boost::asio::buffer_sequence_end(buffers); ++it) {
      held_.append(static_cast<const char*>((*it).data()), (*it).size());
      n += (*it).size();
    }
    unsent_.fetch_add(n, std::memory_order_relaxed);
    return n;
  }

  void on_sent(boost::system::error_code ec);

  static constexpr size_t kKeepCapacity = 1u << 20;

  next_layer_type socket_;
  std::weak_ptr<void> owner_;
  std::string held_;     // framed bytes not handed to a send yet
  std::string sending_;  // the bytes of the send in flight
  bool in_flight_ = false;
  boost::system::error_code failed_;  // the first failed send
  std::atomic<size_t> unsent_{0};     // held_ + sending_
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
