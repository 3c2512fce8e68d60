// mcp/http_reply.hpp -- the HTTP answer to one POSTed MCP request: the
// frames the Server sends for it, as one application/json response, or as
// a text/event-stream when progress notifications come before the answer
// (a streamed ask_acdc), as the client's Accept header allows
// (MCP 2025-11-25, "Sending Messages to the Server").
//
//   auto reply = std::make_shared<HttpReply>(responder, accept, headers);
//   server.handle(body, reply->sink());   // frames arrive on any thread
#pragma once

#include "mcp/server.hpp"

#include <acdc/host/http_endpoint.hpp>

#include <memory>
#include <string>

namespace acdc::adapters::mcp {

// What a request's Accept header takes.
struct Accepts {
  bool json = false;
  bool event_stream = false;
};
Accepts parse_accept(std::string_view accept);

// One SSE event carrying a JSON-RPC message.
std::string sse_message(std::string_view frame);

class HttpReply : public std::enable_shared_from_this<HttpReply> {
 public:
  // `headers`: sent with the answer whichever form it takes (Mcp-Session-Id).
  HttpReply(std::shared_ptr<net::HttpResponder> out, Accepts accepts, net::HttpHeaders headers);
  // Posts every frame to the responder's executor.
  Server::Sink sink();

 private:
  void on_frame(std::string frame, bool last);  // [executor]
  void start_stream();

  std::shared_ptr<net::HttpResponder> out_;
  Accepts accepts_;
  net::HttpHeaders headers_;
  bool streaming_ = false;  // [executor]
  bool done_ = false;       // [executor]
};

}  // namespace acdc::adapters::mcp
