// servers.hpp -- the MCP servers the mcp-client tests connect to: the
// official reference servers from npm (server-everything over stdio and
// Streamable HTTP, server-filesystem), acdc's own `acdc mcp`, and servers
// that misbehave on purpose (tests/plugins/mcp-client/*.mjs and shell
// one-liners). Each is a ServerConfig, as a user's .mcp.json would give it.
#pragma once

#include "config/server_config.hpp"
#include "session/mcp_session.hpp"

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <sys/types.h>
#include <vector>

namespace acdc::mcp_client::test {

std::string source_dir();
std::string node();  // the node on PATH
std::string everything_js();
std::string filesystem_js();
std::string test_script(const std::string& name);  // tests/plugins/mcp-client/<name>

ServerConfig stdio(const std::string& name, std::string command, std::vector<std::string> args,
                   const std::filesystem::path& cwd);
ServerConfig everything(const std::filesystem::path& cwd);

// A free port on 127.0.0.1, outside the range the kernel gives binds to port 0.
int free_port();

// An HTTP MCP server the test runs itself (`node script args...`, with
// PORT=port in its environment), and Open()s a session with once it
// listens. Its process group is killed when this goes, whatever the test's
// outcome, and it dies with the test process.
class HttpServer {
 public:
  HttpServer(std::vector<std::string> argv, int port);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/mcp"; }
  ServerConfig config(const std::string& name) const;

 private:
  pid_t pid_;
  int port_;
};

// A session with what it logged, opened on `config`'s transport.
struct Opened {
  std::shared_ptr<McpSession> session;
  std::string why;  // non-empty: it failed to open
  std::shared_ptr<std::mutex> mu = std::make_shared<std::mutex>();
  std::shared_ptr<std::vector<std::string>> log = std::make_shared<std::vector<std::string>>();
  std::shared_ptr<std::string> closed = std::make_shared<std::string>();

  std::string log_text() const;
};
Opened open(const ServerConfig& config, std::chrono::milliseconds timeout = std::chrono::seconds(30),
            std::size_t max_message_bytes = 16u << 20);
// open(), retried for up to 10 s while the server starts listening.
Opened open_when_listening(const ServerConfig& config);
// Until the server's log has a line containing `text` (false after `limit`).
bool wait_for_log(const Opened& o, const std::string& text, std::chrono::seconds limit = std::chrono::seconds(20));

// The text of an agent result (session/tool_result.hpp), and its isError.
std::string result_text(const std::string& agent_result);
bool result_failed(const std::string& agent_result);

}  // namespace acdc::mcp_client::test
