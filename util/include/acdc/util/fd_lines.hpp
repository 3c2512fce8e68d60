// acdc/util/fd_lines.hpp -- line-delimited messages on a file descriptor, as
// the stdio protocols frame them (MCP's and ACP's JSON-RPC: one message per
// line, nothing else on stdout).
//
//   FdLineWriter out(protocol_fd);                 // thread-safe, one write per line
//   out.write(R"({"jsonrpc":"2.0",...})");
//   read_fd_lines(0, 8 << 20,
//                 [&](std::string_view line) { handle(line); return true; },   // false: stop reading
//                 [&] { refuse_oversize(); return true; });                    // until EOF
#pragma once

#include <cstddef>
#include <functional>
#include <mutex>
#include <string_view>

namespace acdc::util {

class FdLineWriter {
 public:
  explicit FdLineWriter(int fd) : fd_(fd) {}
  // Appends the newline; the line goes whole, in one write call where the
  // system allows. A reader that is gone is not an error here: EOF on the
  // other direction ends the session.
  void write(std::string_view line);

 private:
  int fd_;
  std::mutex mu_;
};

// Calls `on_line` for each line of `fd` with something but blanks in it (a
// trailing \r dropped) until EOF; a line over `max_line` bytes is skipped
// whole and `on_oversize` runs once for it. Either returning false stops
// the reading at once.
void read_fd_lines(int fd, std::size_t max_line, const std::function<bool(std::string_view)>& on_line,
                   const std::function<bool()>& on_oversize);

}  // namespace acdc::util
