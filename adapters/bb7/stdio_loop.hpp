// bb7/stdio_loop.hpp -- the process side of bb7.md §1: lines in on stdin
// (at most 1 MiB each), whole lines out on stdout, nothing else on stdout.
//
//   util::FdLineWriter out(protocol_fd);             // thread-safe
//   Session session({.home = home_dir(), .emit = [&](const std::string& l) { out.write(l); }});
//   return read_stdin_lines(session, out);           // exit code: 0 at EOF or shutdown
#pragma once

#include <acdc/util/fd_lines.hpp>

#include <cstddef>

namespace acdc::adapters::bb7 {

class Session;

inline constexpr std::size_t kMaxLine = 1 << 20;

// Feeds every line of `fd` to the session. Returns 1 after a line over 1 MiB
// (the error line has been written, §1), else 0.
int read_stdin_lines(Session& session, util::FdLineWriter& out, int fd = 0);

}  // namespace acdc::adapters::bb7
