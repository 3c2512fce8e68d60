// mcp/http_endpoint.hpp -- MCP's Streamable HTTP transport (MCP 2025-11-25,
// "Transports") on the web host's /mcp route; the host has checked the
// Host, Origin and token before a request arrives here.
//
//   POST    a request: its answer (http_reply.hpp); a notification or a
//           response: 202. initialize opens a session: the answer carries
//           its Mcp-Session-Id, which every later request must send.
//   GET     an event stream for messages acdc starts (none today): it opens
//           with a priming event and stays open, a comment every 30 s.
//   DELETE  ends the session.
// Errors are JSON-RPC error bodies with a status: 400 (no session id, an
// unsupported MCP-Protocol-Version, a malformed message), 404 (an unknown
// or expired session: initialize again), 406 (Accept), 409 (too many
// streams), 415 (Content-Type), 503 (all sessions busy). Sessions and their
// limits: http_sessions.hpp.
//
//   auto engine = std::make_shared<EngineClient>();
//   engine->attach(hub, io.get_executor());
//   context.mcp = std::make_shared<HttpEndpoint>(engine, repo_root);
#pragma once

#include "mcp/engine.hpp"
#include "mcp/http_reply.hpp"
#include "mcp/http_sessions.hpp"
#include "mcp/message.hpp"

#include <acdc/host/http_endpoint.hpp>

#include <filesystem>
#include <memory>

namespace acdc::adapters::mcp {

class HttpEndpoint final : public net::HttpEndpoint, public std::enable_shared_from_this<HttpEndpoint> {
 public:
  HttpEndpoint(std::shared_ptr<Engine> engine, std::filesystem::path root);

  void on_request(net::HttpRequest request, std::shared_ptr<net::HttpResponder> out) override;

 private:
  void post(const net::HttpRequest& request, const std::shared_ptr<net::HttpResponder>& out);
  void post_stateless(const net::HttpRequest& request, const std::shared_ptr<net::HttpResponder>& out,
                      const Message& m, Accepts accepts);
  void open_stream(const net::HttpRequest& request, const std::shared_ptr<net::HttpResponder>& out);
  void end_session(const net::HttpRequest& request, const std::shared_ptr<net::HttpResponder>& out);
  // The request's session, or null after answering 400 or 404 (carrying `request_id`, the JSON-RPC request's id, when there is one).
  std::shared_ptr<HttpSession> session_of(const net::HttpRequest& request, net::HttpResponder& out,
                                          std::string_view request_id = "null");
  void keep_alive(std::weak_ptr<EventStream> stream);

  std::shared_ptr<Engine> engine_;
  std::filesystem::path root_;
  HttpSessions sessions_;
};

}  // namespace acdc::adapters::mcp
