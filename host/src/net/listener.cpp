#include "net/listener.hpp"

#include <acdc/host/log.hpp>


namespace acdc::net {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Status Listener::bind(net::io_context& io, const std::string& address, unsigned short port,
                      int attempts, std::shared_ptr<Listener>& out) {
  boost::system::error_code ec;
  auto ip = net::ip::make_address(address, ec);
  if (ec)
    return Status(ACDC_E_INVALID_PARAMS,
                  "'" + address + "' is not an IP address: set bind to 127.0.0.1 in the config");
  for (int i = 0; i < attempts; ++i) {
    unsigned short candidate = port == 0 ? 0 : static_cast<unsigned short>(port + i);
    tcp::acceptor acceptor(io);
    tcp::endpoint endpoint(ip, candidate);
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (!ec) {
      out = std::shared_ptr<Listener>(new Listener(io, std::move(acceptor)));
      out->port_ = out->acceptor_.local_endpoint().port();
      return {};
    }
    if (port == 0) break;
  }
  return Status(ACDC_E_UNAVAILABLE, "no free port between " + std::to_string(port) + " and " +
                                        std::to_string(port + attempts - 1) + " on " + address + ": " +
                                        ec.message() + "; pass --port N to choose another");
}

Listener::Listener(net::io_context& io, tcp::acceptor acceptor)
    : io_(io), acceptor_(std::move(acceptor)) {}

void Listener::start(const ServerContext& context) {
  context_ = &context;
  do_accept();
}

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ignored;
    self->acceptor_.close(ignored);
  });
}

void Listener::do_accept() {
  // No strand per connection: one thread runs io_ (app.cpp, kIoThreads), so
  // a connection's handlers never run at once anyway, and a strand cost
  // every asynchronous step an executor copy and a queue (bench/host).
  acceptor_.async_accept(io_, boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::beast::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted) return;
  if (ec) {
    log::debug("accept failed: " + ec.message());
  } else {
    boost::system::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<HttpSession>(std::move(socket), *context_)->run();
  }
  do_accept();
}

}  // namespace acdc::net
