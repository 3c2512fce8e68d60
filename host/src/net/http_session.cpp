#include "net/http_session.hpp"

#include "net/http_exchange.hpp"

#include <acdc/host/json.hpp>
#include <acdc/host/log.hpp>

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>

#include <limits>

namespace acdc::net {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {

// Scripts only from the host's own files: markup that slips into the page
// (a model's answer, a file name) cannot run an inline handler or a
// javascript: URL, or load anything from elsewhere. Pasted images are data:.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

constexpr auto kRequestTimeout = std::chrono::seconds(30);
constexpr const char* kEndpointPath = "/mcp";
// A refused request's body is read and dropped up to this much, for this long.
constexpr size_t kMaxDrained = 16u << 20;
constexpr auto kDrainTimeout = std::chrono::seconds(10);

std::string_view path_of(std::string_view target) { return target.substr(0, target.find('?')); }

// The endpoint's clients speak JSON-RPC: a refusal is an error they can show.
std::string json_rpc_error(std::string_view message) {
  std::string out = R"({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":)";
  rpc::append_quoted(out, message);
  return out + "}}";
}

http::response<http::string_body> text_response(const http::request<http::string_body>& req,
                                                http::status status, std::string body) {
  http::response<http::string_body> res{status, req.version()};
  res.set(http::field::server, "acdc");
  res.set(http::field::content_type, "text/plain; charset=utf-8");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body) + "\n";
  res.prepare_payload();
  return res;
}

}  // namespace

HttpSession::HttpSession(boost::asio::ip::tcp::socket&& socket, const ServerContext& context)
    : stream_(std::move(socket)), context_(context) {}

HttpSession::HttpSession(beast::tcp_stream&& stream, beast::flat_buffer&& buffer, const ServerContext& context)
    : stream_(std::move(stream)), buffer_(std::move(buffer)), context_(context) {}

