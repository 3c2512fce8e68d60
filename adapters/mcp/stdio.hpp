// mcp/stdio.hpp -- MCP's stdio transport: one JSON-RPC message per line on
// stdin, one per line on stdout, nothing else on stdout (logs go to stderr).
//
//   util::FdLineWriter out(protocol_fd);        // outlives the server: late answers go to it
//   int code = serve_stdio(server, 0, out);     // returns at EOF: 0
#pragma once

#include <acdc/util/fd_lines.hpp>

namespace acdc::adapters::mcp {

class Server;

// Feeds every line of `in_fd` to `server` and writes what it answers to
// `out`, also after this returns (calls still running). A line over the
// message limit is answered with an error and skipped; the session goes on.
// Returns 0 at EOF.
int serve_stdio(Server& server, int in_fd, util::FdLineWriter& out);

}  // namespace acdc::adapters::mcp
