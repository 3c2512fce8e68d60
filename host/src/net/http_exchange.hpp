// net/http_exchange.hpp -- one request on an adapter's HTTP route, and the
// connection while it is answered.
//
// HttpSession hands the connection over once the request is read and
// allowed; the HttpEndpoint answers through this HttpResponder, perhaps
// much later (a tool call) or as a stream (server-sent events). After a
// whole response the connection goes back to a new HttpSession (keep-alive);
// after a stream it closes.
//
//   auto exchange = std::make_shared<HttpExchange>(std::move(stream), std::move(buffer), context, request);
//   context.mcp->on_request(to_endpoint_request(std::move(request)), exchange);
#pragma once

#include "net/http_session.hpp"

#include <acdc/host/http_endpoint.hpp>

#include <deque>
#include <optional>

namespace acdc::net {

// The request as an endpoint sees it.
HttpRequest to_endpoint_request(boost::beast::http::request<boost::beast::http::string_body>&& request);

class HttpExchange final : public HttpResponder, public std::enable_shared_from_this<HttpExchange> {
 public:
  HttpExchange(boost::beast::tcp_stream&& stream, boost::beast::flat_buffer&& buffer, const ServerContext& context,
               const boost::beast::http::request<boost::beast::http::string_body>& request);

  void respond(int status, HttpHeaders headers, std::string body) override;
  void start_stream(HttpHeaders headers, std::function<void()> on_close) override;
  void write(std::string bytes) override;
  void end() override;
  boost::asio::any_io_executor executor() const override;

 private:
  enum class State { waiting, streaming, ending, done };
  void on_response_written(boost::beast::error_code ec, size_t);
  void write_next();
  void on_written(boost::beast::error_code ec, size_t);
  void watch_for_close();
  void close();

  // Every member is used on the connection's executor.
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;  // what follows the request, for the next one
  const ServerContext& context_;
  unsigned version_;
  bool keep_alive_;
  State state_ = State::waiting;
  // The stream: its header, then chunks in order, one write at a time.
  std::optional<boost::beast::http::response<boost::beast::http::empty_body>> header_;
  std::optional<boost::beast::http::response_serializer<boost::beast::http::empty_body>> serializer_;
  bool header_sent_ = false;
  bool writing_ = false;
  std::deque<std::string> queue_;
  size_t queued_bytes_ = 0;
  std::function<void()> on_close_;
  char scratch_[512];  // bytes a streaming client sends are read only to see it leave
};

}  // namespace acdc::net
