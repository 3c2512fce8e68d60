#include "mcp/stdio.hpp"

#include "mcp/message.hpp"
#include "mcp/server.hpp"

#include <acdc/host/errors.hpp>
#include <unistd.h>

#include <cerrno>

namespace acdc::adapters::mcp {

void Lines::write(const std::string& frame) {
  std::string line = frame + "\n";
  std::lock_guard lock(mu_);
  size_t done = 0;
  while (done < line.size()) {
    ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the client is gone; EOF on stdin ends the session
    done += static_cast<size_t>(n);
  }
}

int serve_lines(Server& server, Lines& out, int fd) {
  auto sink = [&out](std::string frame, bool) {
    if (!frame.empty()) out.write(frame);
  };
  std::string pending;
  bool skipping = false;  // inside a line over the limit: drop bytes to its end
  char chunk[65536];
  auto too_long = [&out] {
    out.write(rpc::error_frame("null", rpc::kInvalidRequest,
                               "a message over " + std::to_string(kMaxMessageBytes >> 20) +
                                   " MiB was dropped: send less at once"));
  };
  for (;;) {
    ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    pending.append(chunk, static_cast<size_t>(n));
    size_t start = 0;
    for (size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1) {
      if (skipping) {
        skipping = false;
        continue;
      }
      std::string_view line(pending.data() + start, nl - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
      server.handle(line, sink);
    }
    pending.erase(0, start);
    if (pending.size() > kMaxMessageBytes) {
      if (!skipping) too_long();
      skipping = true;
      pending.clear();
    }
  }
  if (!skipping && pending.find_first_not_of(" \t\r") != std::string::npos) server.handle(pending, sink);
  return 0;
}

}  // namespace acdc::adapters::mcp
