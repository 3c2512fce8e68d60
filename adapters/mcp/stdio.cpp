#include "mcp/stdio.hpp"

#include "mcp/message.hpp"
#include "mcp/server.hpp"

#include <acdc/host/errors.hpp>

namespace acdc::adapters::mcp {

int serve_stdio(Server& server, int in_fd, util::FdLineWriter& out) {
  auto sink = [&out](std::string frame, bool) {
    if (!frame.empty()) out.write(frame);  // empty: a cancelled call, which gets no answer
  };
  util::read_fd_lines(
      in_fd, kMaxMessageBytes,
      [&](std::string_view line) {
        server.handle(line, sink);
        return true;
      },
      [&out] {
        out.write(rpc::error_frame("null", rpc::kInvalidRequest,
                                   "a message over " + std::to_string(kMaxMessageBytes >> 20) +
                                       " MiB was dropped: send less at once"));
        return true;
      });
  return 0;
}

}  // namespace acdc::adapters::mcp
