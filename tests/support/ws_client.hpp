// support/ws_client.hpp -- a small synchronous jrpc-oo client for C++ tests.
//
//   WsClient client(host.port(), host.token());       // connects, handshakes
//   auto r = client.call("Echo.add", "[2,3]");        // the response object
//   CHECK(r["result"].GetInt() == 5);
//   client.on("Client.chunk", [](const rapidjson::Value& args) { return "true"; });
//   auto calls = client.received("AcApp.streamChunk");  // server->client calls seen
//
// It answers the host's system.listComponents with its own method map and
// serves server->client calls with the registered handlers while it waits
// for a response. One thread only: for concurrency tests use the real
// jrpc-oo node client (tests/interop).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <rapidjson/document.h>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace acdc::test {

class WsClient {
 public:
  using Handler = std::function<std::string(const rapidjson::Value& args)>;

  struct Connect {
    std::string token;
    std::string origin;          // empty: no Origin header
    std::string path = "/";
    bool handshake = true;       // do the jrpc-oo listComponents exchange
    // Client methods known from the start, so the host's first view of this
    // client already lists them (handlers added later with on() are served,
    // but the host only calls methods a client announced).
    std::map<std::string, Handler> handlers = {};
  };

  WsClient(unsigned short port, const std::string& token);
  WsClient(unsigned short port, const Connect& options);
  ~WsClient();

  // Registers a client method the host may call; returns result JSON text.
  void on(const std::string& method, Handler handler);

  // Calls a host method and waits for its response object (with "result"
  // or "error"). Throws on timeout or when the connection closes.
  rapidjson::Document call(const std::string& method, const std::string& args_json,
                           std::chrono::milliseconds timeout = std::chrono::seconds(20));

  // Server->client requests and notifications seen so far: their args.
  std::vector<std::string> received(const std::string& method) const;
  // Reads and serves incoming messages for `duration`.
  void pump(std::chrono::milliseconds duration);
  // Pumps until `method` has been received `count` times, or times out.
  bool wait_for(const std::string& method, size_t count, std::chrono::milliseconds timeout);

  // Raw access for protocol tests.
  void send_text(const std::string& text);
  void send_binary(const std::string& bytes);
  // Writes client frames, built here byte for byte, in one write: the host
  // receives them together. Each is {first byte (FIN, RSV, opcode), payload};
  // masked with a zero key, so the payload goes as given.
  struct RawFrame {
    uint8_t first;
    std::string payload;
  };
  void send_together(const std::vector<RawFrame>& frames);
  // Next message that is not a server->client request; empty on timeout.
  std::string read_text(std::chrono::milliseconds timeout);
  bool is_open() const;
  // The close code the host sent, once the connection is closed (0 if none).
  int close_code() const { return close_code_; }

  std::string methods_json() const;

 private:
  bool read_one(std::string& out, std::chrono::milliseconds timeout);
  // The next message that is not a request from the host (those are served),
  // as text and parsed once; false on timeout or close.
  bool read_message(std::string& text, rapidjson::Document& doc, std::chrono::milliseconds timeout);
  bool serve_request(const rapidjson::Document& doc);
  void handshake();

  boost::asio::io_context io_;
  std::unique_ptr<boost::beast::websocket::stream<boost::asio::ip::tcp::socket>> ws_;
  boost::beast::flat_buffer buffer_;
  std::map<std::string, Handler> handlers_;
  std::map<std::string, std::vector<std::string>> received_;
  std::vector<std::string> backlog_;   // responses read while waiting for others
  uint64_t next_id_ = 3;
  bool read_pending_ = false;
  bool read_done_ = false;
  boost::beast::error_code read_ec_;
  int close_code_ = 0;
  bool open_ = false;
};

}  // namespace acdc::test
