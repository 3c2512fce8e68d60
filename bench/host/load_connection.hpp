// load_connection.hpp -- one jrpc-oo WebSocket connection driven for load.
//
//   boost::asio::io_context io;
//   Recorder rec;
//   auto c = std::make_shared<LoadConnection>(io, target, rec);
//   c->start_echo(64);         // keeps 64 Echo.echo calls in flight, forever
//   c->start_stream(1000, 1024, 64);   // Echo.stream again and again, answering Client.chunk
//   io.run_for(10s);
//
// It speaks the dialect of shared/specs/reference/jrpc-oo-wire.md exactly as
// the real client does: answers the server's system.listComponents with its
// own map ({"Client.chunk":true,"Client.done":true}), sends its own, and
// starts the load once the server has answered. Single-threaded: every
// connection of a run shares one io_context, so the client uses one core and
// the server the other.
//
// The client must cost less per call than the servers it measures, or their
// figures end up as its own (a server that keeps up gets small batches). It
// therefore frames its requests into one send and reads buffered messages
// synchronously, through the host's own net/coalescing_stream.hpp.
#pragma once

#include "net/coalescing_stream.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace acdc::bench {

using Clock = std::chrono::steady_clock;

// What a run counts. Latencies are recorded only while `measuring` is set,
// so the warm-up does not count.
struct Recorder {
  bool measuring = false;
  uint64_t ops = 0;                     // echo replies, or Client.chunk callbacks
  std::vector<double> latencies_us;     // per echo call, or per whole stream
  // The worst latency since another thread last reset it (bench/hot_swap).
  std::atomic<uint64_t> worst_us{0};
};

// The bench clients' side of the jrpc-oo handshake: sends our
// system.listComponents ({"Client.chunk","Client.done"}) and answers the
// host's own until the host has answered ours. `write` sends one text
// frame, `read` returns the next.
void jrpc_handshake(const std::function<void(const std::string&)>& write, const std::function<std::string()>& read);

struct Target {
  std::string host = "127.0.0.1";
  unsigned short port = 0;
  std::string path = "/";               // with ?token=... for acdc
};

class LoadConnection : public std::enable_shared_from_this<LoadConnection> {
 public:
  LoadConnection(boost::asio::io_context& io, Target target, Recorder& recorder);

  // Connects and handshakes synchronously; throws with a message on failure.
  void connect();
  void start_echo(int inflight);
  void start_stream(int n, int size, int window);

 private:
  void read_next();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  // `text` is NUL-terminated, and is parsed in place.
  void on_message(char* text);
  void on_server_request(std::string_view id_text, std::string_view method);
  void on_reply(uint64_t id);
  void send(const std::string& frame);
  void send_echo();
  void send_stream();

  boost::beast::websocket::stream<acdc::net::CoalescingStream> ws_;
  Target target_;
  Recorder& rec_;
  boost::beast::flat_buffer buffer_;

  enum class Mode { echo, stream } mode_ = Mode::echo;
  int stream_n_ = 0, stream_size_ = 0, stream_window_ = 0;
  uint64_t next_id_ = 10;
  std::unordered_map<uint64_t, Clock::time_point> sent_at_;
};

}  // namespace acdc::bench
