// bb7/provider_get.cpp -- see provider_get.hpp.
#include "bb7/provider_get.hpp"

#include <acdc/sdk/error.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <chrono>

namespace acdc::adapters::bb7 {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {

constexpr std::chrono::seconds kTimeout{30};  // §7.1: /credits and /models use 30 s

struct Url {
  bool tls = false;
  std::string host, port, target;
};

Url parse_url(const std::string& url) {
  Url u;
  std::string rest;
  if (url.rfind("https://", 0) == 0) u.tls = true, rest = url.substr(8);
  else if (url.rfind("http://", 0) == 0) rest = url.substr(7);
  else throw Error(ACDC_E_INVALID_PARAMS, "base_url must start with http:// or https:// (" + url + ")");
  std::size_t slash = rest.find('/');
  std::string hostport = rest.substr(0, slash);
  u.target = slash == std::string::npos ? "/" : rest.substr(slash);
  std::size_t colon = hostport.rfind(':');
  u.host = colon == std::string::npos ? hostport : hostport.substr(0, colon);
  u.port = colon == std::string::npos ? (u.tls ? "443" : "80") : hostport.substr(colon + 1);
  return u;
}

// Runs one asynchronous step to its end on `io`. Beast's stream timeouts
// bound asynchronous operations only ("Timeouts are not available when
// performing synchronous operations", basic_stream.hpp): with synchronous
// reads, a provider that accepts and never answers held get_models forever.
template <class Start>
void run_step(net::io_context& io, Start start) {
  beast::error_code ec;
  start([&ec](beast::error_code e, auto&&...) { ec = e; });
  io.restart();
  io.run();
  if (ec) throw beast::system_error(ec);
}

template <class Stream>
HttpReply exchange(net::io_context& io, Stream& stream, const Url& u, const std::string& api_key) {
  http::request<http::empty_body> req{http::verb::get, u.target, 11};
  req.set(http::field::host, u.host);
  req.set(http::field::authorization, "Bearer " + api_key);
  req.set(http::field::accept, "application/json");
  run_step(io, [&](auto handler) { http::async_write(stream, req, handler); });
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  run_step(io, [&](auto handler) { http::async_read(stream, buffer, res, handler); });
  return {static_cast<int>(res.result_int()), res.body()};
}

}  // namespace

HttpReply provider_get(const std::string& url, const std::string& api_key) {
  const Url u = parse_url(url);
  try {
    net::io_context io;
    net::ip::tcp::resolver resolver(io);
    auto endpoints = resolver.resolve(u.host, u.port);
    if (!u.tls) {
      beast::tcp_stream stream(io);
      stream.expires_after(kTimeout);  // the whole exchange: connect, write, read
      run_step(io, [&](auto handler) { stream.async_connect(endpoints, handler); });
      return exchange(io, stream, u, api_key);
    }
    net::ssl::context ctx(net::ssl::context::tls_client);
    ctx.set_default_verify_paths();
    ctx.set_verify_mode(net::ssl::verify_peer);
    beast::ssl_stream<beast::tcp_stream> stream(io, ctx);
    SSL_set_tlsext_host_name(stream.native_handle(), u.host.c_str());
    stream.set_verify_callback(net::ssl::host_name_verification(u.host));
    beast::get_lowest_layer(stream).expires_after(kTimeout);
    run_step(io, [&](auto handler) { beast::get_lowest_layer(stream).async_connect(endpoints, handler); });
    run_step(io, [&](auto handler) { stream.async_handshake(net::ssl::stream_base::client, handler); });
    return exchange(io, stream, u, api_key);
  } catch (const boost::system::system_error& e) {
    throw Error(ACDC_E_UNAVAILABLE, "request to " + u.host + " failed: " + e.code().message());
  }
}

}  // namespace acdc::adapters::bb7
