// bb7/stdio_loop.cpp -- see stdio_loop.hpp.
#include "bb7/stdio_loop.hpp"

#include "bb7/session.hpp"

#include <unistd.h>

#include <cerrno>

namespace acdc::adapters::bb7 {

void StdoutLines::write(const std::string& line) {
  std::string buf = line + "\n";
  std::lock_guard lock(mu_);
  std::size_t done = 0;
  while (done < buf.size()) {
    ssize_t n = ::write(fd_, buf.data() + done, buf.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the client is gone; EOF on stdin ends the process
    done += static_cast<std::size_t>(n);
  }
}

int read_stdin_lines(Session& session, StdoutLines& out, int fd) {
  std::string pending;
  char chunk[65536];
  for (;;) {
    ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    pending.append(chunk, static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1) {
      std::string_view line(pending.data() + start, nl - start);
      if (line.size() > kMaxLine) break;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line.empty()) continue;
      if (!session.handle_line(line)) return 0;
    }
    pending.erase(0, start);
    if (pending.size() > kMaxLine) {
      out.write(R"({"type":"error","message":"Request too large (max 1MB). Reduce context size or split the request."})");
      return 1;
    }
  }
  // A last line without a newline still counts.
  if (!pending.empty() && !session.handle_line(pending)) return 0;
  return 0;
}

}  // namespace acdc::adapters::bb7
