// loopback_floor.hpp -- the least CPU any server pays for an echo call at
// 1 connection x 1 in flight on this machine.
//
//   FloorFigures f = loopback_floor(FloorWait::epoll, 93, 57, 1.0, 5.0);
//
// A forked child answers each request of `request_bytes` on a loopback TCP
// connection with `reply_bytes`: no WebSocket, no JSON, nothing but the
// system calls. Its CPU per round trip is what the kernel charges the
// answering side for sleeping until a request arrives, reading it, and
// waking the client with the reply. Both servers of acdc-bench-host pay it
// on top of their own work, which is why a ratio between them at 1 x 1
// cannot fall far below floor / node.
#pragma once

#include <cstddef>

namespace acdc::bench {

enum class FloorWait {
  blocking,  // read() sleeps until the request arrives: the fewest system calls
  epoll,     // epoll_wait(), then read(): what an event loop such as asio's or libuv's does
};

struct FloorFigures {
  double round_trips_per_s = 0;
  double user_us_per_op = 0;
  double sys_us_per_op = 0;
};

FloorFigures loopback_floor(FloorWait wait, std::size_t request_bytes, std::size_t reply_bytes,
                            double warmup_s, double seconds);

}  // namespace acdc::bench
