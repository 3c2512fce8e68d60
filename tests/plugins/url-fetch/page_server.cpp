#include "page_server.hpp"

#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <sstream>

namespace acdc::test {
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

PageServer::PageServer(std::filesystem::path git_root)
    : git_root_(std::move(git_root)), acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
  port_ = acceptor_.local_endpoint().port();
  acceptor_thread_ = std::thread([this] { accept_loop(); });
}

PageServer::~PageServer() {
  stopping_ = true;
  boost::system::error_code ec;
  // A connection to ourselves wakes the blocking accept.
  tcp::socket wake(io_);
  wake.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_), ec);
  acceptor_thread_.join();
  for (auto& t : threads_) t.join();
}

void PageServer::page(const std::string& path, Page p) {
  std::lock_guard lock(mu_);
  pages_[path] = std::move(p);
}

std::string PageServer::url(const std::string& path) const { return "http://127.0.0.1:" + std::to_string(port_) + path; }

int PageServer::hits(const std::string& path) const {
  std::lock_guard lock(mu_);
  auto it = hits_.find(path);
  return it == hits_.end() ? 0 : it->second;
}

void PageServer::accept_loop() {
  while (!stopping_) {
    tcp::socket socket(io_);
    boost::system::error_code ec;
    acceptor_.accept(socket, ec);
    if (ec || stopping_) return;
    std::lock_guard lock(mu_);
    threads_.emplace_back([this, s = std::move(socket)]() mutable { serve(std::move(s)); });
  }
}

void PageServer::serve(tcp::socket socket) {
  boost::system::error_code ec;
  asio::streambuf buf;
  size_t head_len = asio::read_until(socket, buf, "\r\n\r\n", ec);
  if (ec) return;
  std::string head(asio::buffers_begin(buf.data()), asio::buffers_begin(buf.data()) + head_len);
  buf.consume(head_len);
  std::istringstream lines(head);
  std::string method, target, version, line;
  lines >> method >> target >> version;
  std::getline(lines, line);
  std::map<std::string, std::string> headers;
  while (std::getline(lines, line) && line != "\r") {
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    if (!value.empty() && value.back() == '\r') value.pop_back();
    headers[key] = value;
  }
  std::string body(asio::buffers_begin(buf.data()), asio::buffers_end(buf.data()));
  if (auto len = headers.find("content-length"); len != headers.end() && body.size() < std::stoul(len->second)) {
    std::string rest(std::stoul(len->second) - body.size(), '\0');
    asio::read(socket, asio::buffer(rest), ec);
    body += rest;
  }
  if (target.starts_with("/git/") && !git_root_.empty()) return serve_git(socket, method, target, headers, body);
  const std::string path = target.substr(0, target.find('?'));
  Page p{.status = 404, .body = "not here", .content_type = "text/plain"};
  {
    std::lock_guard lock(mu_);
    ++hits_[path];
    if (auto it = pages_.find(path); it != pages_.end()) p = it->second;
  }
  std::string out = "HTTP/1.1 " + std::to_string(p.status) + " X\r\nConnection: close\r\nContent-Length: " +
                    std::to_string(p.body.size() * p.repeat) + "\r\n";
  if (!p.content_type.empty()) out += "Content-Type: " + p.content_type + "\r\n";
  for (const auto& [k, v] : p.headers) out += k + ": " + v + "\r\n";
  asio::write(socket, asio::buffer(out + "\r\n"), ec);
  for (size_t r = 0; r < p.repeat && !ec && !stopping_; ++r) {
    if (!p.trickle_ms) {
      asio::write(socket, asio::buffer(p.body), ec);
      continue;
    }
    for (size_t at = 0; at < p.body.size() && !ec && !stopping_; at += p.trickle_bytes) {
      std::this_thread::sleep_for(std::chrono::milliseconds(p.trickle_ms));
      asio::write(socket, asio::buffer(p.body.data() + at, std::min(p.trickle_bytes, p.body.size() - at)), ec);
    }
  }
  socket.shutdown(tcp::socket::shutdown_both, ec);
}

// CGI: git http-backend reads the request body on stdin and writes headers
// (Status: ...) and the body on stdout.
void PageServer::serve_git(tcp::socket& socket, const std::string& method, const std::string& target,
                           const std::map<std::string, std::string>& headers, const std::string& body) {
  const std::string path = target.substr(4, target.find('?') - 4);
  const std::string query = target.find('?') == std::string::npos ? "" : target.substr(target.find('?') + 1);
  int in[2], out[2];
  if (pipe(in) != 0 || pipe(out) != 0) return;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    if (int null = open("/dev/null", O_WRONLY); null >= 0) dup2(null, 2);  // "Not a git repository" is the answer, not noise
    close(in[1]);
    close(out[0]);
    auto header = [&](const char* k) { auto it = headers.find(k); return it == headers.end() ? std::string() : it->second; };
    setenv("GIT_PROJECT_ROOT", git_root_.c_str(), 1);
    setenv("GIT_HTTP_EXPORT_ALL", "1", 1);
    setenv("REQUEST_METHOD", method.c_str(), 1);
    setenv("PATH_INFO", path.c_str(), 1);
    setenv("QUERY_STRING", query.c_str(), 1);
    setenv("CONTENT_TYPE", header("content-type").c_str(), 1);
    setenv("CONTENT_LENGTH", std::to_string(body.size()).c_str(), 1);
    setenv("HTTP_GIT_PROTOCOL", header("git-protocol").c_str(), 1);
    setenv("REMOTE_ADDR", "127.0.0.1", 1);
    execlp("git", "git", "http-backend", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  std::thread writer([fd = in[1], &body] {
    size_t at = 0;
    while (at < body.size()) {
      ssize_t n = write(fd, body.data() + at, body.size() - at);
      if (n <= 0) break;
      at += static_cast<size_t>(n);
    }
    close(fd);
  });
  std::string cgi;
  char chunk[65536];
  for (ssize_t n; (n = read(out[0], chunk, sizeof chunk)) > 0;) cgi.append(chunk, static_cast<size_t>(n));
  close(out[0]);
  writer.join();
  waitpid(pid, nullptr, 0);
  size_t split = cgi.find("\r\n\r\n");
  size_t sep = 4;
  if (split == std::string::npos) split = cgi.find("\n\n"), sep = 2;
  std::string cgi_head = split == std::string::npos ? "" : cgi.substr(0, split);
  std::string cgi_body = split == std::string::npos ? cgi : cgi.substr(split + sep);
  std::string status = "200 OK";
  std::string out_head;
  std::istringstream hl(cgi_head);
  for (std::string line; std::getline(hl, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.starts_with("Status:")) status = line.substr(8);
    else if (!line.empty()) out_head += line + "\r\n";
  }
  std::string response = "HTTP/1.1 " + status + "\r\nConnection: close\r\nContent-Length: " +
                         std::to_string(cgi_body.size()) + "\r\n" + out_head + "\r\n" + cgi_body;
  boost::system::error_code ec;
  asio::write(socket, asio::buffer(response), ec);
  socket.shutdown(tcp::socket::shutdown_both, ec);
}

}  // namespace acdc::test
