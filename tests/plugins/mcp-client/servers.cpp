#include "servers.hpp"
#include "transport/http_transport.hpp"
#include "transport/stdio_transport.hpp"

#include <acdc/sdk/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <random>
#include <thread>


namespace acdc::mcp_client::test {
namespace {

// acdc ignores SIGPIPE (app/src/app.cpp): a message to a server that has
// exited fails with EPIPE, and its end is read on its stdout. The tests run
// the transport the same way.
const bool kSigpipeIgnored = [] {
  std::signal(SIGPIPE, SIG_IGN);
  return true;
}();

}  // namespace

std::string source_dir() { return ACDC_TEST_SOURCE_DIR; }
std::string node() { return "node"; }
std::string everything_js() { return source_dir() + "/node_modules/@modelcontextprotocol/server-everything/dist/index.js"; }
std::string filesystem_js() { return source_dir() + "/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js"; }
std::string test_script(const std::string& name) { return source_dir() + "/tests/plugins/mcp-client/" + name; }

ServerConfig stdio(const std::string& name, std::string command, std::vector<std::string> args,
                   const std::filesystem::path& cwd) {
  return ServerConfig{.name = name, .source = "test", .command = std::move(command), .args = std::move(args),
                      .cwd = cwd.string()};
}

ServerConfig everything(const std::filesystem::path& cwd) { return stdio("everything", node(), {everything_js(), "stdio"}, cwd); }

// Below the kernel's ephemeral range (32768 and up on Linux): a port the
// kernel hands out for a bind to port 0 (every host and fake provider of the
// tests running beside this one) can be taken between this release and the
// server's own bind, and the test would then talk to another server.
int free_port() {
  std::random_device seed;
  std::mt19937 pick(seed());
  std::uniform_int_distribution<int> port(20000, 32767);
  for (;;) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port(pick)));
    const bool free = ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    ::close(fd);
    if (free) return ntohs(a.sin_port);
  }
}

HttpServer::HttpServer(std::vector<std::string> argv, int port) : port_(port) {
  const std::string port_text = std::to_string(port);
  std::vector<char*> args;
  for (auto& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ == 0) {
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    ::setenv("PORT", port_text.c_str(), 1);
    ::execvp(args[0], args.data());
    _exit(127);
  }
  ::setpgid(pid_, pid_);  // as the child does: whichever runs first, the group exists before a kill
}

HttpServer::~HttpServer() {
  ::kill(-pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
}

ServerConfig HttpServer::config(const std::string& name) const {
  return ServerConfig{.name = name, .source = "test", .url = url()};
}

std::string Opened::log_text() const {
  std::lock_guard lock(*mu);
  std::string out;
  for (const auto& l : *log) out += l + "\n";
  return out;
}

Opened open(const ServerConfig& config, std::chrono::milliseconds timeout, std::size_t max_message_bytes) {
  Opened o;
  o.session = std::make_shared<McpSession>(
      config.cwd.empty() ? std::filesystem::current_path() : std::filesystem::path(config.cwd),
      McpSession::Hooks{.log = [mu = o.mu, log = o.log](std::string_view line) {
                          std::lock_guard lock(*mu);
                          log->emplace_back(line);
                        },
                        .closed = [mu = o.mu, closed = o.closed](std::string why) {
                          std::lock_guard lock(*mu);
                          *closed = why;
                        }});
  try {
    if (config.http())
      o.session->attach(HttpTransport::open(config, o.session->events(), max_message_bytes, std::chrono::seconds(60)));
    else
      o.session->attach(StdioTransport::start(config, o.session->events(), max_message_bytes));
  } catch (const std::exception& e) {
    o.why = e.what();
    return o;
  }
  o.why = o.session->open(timeout);
  return o;
}

Opened open_when_listening(const ServerConfig& config) {
  Opened o;
  for (int i = 0; i < 100; ++i) {
    o = open(config, std::chrono::seconds(10));
    if (o.why.empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return o;
}

bool wait_for_log(const Opened& o, const std::string& text, std::chrono::seconds limit) {
  for (auto until = std::chrono::steady_clock::now() + limit; std::chrono::steady_clock::now() < until;) {
    if (o.log_text().find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

std::string result_text(const std::string& agent_result) {
  acdc::Json doc;
  doc.Parse(agent_result.c_str());
  if (!doc.IsObject() || !doc.HasMember("content")) return "";
  return doc["content"][0]["text"].GetString();
}

bool result_failed(const std::string& agent_result) {
  acdc::Json doc;
  doc.Parse(agent_result.c_str());
  return doc.IsObject() && doc.HasMember("isError") && doc["isError"].GetBool();
}

}  // namespace acdc::mcp_client::test
