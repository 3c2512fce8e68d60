// transport/transport.hpp -- how JSON-RPC messages reach one MCP server and
// come back: a child process's stdin/stdout (stdio_transport.hpp) or
// Streamable HTTP POSTs (http_transport.hpp). The session (session/) speaks
// the protocol over either.
//
//   auto t = StdioTransport::start(config, events, limits);  // throws acdc::Error: cannot start
//   t->send(R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}})");
//   ... events.on_message(text) for each message from the server ...
//   t->close();                                              // idempotent; joins its threads
//
// A transport is held by shared_ptr, and its own threads hold it too: an
// event may let go of the last session holding it (the session's events
// take it with weak_ptr::lock), so the transport, and the callback running,
// outlive that moment; the thread then returns, and the transport goes.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace acdc::mcp_client {

struct TransportEvents {
  // One message from the server (a response, request or notification).
  std::function<void(std::string_view message)> on_message;
  // A line the server wrote to stderr, or a note of the transport's own.
  std::function<void(std::string_view line)> on_log;
  // Once: the connection is gone, and why ("the server exited with code 1").
  std::function<void(std::string reason)> on_closed;
};

class Transport {
 public:
  virtual ~Transport() = default;
  // Sends one message. A request the transport cannot deliver is answered
  // through on_message with a JSON-RPC error for its id, so the request
  // that waits for it ends with the reason.
  virtual void send(std::string message) = 0;
  // The protocol version agreed (HTTP sends it as MCP-Protocol-Version).
  virtual void set_protocol_version(std::string version) { (void)version; }
  // Ends the connection (the process and everything it started; the HTTP
  // session). No event comes after it returns, but from the transport's own
  // thread that called it, which is left to finish its event and return.
  virtual void close() = 0;
};

// A JSON-RPC error response for the request `message`, or "" when it is no
// request (a notification or a response needs no answer).
std::string error_reply(std::string_view message, int code, std::string_view why);

}  // namespace acdc::mcp_client
