// mcp/stdio.hpp -- MCP's stdio transport: one JSON-RPC message per line on
// stdin, one per line on stdout, nothing else on stdout (logs go to stderr).
//
//   Lines out(protocol_fd);
//   int code = serve_lines(server, out, 0);   // returns at EOF; 0
#pragma once

#include <mutex>
#include <string>

namespace acdc::adapters::mcp {

class Server;

class Lines {
 public:
  explicit Lines(int fd) : fd_(fd) {}
  void write(const std::string& frame);  // one line; whole, or not at all if the client is gone

 private:
  int fd_;
  std::mutex mu_;
};

// Feeds every line of `fd` to `server` and writes what it answers. A line
// over the message limit is answered with an error and skipped; the
// session goes on. Returns 0 at EOF.
int serve_lines(Server& server, Lines& out, int fd);

}  // namespace acdc::adapters::mcp
