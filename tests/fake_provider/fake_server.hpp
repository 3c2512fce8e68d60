// fake_provider/fake_server.hpp -- the fake LLM provider's HTTP server on
// 127.0.0.1: provider endpoints (POST completions, GET /models and /credits)
// answered from a queue of scripted steps,
// control endpoints (/_fake/queue, /_fake/requests, /_fake/reset) to script
// it and to see what the client sent. One thread per connection, so a
// hanging step never blocks the control endpoints.
// A local server's window (issue 41): POST /_fake/served {"context_length": N,
// "n_ctx": M} makes it answer Ollama's POST /api/show with N and llama.cpp's
// GET /props with M (each 404 until set, as a server without them does).
// Optional: "capabilities": [...] in /api/show's answer (absent: an older
// Ollama's), "models": {name: {"context_length", "capabilities"}} for one
// model each, and "loaded": [names] for GET /api/ps (404 until set). Those
// questions are not steps and not in the request log, but in GET /_fake/asked.
//
//   FakeServer server(fixtures, 0);      // 0: a free port
//   std::cout << server.port();
//   server.run();                        // serves until the process ends
#pragma once

#include "fixture_set.hpp"
#include "step_player.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <rapidjson/document.h>

#include <deque>
#include <map>
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
  // /api/show and /props; false for any other request.
  bool answer_served(boost::asio::ip::tcp::socket& socket, const Request& request);

  const FixtureSet& fixtures_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::mutex mu_;
  std::deque<std::string> steps_;      // JSON text of each queued step
  std::vector<std::string> requests_;  // JSON text of each logged request
  // POST /_fake/served; 0 or "": not served. JSON text for the arrays.
  struct Served {
    long context_length = 0, n_ctx = 0;
    std::string capabilities, loaded;
    std::map<std::string, std::pair<long, std::string>> models;  // name -> context_length, capabilities
    static Served from(const rapidjson::Value& v);
  };
  Served served_;
  std::vector<std::string> asked_;       // "POST /api/show <body>", "GET /props"
};

}  // namespace acdc::test
