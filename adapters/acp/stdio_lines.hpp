// acp/stdio_lines.hpp -- ACP's stdio transport: one JSON-RPC message per
// line on stdin and stdout, and nothing else on stdout.
//
//   LineWriter out(protocol_fd);                 // thread-safe, one write per line
//   out.write(R"({"jsonrpc":"2.0",...})");
//   read_lines(0, [&](std::string_view line) { ... });   // returns at EOF
#pragma once

#include <functional>
#include <mutex>
#include <string_view>

namespace acdc::adapters::acp {

class LineWriter {
 public:
  explicit LineWriter(int fd) : fd_(fd) {}
  // Appends the newline. A client that is gone is not an error here: EOF
  // on stdin ends the agent.
  void write(std::string_view line);

 private:
  int fd_;
  std::mutex mu_;
};

// A prompt with images is large; a line beyond this is refused as a whole.
inline constexpr std::size_t kMaxLine = 64u << 20;

// Calls `on_line` for each non-empty line of `fd` (a trailing \r dropped)
// until EOF; a line over kMaxLine is skipped and `on_oversize` runs once for it.
void read_lines(int fd, const std::function<void(std::string_view)>& on_line, const std::function<void()>& on_oversize);

}  // namespace acdc::adapters::acp