void HttpSession::run() {
  boost::asio::dispatch(stream_.get_executor(),
                        beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  parser_.emplace();
  // The limit depends on the route: on_header sets it once the target is known.
  parser_->body_limit(std::numeric_limits<std::uint64_t>::max());
  stream_.expires_after(kRequestTimeout);
  http::async_read_header(stream_, buffer_, *parser_,
                          beast::bind_front_handler(&HttpSession::on_header, shared_from_this()));
}

void HttpSession::on_header(beast::error_code ec, size_t bytes) {
  if (ec) return on_read(ec, bytes);
  const bool endpoint = context_.mcp && path_of(parser_->get().target()) == kEndpointPath;
  // Refused before its body is read: a stranger's 8 MiB costs nothing.
  if (endpoint && refuse_at_endpoint()) return;
  // MCP messages (a file's edits) are larger than any GET has reason to carry.
  const std::uint64_t limit = endpoint ? kEndpointBodyLimit : 64 * 1024;
  if (auto length = parser_->content_length(); length && *length > limit) return too_large();
  parser_->body_limit(limit);  // a chunked body
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, size_t) {
  if (ec == http::error::end_of_stream) {
    beast::error_code ignored;
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
    return;
  }
  if (ec == http::error::body_limit) return too_large();
  if (ec) return;
  if (beast::websocket::is_upgrade(parser_->get())) return upgrade();
  if (context_.mcp && path_of(parser_->get().target()) == kEndpointPath) return to_endpoint();
  bool keep_alive = parser_->get().keep_alive();
  beast::async_write(stream_, respond(),
                     beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

bool HttpSession::refuse_at_endpoint() {
  const auto& req = parser_->get();
  const auto method = req.method();
  if (method != http::verb::post && method != http::verb::get && method != http::verb::delete_) {
    refuse(http::status::method_not_allowed, json_rpc_error(std::string(kEndpointPath) + " takes POST, GET and DELETE"),
           "application/json");
    return true;
  }
  auto refusal = context_.access.check_endpoint(req);
  if (!refusal) return false;
  log::warn(std::string("refused a request on ") + kEndpointPath + ": " + refusal->message);
  refuse(static_cast<http::status>(refusal->status), json_rpc_error(refusal->message), "application/json");
  return true;
}

void HttpSession::to_endpoint() {
  auto request = parser_->release();
  auto exchange = std::make_shared<HttpExchange>(std::move(stream_), std::move(buffer_), context_, request);
  context_.mcp->on_request(to_endpoint_request(std::move(request)), std::move(exchange));
}

void HttpSession::too_large() {
  if (context_.mcp && path_of(parser_->get().target()) == kEndpointPath)
    return refuse(http::status::payload_too_large,
                  json_rpc_error("the request body is over 8 MiB: send less at once (a line range, fewer edits)"),
                  "application/json");
  refuse(http::status::payload_too_large, std::string("the request body is over 64 KiB: only ") + kEndpointPath +
                                              " takes bodies that large", "text/plain; charset=utf-8");
}

// A response after which the connection closes: the request was not
// served, and what remains of it on the wire (an oversized body) is unread.
void HttpSession::refuse(http::status status, std::string body, const char* content_type) {
  http::response<http::string_body> res{status, parser_->get().version()};
  res.set(http::field::server, "acdc");
  res.set(http::field::content_type, content_type);
  if (status == http::status::unauthorized) res.set(http::field::www_authenticate, "Bearer realm=\"acdc\"");
  res.keep_alive(false);
  res.body() = std::move(body) + "\n";
  res.prepare_payload();
  beast::async_write(stream_, http::message_generator(std::move(res)),
                     beast::bind_front_handler(&HttpSession::on_refused, shared_from_this()));
}

void HttpSession::on_refused(beast::error_code ec, size_t) {
  if (ec) return;
  beast::error_code ignored;
  stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
  stream_.expires_after(kDrainTimeout);
  drain(0);
}

// A client still sending the body it was refused for sees a reset (EPIPE)
// instead of the answer if the socket closes under it: read and drop the
// rest first, within bounds.
void HttpSession::drain(size_t dropped) {
  buffer_.consume(buffer_.size());
  stream_.async_read_some(buffer_.prepare(64 * 1024),
                          [self = shared_from_this(), dropped](beast::error_code ec, size_t n) {
                            if (ec || dropped + n > kMaxDrained) return;
                            self->buffer_.commit(n);
                            self->drain(dropped + n);
                          });
}

void HttpSession::upgrade() {
  auto req = parser_->release();
  std::string_view path = path_of(req.target());
  const bool interactive = path == "/ws" && context_.interactive;
  if (path != "/" && !interactive) {
    auto res = text_response(req, http::status::not_found,
                             "no WebSocket endpoint at " + std::string(path) + ": connect to /" +
                                 (context_.interactive ? " (jrpc-oo) or /ws (Interactive Mode API)" : ""));
    return beast::async_write(stream_, http::message_generator(std::move(res)),
                              beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), false));
  }
  if (auto refusal = context_.access.check(req)) {
    log::warn("refused a WebSocket connection: " + *refusal);
    auto res = text_response(req, http::status::forbidden, *refusal);
    res.keep_alive(false);
    return beast::async_write(stream_, http::message_generator(std::move(res)),
                              beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), false));
  }
  if (interactive)
    return std::make_shared<WsSession>(stream_.release_socket(), context_.interactive, context_.ws_limits)
        ->run(std::move(req));
  std::make_shared<WsSession>(stream_.release_socket(), context_.hub, context_.ws_limits)
      ->run(std::move(req));
}

http::message_generator HttpSession::respond() {
  const auto& req = parser_->get();
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return text_response(req, http::status::method_not_allowed, "only GET and HEAD are served");
  Resolved r = context_.files.resolve(req.target());
  if (r.status == 403) return text_response(req, http::status::forbidden, "refused: " + r.reason);
  if (r.status == 404) return text_response(req, http::status::not_found, "not found: " + r.reason);
  if (r.placeholder) {
    auto res = text_response(req, http::status::ok, StaticFiles::placeholder_page());
    res.set(http::field::content_type, "text/html; charset=utf-8");
    return res;
  }
  beast::error_code ec;
  http::file_body::value_type body;
  body.open(r.path.c_str(), beast::file_mode::scan, ec);
  if (ec) return text_response(req, http::status::not_found, "not found: cannot open the file");
  const auto size = body.size();
  http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                      std::make_tuple(http::status::ok, req.version())};
  res.set(http::field::server, "acdc");
  res.set(http::field::content_type, StaticFiles::content_type(r.path));
  res.set("Content-Security-Policy", kContentSecurityPolicy);
  // Built assets carry content hashes in their names; index.html must not be cached.
  res.set(http::field::cache_control, r.path.filename() == "index.html" ? "no-cache" : "max-age=3600");
  res.content_length(size);
  res.keep_alive(req.keep_alive());
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> head{http::status::ok, req.version()};
    head.base() = res.base();
    head.content_length(size);
    return head;
  }
  return res;
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, size_t) {
  if (ec) return;
  if (!keep_alive) {
    beast::error_code ignored;
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
    return;
  }
  do_read();
}

}  // namespace acdc::net
