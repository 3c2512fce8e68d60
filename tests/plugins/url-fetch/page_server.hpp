// page_server.hpp -- a web server on 127.0.0.1 for the url-fetch tests:
// each path answers a scripted page (status, headers, body), optionally
// trickled a few bytes at a time; paths under /git/ serve bare repositories
// in `git_root` through `git http-backend` (smart HTTP, as GitHub speaks),
// so the clone path runs against a real git server. One thread per
// connection, so a trickling page never holds up another request.
//
//   PageServer server;
//   server.page("/a", {.body = "<h1>Hi</h1>", .content_type = "text/html"});
//   server.url("/a");        // "http://127.0.0.1:<port>/a"
//   server.hits("/a");       // how many requests it answered
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <atomic>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace acdc::test {

struct Page {
  int status = 200;
  std::string body;
  std::string content_type = "text/html; charset=utf-8";
  std::vector<std::pair<std::string, std::string>> headers;  // more headers (Location, ...)
  int trickle_ms = 0;          // a pause before each chunk of trickle_bytes
  size_t trickle_bytes = 1;
  size_t repeat = 1;           // body sent this many times (a huge page without the memory)
};

class PageServer {
 public:
  explicit PageServer(std::filesystem::path git_root = {});
  ~PageServer();

  void page(const std::string& path, Page p);
  std::string url(const std::string& path) const;
  unsigned short port() const { return port_; }
  int hits(const std::string& path) const;

 private:
  void accept_loop();
  void serve(boost::asio::ip::tcp::socket socket);
  void serve_git(boost::asio::ip::tcp::socket& socket, const std::string& method, const std::string& target,
                 const std::map<std::string, std::string>& headers, const std::string& body);

  std::filesystem::path git_root_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  unsigned short port_ = 0;
  std::atomic<bool> stopping_{false};
  mutable std::mutex mu_;
  std::map<std::string, Page> pages_;
  std::map<std::string, int> hits_;
  std::vector<std::thread> threads_;
  std::thread acceptor_thread_;
};

}  // namespace acdc::test
