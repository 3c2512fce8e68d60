// net/listener.hpp -- binds the host's port and accepts connections.
//
//   std::shared_ptr<Listener> l;
//   Status s = Listener::bind(io, "127.0.0.1", 18080, /*attempts=*/50, l);  // 18080, 18081, ...
//   if (!s.ok()) return log::error(s.message());
//   l->start(context);   // each connection becomes an HttpSession
//
// (The example is compiled by tests/host/header_examples_test.cpp.)
//
// Binding happens before plugins load, so the port is taken (and the kernel
// queues connections) within milliseconds of start; accepting starts once
// the plugins are active, so the first handshake already lists every method.
#pragma once

#include "net/http_session.hpp"

#include <acdc/util/status.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <memory>
#include <string>

namespace acdc::net {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Tries `port`, then the next ports, `attempts` in all; port 0 lets the
  // kernel choose. Sets `out` to the bound listener, or returns why not:
  // INVALID_PARAMS for an address that is not an IP, UNAVAILABLE when no
  // port in the range is free (the message names the range and --port).
  static Status bind(boost::asio::io_context& io, const std::string& address, unsigned short port,
                     int attempts, std::shared_ptr<Listener>& out);

  unsigned short port() const { return port_; }
  void start(const ServerContext& context);
  void stop();

 private:
  Listener(boost::asio::io_context& io, boost::asio::ip::tcp::acceptor acceptor);
  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  const ServerContext* context_ = nullptr;
  unsigned short port_ = 0;
};

}  // namespace acdc::net
