// net/coalescing_stream.hpp -- the TCP stream under the WebSocket: writes
// gather into one send, reads come from one large buffer.
//
//   websocket::stream<CoalescingStream> ws(std::move(socket));
//   ws.next_layer().set_owner(weak_from_this());   // kept alive by its sends
//   ws.next_layer().start(role_type::server);      // the upgrade is done: frames from here
//   ws.write(net::buffer(a), ec);                  // framed and kept, at once
//   ws.write(net::buffer(b), ec);
//   ws.next_layer().flush();                       // a and b leave in one send
//
//   ws.async_read(buf, on_read);                   // in on_read, after the message:
//   while (ws.next_layer().message_ready(max)) ws.read(buf, ec);   // never blocks
//
// Why: each message through Beast's async_write or async_read cost a
// composed operation and a trip through the scheduler (and an epoll_wait
// with it), and each send() costs the sender its own TCP transmit and the
// receiver's softirq work; at 100-byte messages these were most of the
// host's CPU (bench/host). The bytes on the wire are the ones Beast frames
// and parses; only the syscalls and scheduler trips are fewer.
//
// Writes: a flush hands the kept bytes to a non-blocking send right away;
// only what the kernel does not take goes through async_write. A flush
// while that is in flight leaves the new bytes kept: they go when it
// completes, so a connection whose peer reads slowly sends in ever larger
// batches. Past 16 KiB kept, a send starts without waiting for the flush,
// so the peer can work on the start of a long batch while the rest is being
// framed. Frames Beast writes itself (pong, ping, close) go through
// async_write_some and leave the same way. A failed send closes the socket,
// so the pending read fails and the session shuts down.
//
// Reads: up to 64 KiB come in per receive. A whole unfragmented text
// message the session takes itself (message_ready(), take_message());
// anything else Beast reads, and is handed bytes only up to the end of the
// frame it is reading, so when it completes a message its own buffer is
// empty and message_ready() can tell from ours alone whether the next
// message is already here, whole. (A client of this stream, the benchmark's
// load client, reads such a message with Beast's synchronous read, which
// then meets no control frame and cannot block.) A frame that breaks the
// protocol in a synchronous read makes Beast fail the connection:
// teardown() then sends what is kept (answers to the messages before it,
// and the close frame) as far as the kernel takes it at once, and closes the
// socket instead of waiting, as Beast's own does, for the peer to close.
//
// Threads: everything here runs on the connection's I/O thread, except
// unsent_bytes(), which any thread may read.
#pragma once

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

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

  // Once the HTTP upgrade is done, with nothing of the peer's first frame
  // read yet: the bytes are WebSocket frames from here on, from a peer of the
  // other role (only a client masks its frames). Before, synchronous writes
  // go straight to the socket and reads ignore frames, so that a synchronous
  // handshake works (the benchmark's load client).
  void start(boost::beast::role_type role) {
    framing_ = true;
    boost::system::error_code ignored;
    socket_.non_blocking(true, ignored);  // flush() sends what the kernel takes at once
    peer_masks_ = role == boost::beast::role_type::server;
  }

  // Sends everything kept, unless a send is in flight (then it goes when
  // that one completes).
  void flush();

  // Bytes accepted and not yet handed to the kernel. Any thread.
  size_t unsent_bytes() const { return unsent_.load(std::memory_order_relaxed); }
  // Past this many bytes kept and not yet sent, the peer is taken to have
  // stopped reading and the connection is dropped. The session's own queue
  // limit stops its messages earlier; this one also bounds the frames Beast
  // writes by itself (pongs to a client that pings and never reads).
  void set_max_unsent(size_t bytes) { max_unsent_ = bytes; }

  // SyncWriteStream: once started, keeps the bytes; never blocks, never fails.
  template <class ConstBuffers>
  size_t write_some(const ConstBuffers& buffers, boost::system::error_code& ec) {
    ec = {};
    if (!framing_) return boost::asio::write(socket_, buffers, ec);
    return keep(buffers);
  }
  template <class ConstBuffers>
  size_t write_some(const ConstBuffers& buffers) {
    if (!framing_) return boost::asio::write(socket_, buffers);
    return keep(buffers);
  }

  // A server's text message: framed as one unmasked frame (RFC 6455 §5.2)
  // and kept, as a synchronous write through Beast would, without Beast's
  // work per frame (most of the cost of sending an echo call's answer).
  void keep_text_frame(std::string_view message);

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

  // Bytes received and not handed to Beast yet.
  size_t buffered() const { return end_ - begin_; }

  // Whether a whole unfragmented text message of at most `max_payload` bytes
  // waits in the buffer, in a frame Beast would accept: the session then
  // takes it with take_message() (or a synchronous read, which cannot block).
  bool message_ready(uint64_t max_payload) const;
  // After message_ready(): the message's size, then the message itself,
  // unmasked into `out` and consumed, without Beast (whose synchronous read
  // of it cost a tenth of an echo call). It is not checked for UTF-8.
  size_t ready_payload() const;
  void take_message(char* out);

  // SyncReadStream. Once started, called by Beast's synchronous read only
  // after message_ready(), so the bytes are here; before (a synchronous
  // handshake), it waits for them as a socket does.
  template <class MutableBuffers>
  size_t read_some(const MutableBuffers& buffers, boost::system::error_code& ec) {
    ec = {};
    for (;;) {
      if (size_t n = hand_out(buffers)) return n;
      make_room();
      const size_t got = socket_.read_some(free_space(), ec);
      if (ec) return 0;
      end_ += got;
    }
  }
  template <class MutableBuffers>
  size_t read_some(const MutableBuffers& buffers) {
    boost::system::error_code ec;
    const size_t n = read_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }

  template <class MutableBuffers, class Handler>
  auto async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    return boost::asio::async_compose<Handler, void(boost::system::error_code, size_t)>(
        ReadOp<MutableBuffers>{*this, buffers}, handler, socket_);
  }

  // Receives more bytes into the buffer, without Beast: the session reads
  // whole messages synchronously from here (message_ready()), and starts
  // Beast's asynchronous read only for what it must parse across receives.
  // Calls `handler(ec)` on the socket's executor. A read Beast starts
  // meanwhile (its closing handshake reads the peer's close frame) waits for
  // this receive instead of starting a second one, which would race it.
  template <class Handler>
  void async_receive(Handler&& handler) {
    receiving_ = true;
    make_room();
    socket_.async_read_some(free_space(), Receive<std::decay_t<Handler>>{this, std::forward<Handler>(handler)});
  }

  // Beast's synchronous teardown, after a frame broke the protocol: sends
  // what is kept if it can without waiting, and closes.
  void close_now(boost::system::error_code& ec);

 private:
  // Bytes buffered for Beast, or completion of a receive that brings them.
  template <class MutableBuffers>
  struct ReadOp {
    CoalescingStream& s;
    MutableBuffers buffers;
    size_t handed = 0;
    bool started = false;

    template <class Self>
    void operator()(Self& self, boost::system::error_code ec = {}, size_t got = 0) {
      if (!started) {
        started = true;
        handed = s.hand_out(buffers);
        // Completing inside the initiating function is not allowed: post it.
        if (handed) return boost::asio::post(s.socket_.get_executor(), std::move(self));
        if (s.receiving_) {  // async_receive()'s bytes come to this read too
          s.waiting_read_ = std::make_unique<Waiting<Self>>(std::move(self));
          return;
        }
        return s.receive(std::move(self));
      }
      if (handed) return self.complete({}, handed);
      if (ec) return self.complete(ec, 0);
      s.end_ += got;
      handed = s.hand_out(buffers);
      if (handed) return self.complete({}, handed);
      s.receive(std::move(self));  // only part of a frame header so far
    }
  };

  template <class Self>
  void receive(Self&& self) {
    make_room();
    socket_.async_read_some(free_space(), std::forward<Self>(self));
  }

  // Copies buffered bytes into `buffers`, never past the end of the current
  // frame; 0 when a frame header is still incomplete.
  template <class MutableBuffers>
  size_t hand_out(const MutableBuffers& buffers) {
    size_t avail = end_ - begin_;
    if (framing_) {
      if (frame_left_ == 0) {
        frame_left_ = frame_size(rbuf_.data() + begin_, end_ - begin_);
        if (frame_left_ == 0) return 0;
      }
      avail = static_cast<size_t>(std::min<uint64_t>(avail, frame_left_));
    }
    if (avail == 0) return 0;
    const size_t n = boost::asio::buffer_copy(buffers, boost::asio::buffer(rbuf_.data() + begin_, avail));
    begin_ += n;
    if (framing_) frame_left_ -= n;
    if (begin_ == end_) begin_ = end_ = 0;
    return n;
  }

  // Header and payload bytes of the frame starting at `p`; 0 while its
  // header is incomplete (RFC 6455 §5.2).
  static uint64_t frame_size(const char* p, size_t len);
  void make_room();
  boost::asio::mutable_buffer free_space() { return boost::asio::buffer(rbuf_.data() + end_, rbuf_.size() - end_); }

  template <class ConstBuffers>
  size_t keep(const ConstBuffers& buffers) {
    // After a failed send or a teardown, nothing will send them.
    if (failed_) return boost::asio::buffer_size(buffers);
    if (unsent_bytes() + boost::asio::buffer_size(buffers) > max_unsent_) {
      fail(boost::asio::error::no_buffer_space);
      return boost::asio::buffer_size(buffers);
    }
    size_t n = 0;
    for (auto it = boost::asio::buffer_sequence_begin(buffers); it != boost::asio::buffer_sequence_end(buffers); ++it) {
      held_.append(static_cast<const char*>((*it).data()), (*it).size());
      n += (*it).size();
    }
    unsent_.fetch_add(n, std::memory_order_relaxed);
    if (held_.size() >= kSendAt) flush();
    return n;
  }

  void on_sent(boost::system::error_code ec);
  void fail(boost::system::error_code ec);  // a send failed: drop what is kept, close
  void finish_close();

  // Past this much kept, a send starts without waiting for the flush, so the
  // peer works on the first part of a long batch while this side frames the
  // rest (a stream of 1 KiB callbacks runs on both cores instead of taking
  // turns).
  static constexpr size_t kSendAt = 16u << 10;
  static constexpr size_t kReadBuffer = 64u << 10;

  next_layer_type socket_;
  std::weak_ptr<void> owner_;
  std::string held_;     // framed bytes not handed to a send yet
  std::string sending_;  // the bytes of the send in flight
  size_t sending_from_ = 0;  // how much of sending_ the kernel took before it
  bool in_flight_ = false;
  bool close_after_send_ = false;  // close_now() came while a send was in flight
  boost::system::error_code failed_;  // the first failed send
  std::atomic<size_t> unsent_{0};     // held_ + sending_
  size_t max_unsent_ = SIZE_MAX;

  // A ReadOp waiting for async_receive()'s bytes: it goes on with none of its own.
  struct WaitingRead {
    virtual ~WaitingRead() = default;
    virtual void resume(boost::system::error_code ec) = 0;
  };
  template <class Self>
  struct Waiting final : WaitingRead {
    Self self;
    explicit Waiting(Self s) : self(std::move(s)) {}
    void resume(boost::system::error_code ec) override { self(ec, 0); }
  };

  // async_receive()'s completion. Destroyed without being called (the
  // io_context stops with it pending), it drops the read waiting for it:
  // that read's handler keeps the session alive, and the session this
  // stream, so nothing else would ever free either.
  template <class Handler>
  struct Receive {
    CoalescingStream* s;  // null once called, or moved from
    Handler h;            // the session's: keeps it, and so the stream, alive

    Receive(CoalescingStream* stream, Handler handler) : s(stream), h(std::move(handler)) {}
    Receive(Receive&& other) noexcept : s(std::exchange(other.s, nullptr)), h(std::move(other.h)) {}
    Receive& operator=(Receive&&) = delete;
    ~Receive() {
      if (s) s->waiting_read_.reset();
    }

    void operator()(boost::system::error_code ec, size_t got) {
      CoalescingStream& stream = *std::exchange(s, nullptr);
      stream.receiving_ = false;
      stream.end_ += got;
      if (auto read = std::move(stream.waiting_read_)) read->resume(ec);
      h(ec);
    }
  };

  bool receiving_ = false;  // an async_receive() is in flight
  std::unique_ptr<WaitingRead> waiting_read_;

  std::vector<char> rbuf_ = std::vector<char>(kReadBuffer);
  size_t begin_ = 0, end_ = 0;  // the bytes received and not handed to Beast yet
  uint64_t frame_left_ = 0;     // bytes of Beast's current frame not handed yet
  bool framing_ = false;        // start() was called
  bool peer_masks_ = true;      // the peer is a client
};

// Closing a WebSocket tears down the layer below (found by ADL).
inline void teardown(boost::beast::role_type, CoalescingStream& s, boost::system::error_code& ec) {
  s.close_now(ec);
}

template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, CoalescingStream& s, TeardownHandler&& handler) {
  using boost::beast::websocket::async_teardown;
  async_teardown(role, s.next_layer(), std::forward<TeardownHandler>(handler));
}

}  // namespace acdc::net
