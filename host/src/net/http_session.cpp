#include "net/http_session.hpp"

#include <acdc/host/log.hpp>

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>

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

void HttpSession::run() {
  boost::asio::dispatch(stream_.get_executor(),
                        beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->body_limit(64 * 1024);  // GET requests have no business carrying a body
  stream_.expires_after(kRequestTimeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, size_t) {
  if (ec == http::error::end_of_stream) {
    beast::error_code ignored;
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
    return;
  }
  if (ec) return;
  if (beast::websocket::is_upgrade(parser_->get())) return upgrade();
  bool keep_alive = parser_->get().keep_alive();
  beast::async_write(stream_, respond(),
                     beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::upgrade() {
  auto req = parser_->release();
  std::string_view target = req.target();
  std::string_view path = target.substr(0, target.find('?'));
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
