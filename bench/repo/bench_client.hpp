// bench_client.hpp -- a lean jrpc-oo client for timing big replies.
//
// The tests' WsClient parses every incoming message twice (once to see if it
// is a request to serve, once to match the reply's id), which on a 6 MB tree
// reply is tens of milliseconds the plugin never spent. This client parses
// each message once, as a browser's JSON.parse would, and answers the host's
// own system.listComponents calls so the connection stays valid.
//
//   BenchClient client(host.port(), host.token());
//   rapidjson::Document reply = client.call("Repo.get_file_tree", "[]");   // {"id":..,"result":..}
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <rapidjson/document.h>

#include <cstdint>
#include <string>

namespace acdc::bench {

class BenchClient {
 public:
  BenchClient(unsigned short port, const std::string& token);
  ~BenchClient();

  // Sends Class.method with `args_json` (a JSON array) and returns the reply
  // with that id, parsed once; serves any host requests that come first.
  rapidjson::Document call(const std::string& method, const std::string& args_json);

 private:
  rapidjson::Document read_reply(uint64_t id);
  void serve(const rapidjson::Document& request);
  void send(const std::string& text);

  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
  boost::beast::flat_buffer buffer_;
  uint64_t next_id_ = 1;
};

}  // namespace acdc::bench
