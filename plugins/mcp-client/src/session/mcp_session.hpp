// session/mcp_session.hpp -- the client side of one connection to an MCP
// server: JSON-RPC requests matched to their answers, the handshake of
// either era, the tool list and tool calls.
//
//   auto s = std::make_shared<McpSession>(root, hooks);
//   s->attach(StdioTransport::start(config, s->events(), limit));
//   if (std::string why = s->open(30s); !why.empty()) fail(why);
//   McpSession::Reply tools = s->list_tools(30s);
//   McpSession::Reply r = s->call_tool("echo", R"({"message":"hi"})", 600s, cancelled);
//   s->close();
//
// The handshake asks server/discover first (MCP 2026-07-28, stateless:
// version and capabilities then travel in every request's _meta) and falls
// back to initialize (2025-11-25 and before) when the server does not know
// it. The server's own requests are answered: ping, roots/list (the
// repository); anything else is refused (acdc offers no sampling or
// elicitation). A line that is not JSON-RPC is logged and skipped.
#pragma once

#include "transport/transport.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace acdc::mcp_client {

class McpSession : public std::enable_shared_from_this<McpSession> {
 public:
  struct Reply {
    bool ok = false;
    std::string result;   // the result object's JSON text, when ok
    int code = 0;         // the error's code, when not
    std::string message;  // the error's message, when not
  };
  struct Hooks {
    std::function<void(std::string_view line)> log;  // notes worth the server's log
    std::function<void()> tools_changed;              // notifications/tools/list_changed
    std::function<void(std::string reason)> closed;   // the connection is gone (once)
  };
  using Cancelled = std::function<bool()>;

  McpSession(std::filesystem::path root, Hooks hooks);
  ~McpSession();

  // The transport's events, bound to this session (weakly: a late event
  // after the session is gone is dropped).
  TransportEvents events();
  void attach(std::shared_ptr<Transport> transport);

  // The handshake; "" on success, else why it failed.
  std::string open(std::chrono::milliseconds timeout);
  // tools/list, every page: {"tools":[...]}.
  Reply list_tools(std::chrono::milliseconds timeout);
  // tools/call: the server's CallToolResult. A call that times out or is
  // cancelled is cancelled at the server too (notifications/cancelled).
  Reply call_tool(std::string_view name, std::string_view arguments_json, std::chrono::milliseconds timeout,
                  const Cancelled& cancelled);

  const std::string& protocol() const { return protocol_; }
  const std::string& server_info() const { return server_info_; }  // {"name","version"} text, or ""
  bool is_closed() const;
  std::string closed_reason() const;  // why it closed, once it has
  void close();

  Reply request(std::string_view method, std::string_view params_json, std::chrono::milliseconds timeout,
                const Cancelled& cancelled = {});
  void notify(std::string_view method, std::string_view params_json);

 private:
  void on_message(std::string_view text);
  void on_closed(std::string reason);
  void answer_request(const std::string& id_json, std::string_view method);
  std::string with_meta(std::string_view params_json) const;
  std::string try_discover(std::chrono::milliseconds timeout);
  std::string initialize(std::chrono::milliseconds timeout);

  std::filesystem::path root_;
  Hooks hooks_;
  std::shared_ptr<Transport> transport_;
  std::string protocol_, server_info_;
  bool stateless_ = false;

  mutable std::mutex mu_;
  std::condition_variable answered_;
  int64_t next_id_ = 1;
  std::map<int64_t, std::optional<Reply>> pending_;
  std::string closed_reason_;
  bool closed_ = false;
};

}  // namespace acdc::mcp_client
