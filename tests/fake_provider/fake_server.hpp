// fake_provider/fake_server.hpp -- the fake LLM provider's HTTP server on
// 127.0.0.1: provider endpoints (POST completions, GET /models and /credits)
// answered from a queue of scripted steps,
// control endpoints (/_fake/queue, /_fake/requests, /_fake/reset) to script
// it and to see what the client sent. One thread per connection, so a
// hanging step never blocks the control endpoints.
//
//   FakeServer server(fixtures, 0);      // 0: a free port
//   std::cout << server.port();
//   server.run();                        // serves until the process ends
#pragma once

#include "fixture_set.hpp"
#include "step_player.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace acdc::test {

class FakeServer {
 public:
  FakeServer(const FixtureSet& fixtures, unsigned short port);

  unsigned short port() const;
  void run();

 private:
  void serve(boost::asio::ip::tcp::socket socket);
  void answer_provider(boost::asio::ip::tcp::socket& socket, const Request& request);
  // Control endpoint replies; false when the target is not a control endpoint.
  bool answer_control(boost::asio::ip::tcp::socket& socket, const Request& request);
  void log_request(const Request& request);

  const FixtureSet& fixtures_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::mutex mu_;
  std::deque<std::string> steps_;      // JSON text of each queued step
  std::vector<std::string> requests_;  // JSON text of each logged request
};

}  // namespace acdc::test
