// soak_client.hpp -- one client of the soak benchmark: a jrpc-oo WebSocket
// connection that does what a user's tab does, at random, for as long as the
// run lasts: echo bursts of mixed sizes, slow calls, server-to-client
// streams it answers, and now and then a stream it walks away from in the
// middle (the socket closed with calls pending), after which it connects
// again.
//
//   SoakStats stats;
//   auto c = std::make_shared<SoakClient>(io, port, "/?token=bench", stats, seed);
//   c->start();          // connects and begins; runs on `io` until stop()
//
// A call "should have succeeded" unless the client itself dropped the
// connection while it was pending; every other error reply, connection
// loss or call unanswered after 30 s counts as a failure.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

namespace acdc::bench {

struct SoakStats {
  uint64_t calls_ok = 0;
  uint64_t calls_failed = 0;
  uint64_t calls_abandoned = 0;  // pending when the client dropped its own connection
  uint64_t streams = 0;          // finished streams
  uint64_t chunks = 0;           // Client.chunk callbacks answered
  uint64_t disconnects = 0;      // deliberate, mid-stream
  uint64_t reconnects = 0;
  std::vector<std::string> first_failures;  // what went wrong, the first few times

  void fail(std::string why);
};

class SoakClient : public std::enable_shared_from_this<SoakClient> {
 public:
  SoakClient(boost::asio::io_context& io, unsigned short port, std::string path, SoakStats& stats, uint32_t seed);

  void start();
  void stop();

 private:
  using Clock = std::chrono::steady_clock;
  enum class Kind { echo, slow, stream, doomed_stream };
  struct Pending {
    Kind kind;
    std::string expect;  // an echo's payload, compared with its answer
    Clock::time_point sent;
  };

  void connect();
  void next_action();
  void after(std::chrono::milliseconds delay);
  void call(Kind kind, const std::string& method, const std::string& args, std::string expect = {});
  void read_next();
  void on_message(const std::string& text);
  void on_server_request(const std::string& id_text, const std::string& method);
  void on_reply(uint64_t id, bool ok, const std::string& result, const std::string& error);
  void send(std::string frame);
  void write_next();
  // The connection broke: `deliberate` when this client closed it.
  void drop(bool deliberate, const std::string& why);
  void check_overdue();

  boost::asio::io_context& io_;
  unsigned short port_;
  std::string path_;
  SoakStats& stats_;
  std::mt19937 random_;
  std::unique_ptr<boost::beast::websocket::stream<boost::asio::ip::tcp::socket>> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  bool writing_ = false;
  bool stopped_ = false;
  bool connected_ = false;
  uint64_t generation_ = 0;  // bumped per connection: late handlers of an old one do nothing
  uint64_t next_id_ = 10;
  std::unordered_map<uint64_t, Pending> pending_;
  int doomed_chunks_left_ = -1;  // counting down to the deliberate drop
  boost::asio::steady_timer timer_;
  boost::asio::steady_timer overdue_timer_;
};

}  // namespace acdc::bench
