// acdc/host/http_endpoint.hpp -- a plain HTTP route that an adapter serves.
//
// HttpSession serves static files on GET; one route ("/mcp", the MCP
// Streamable HTTP transport, adapters/mcp/) is handed to an HttpEndpoint
// after the host's own checks (net::Access::check_endpoint: Host, Origin,
// token). The endpoint answers each request through its HttpResponder: one
// whole response, or a stream (`text/event-stream`) it writes to and ends.
//
//   class Hello : public HttpEndpoint {
//     void on_request(HttpRequest request, std::shared_ptr<HttpResponder> out) override {
//       out->respond(200, {{"Content-Type", "text/plain"}}, "hello " + request.method + "\n");
//     }
//   };
//   context.mcp = std::make_shared<Hello>();   // net::ServerContext, net/http_session.hpp
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace acdc::net {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

// One request, read whole (its body at most kEndpointBodyLimit bytes; a
// larger one was answered 413 by the host and never reaches the endpoint).
struct HttpRequest {
  std::string method;  // "POST", "GET", "DELETE", ... as sent
  std::string target;  // path and query, "/mcp?token=..."
  HttpHeaders headers;  // names as sent; look them up with header()
  std::string body;

  // The first value of header `name` (case-insensitive); "" when absent.
  std::string_view header(std::string_view name) const;
};

inline constexpr size_t kEndpointBodyLimit = 8u << 20;

// The answer to one request. Every member must be called on executor(); the
// responder may be kept after on_request returns (answers that take time).
// Answer exactly once: respond(), or start_stream() then write()s then end().
// A responder dropped without an answer closes the connection.
class HttpResponder {
 public:
  virtual ~HttpResponder() = default;
  // A whole response; Content-Length is set from `body`.
  virtual void respond(int status, HttpHeaders headers, std::string body) = 0;
  // A 200 `text/event-stream` response, unbuffered and uncached, sent
  // chunk by chunk; the connection closes at end(). `on_close` runs once,
  // on executor(), when the stream ends for any reason: end(), the client
  // went away, or it stopped reading (more than 1 MiB unsent).
  virtual void start_stream(HttpHeaders headers, std::function<void()> on_close) = 0;
  // Bytes for the stream as given (the caller formats SSE events); ignored
  // once the stream has ended.
  virtual void write(std::string bytes) = 0;
  virtual void end() = 0;
  // The connection's executor: for timers and for work posted back from
  // other threads.
  virtual boost::asio::any_io_executor executor() const = 0;
};

class HttpEndpoint {
 public:
  virtual ~HttpEndpoint() = default;
  // Called on the connection's executor (responder->executor()).
  virtual void on_request(HttpRequest request, std::shared_ptr<HttpResponder> responder) = 0;
};

}  // namespace acdc::net
