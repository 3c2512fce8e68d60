#include <acdc/util/fd_lines.hpp>

#include <unistd.h>

#include <cerrno>
#include <string>

namespace acdc::util {

void FdLineWriter::write(std::string_view line) {
  std::string buf;
  buf.reserve(line.size() + 1);
  buf.append(line).push_back('\n');
  std::lock_guard lock(mu_);
  std::size_t done = 0;
  while (done < buf.size()) {
    ssize_t n = ::write(fd_, buf.data() + done, buf.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

void read_fd_lines(int fd, std::size_t max_line, const std::function<bool(std::string_view)>& on_line,
                   const std::function<bool()>& on_oversize) {
  std::string pending;
  bool skipping = false;  // inside a line that was too long, until its newline
  char chunk[65536];
  auto deliver = [&](std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > max_line) return on_oversize();  // it came whole in one read
    return line.find_first_not_of(" \t") == std::string_view::npos || on_line(line);
  };
  for (;;) {
    ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    pending.append(chunk, static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1) {
      if (skipping) skipping = false;
      else if (!deliver(std::string_view(pending).substr(start, nl - start))) return;
    }
    pending.erase(0, start);
    if (pending.size() > max_line) {
      if (!skipping && !on_oversize()) return;
      skipping = true;
      pending.clear();
    }
  }
  if (!skipping) deliver(pending);
}

}  // namespace acdc::util
