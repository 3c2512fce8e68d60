// transport/http_transport.hpp -- an MCP server at a Streamable HTTP URL:
// each message is one POST (libcurl); the answer comes as the response's
// JSON body or as Server-Sent Events on it. The session id the server hands
// out at initialize goes back on every later request, with the protocol
// version (MCP-Protocol-Version) and, for the stateless revision, the
// request's method and tool name (Mcp-Method, Mcp-Name). The entry's headers
// (tokens from ${VAR}) go on every request. An event stream the server
// closes before its answer is resumed with a GET (Last-Event-ID). close() ends the session
// (DELETE) and waits for the requests still running.
#pragma once

#include "config/server_config.hpp"
#include "transport/transport.hpp"

#include <atomic>
#include <chrono>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace acdc::mcp_client {

struct HttpExchange;  // what one transfer gathers (http_transport.cpp)
class SseReader;

class HttpTransport final : public Transport, public std::enable_shared_from_this<HttpTransport> {
 public:
  // `request_timeout`: the longest one POST may take (a tool call's limit).
  static std::shared_ptr<HttpTransport> open(const ServerConfig& server, TransportEvents events,
                                             std::size_t max_message_bytes, std::chrono::seconds request_timeout);
  ~HttpTransport() override;

  void send(std::string message) override;
  void set_protocol_version(std::string version) override;
  void close() override;

 private:
  HttpTransport(const ServerConfig& server, TransportEvents events, std::size_t max_message_bytes,
                std::chrono::seconds request_timeout);
  struct Post {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };
  struct Transfer {
    int code = 0;  // CURLcode
    long status = 0;
    std::string error;  // libcurl's, when the transfer failed
  };
  void post(const std::string& message);
  Transfer perform(HttpExchange& x, const std::string* body, const std::vector<std::string>& header_lines) const;
  std::string failure(const HttpExchange& x, const Transfer& t) const;
  std::string resume(const SseReader& first, const std::function<void(std::string_view)>& deliver, const bool& answered);
  void end_session();
  std::vector<std::string> headers(std::string_view message) const;

  ServerConfig server_;
  TransportEvents events_;
  std::size_t max_message_bytes_;
  std::chrono::seconds request_timeout_;
  std::atomic<bool> closing_{false};
  mutable std::mutex mu_;
  std::string session_id_, version_;
  std::list<Post> posts_;
};

}  // namespace acdc::mcp_client
