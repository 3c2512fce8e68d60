// net/http_session.hpp -- one HTTP connection: static files, or the upgrade.
//
// GET and HEAD serve the built webapp (net/static_files.hpp). A WebSocket
// upgrade on "/" that passes net::Access becomes a WsSession speaking
// jrpc-oo; one on "/ws", under the same rule, a WsSession speaking the
// Interactive Mode API (adapters/interactive/). POST, GET and DELETE on
// "/mcp" that pass Access::check_endpoint go to the HttpEndpoint that serves
// it (adapters/mcp/, through net/http_exchange.hpp), with bodies up to 8 MiB;
// anything else is answered with a status and a one-line reason.
#pragma once

#include "net/access.hpp"
#include "net/static_files.hpp"
#include "net/ws_session.hpp"

#include <acdc/host/http_endpoint.hpp>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <memory>
#include <optional>

namespace acdc::rpc {
class Hub;
}

namespace acdc::net {

// What every connection of one server shares.
struct ServerContext {
  StaticFiles files;
  Access access;
  rpc::Hub& hub;
  WsLimits ws_limits;
  WsEndpointFactory interactive;  // "/ws"; empty: not served
  std::shared_ptr<HttpEndpoint> mcp;  // "/mcp"; empty: not served
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, const ServerContext& context);
  // A connection back from an HttpExchange, with what it has read beyond its request.
  HttpSession(boost::beast::tcp_stream&& stream, boost::beast::flat_buffer&& buffer, const ServerContext& context);
  void run();

 private:
  void do_read();
  void on_header(boost::beast::error_code ec, size_t bytes);
  void on_read(boost::beast::error_code ec, size_t bytes);
  // Answers a request "/mcp" does not take (method, Access); true when it did.
  bool refuse_at_endpoint();
  void to_endpoint();
  void too_large();  // 413: the body is over the route's limit
  void on_refused(boost::beast::error_code ec, size_t bytes);
  void drain(size_t dropped);
  void refuse(boost::beast::http::status status, std::string body, const char* content_type);
  void on_write(bool keep_alive, boost::beast::error_code ec, size_t bytes);
  void upgrade();
  boost::beast::http::message_generator respond();

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  const ServerContext& context_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
};

}  // namespace acdc::net
