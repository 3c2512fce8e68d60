// net::WsSession in process, over a real loopback socket, where the host
// tests cannot reach: a close the host starts on a connection that is
// waiting for its next message. The session then has a receive of its own in
// flight (net/coalescing_stream.hpp); Beast's closing handshake must get the
// peer's close frame from it, or the handshake hangs until its timeout.
#include "net/ws_session.hpp"
#include "rpc/hub.hpp"
#include "rpc/router.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using boost::asio::ip::tcp;
using namespace std::chrono_literals;

TEST_CASE("a close the host starts on an idle connection completes at once") {
  boost::asio::io_context io;
  acdc::rpc::Router router;
  acdc::rpc::Hub hub{router};
  tcp::acceptor acceptor(io, {boost::asio::ip::make_address("127.0.0.1"), 0});

  // The client connects and upgrades; the host side reads the upgrade
  // request as HttpSession does and hands the socket to a WsSession.
  websocket::stream<tcp::socket> client(io);
  client.next_layer().connect(acceptor.local_endpoint());
  tcp::socket accepted = acceptor.accept();
  std::thread handshake([&] { client.handshake("127.0.0.1", "/"); });
  beast::flat_buffer upgrade_buffer;
  beast::http::request<beast::http::string_body> upgrade;
  beast::http::read(accepted, upgrade_buffer, upgrade);
  auto session = std::make_shared<acdc::net::WsSession>(std::move(accepted), hub, acdc::net::WsLimits{});
  session->run(std::move(upgrade));
  io.run_for(200ms);  // the 101 response, and the host's own listComponents
  handshake.join();
  io.restart();

  // The client reads; the host, waiting for the client's next message,
  // closes. Beast's client answers the close frame and then waits for the
  // host to close the TCP connection, which ends its read.
  beast::flat_buffer buffer;
  beast::error_code read_error;
  bool read_done = false;
  std::function<void()> read_next = [&] {
    client.async_read(buffer, [&](beast::error_code ec, size_t) {
      if (!ec) {  // the listComponents request: not answered, not needed
        buffer.consume(buffer.size());
        return read_next();
      }
      read_error = ec;
      read_done = true;
    });
  };
  read_next();
  io.run_for(100ms);
  CHECK_FALSE(read_done);

  const auto start = std::chrono::steady_clock::now();
  session->close(1001, "acdc is shutting down");
  while (!read_done && std::chrono::steady_clock::now() - start < 10s) {
    io.restart();
    io.run_for(50ms);
  }
  REQUIRE(read_done);
  CHECK(read_error == websocket::error::closed);
  CHECK(client.reason().code == 1001);
  // Before the close frame reached Beast, this took the handshake timeout (30 s).
  CHECK(std::chrono::steady_clock::now() - start < 2s);
}
