// bb7/stdio_loop.cpp -- see stdio_loop.hpp.
#include "bb7/stdio_loop.hpp"

#include "bb7/session.hpp"

namespace acdc::adapters::bb7 {

int read_stdin_lines(Session& session, util::FdLineWriter& out, int fd) {
  int code = 0;
  util::read_fd_lines(
      fd, kMaxLine, [&session](std::string_view line) { return session.handle_line(line); },
      [&out, &code] {
        out.write(R"({"type":"error","message":"Request too large (max 1MB). Reduce context size or split the request."})");
        code = 1;  // §1: the backend exits after an oversized line
        return false;
      });
  return code;
}

}  // namespace acdc::adapters::bb7
