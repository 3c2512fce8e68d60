// fake_provider/fake_provider_process.cpp -- see fake_provider_process.hpp.
#include "fake_provider_process.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>
#include <string>
#include <vector>

extern char** environ;

namespace acdc::test {
namespace http = boost::beast::http;

namespace {

std::string read_first_line(int fd) {
  std::string line;
  char c;
  while (::read(fd, &c, 1) == 1 && c != '\n') line.push_back(c);
  return line;
}

}  // namespace

std::string FakeProvider::binary() { return ACDC_TEST_FAKE_PROVIDER_BIN; }

FakeProvider::FakeProvider(const std::string& fixtures_dir) {
  int in_pipe[2], out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0 || pipe2(out_pipe, O_CLOEXEC) != 0)
    throw std::runtime_error("FakeProvider: pipe failed");
  std::vector<std::string> args{binary(), "--port", "0"};
  if (!fixtures_dir.empty()) args.insert(args.end(), {"--fixtures", fixtures_dir});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  int rc = posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in_pipe[0]);
  close(out_pipe[1]);
  stdin_fd_ = in_pipe[1];
  if (rc != 0) throw std::runtime_error("FakeProvider: cannot start " + binary());
  std::string line = read_first_line(out_pipe[0]);
  close(out_pipe[0]);
  auto colon = line.rfind(':');
  if (!line.starts_with("fake-provider listening on") || colon == std::string::npos)
    throw std::runtime_error("FakeProvider: unexpected first line '" + line + "'");
  port_ = static_cast<unsigned short>(std::stoi(line.substr(colon + 1)));
}

FakeProvider::~FakeProvider() {
  if (stdin_fd_ >= 0) close(stdin_fd_);
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
}

std::string FakeProvider::base_url() const {
  return "http://127.0.0.1:" + std::to_string(port_) + "/v1";
}

int FakeProvider::queue(const std::string& json_steps) {
  std::string reply = control("POST", "/_fake/queue", json_steps);
  auto colon = reply.find(':');
  if (reply.find("\"queued\"") == std::string::npos || colon == std::string::npos)
    throw std::runtime_error("FakeProvider: queue refused: " + reply);
  return std::stoi(reply.substr(colon + 1));
}

std::string FakeProvider::requests() const { return control("GET", "/_fake/requests", ""); }

void FakeProvider::reset() { control("POST", "/_fake/reset", ""); }

void FakeProvider::serve_window(long context_length, long n_ctx) {
  control("POST", "/_fake/served",
          "{\"context_length\":" + std::to_string(context_length) + ",\"n_ctx\":" + std::to_string(n_ctx) + "}");
}

void FakeProvider::serve(const std::string& served_json) {
  const std::string reply = control("POST", "/_fake/served", served_json);
  if (reply.find("\"served\"") == std::string::npos) throw std::runtime_error("FakeProvider: served refused: " + reply);
}

std::string FakeProvider::asked() const { return control("GET", "/_fake/asked", ""); }

std::string FakeProvider::control(const char* method, const std::string& target,
                                  const std::string& body) const {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  socket.connect({boost::asio::ip::make_address("127.0.0.1"), port_});
  http::request<http::string_body> request(http::string_to_verb(method), target, 11);
  request.set(http::field::host, "127.0.0.1");
  request.set(http::field::content_type, "application/json");
  request.body() = body;
  request.prepare_payload();
  http::write(socket, request);
  boost::beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(socket, buffer, response);
  return response.body();
}

}  // namespace acdc::test
