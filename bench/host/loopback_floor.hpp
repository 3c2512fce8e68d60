// loopback_floor.hpp -- the least CPU any server pays for an echo call at
// 1 connection x 1 in flight on this machine.
//
//   FloorFigures f = loopback_floor(FloorWait::epoll, FloorWork::bytes, 93, 57, 1.0, 5.0);
//
// A forked child answers each request of `request_bytes` on a loopback TCP
// connection with `reply_bytes`: no WebSocket, no JSON, nothing but the
// system calls. Its CPU per round trip is what the kernel charges the
// answering side for sleeping until a request arrives, reading it, and
// waking the client with the reply. FloorWork::jsonrpc adds the least user
// work of the protocol itself, the floor of the host's user time. Both servers of acdc-bench-host pay it
// on top of their own work, which is why a ratio between them at 1 x 1
// cannot fall far below floor / node.
#pragma once

#include <cstddef>
#include <string>

namespace acdc::bench {

enum class FloorWait {
  blocking,  // read() sleeps until the request arrives: the fewest system calls
  epoll,     // epoll_wait(), then read(): what an event loop such as asio's or libuv's does
};

enum class FloorWork {
  // Answers `request_bytes` with `reply_bytes`: nothing but the system calls.
  bytes,
  // Answers the load client's Echo.echo frame (masked, as a client sends it)
  // with the JSON-RPC reply frame: unmask, a RapidJSON parse in place into a
  // document on the stack, the envelope checked, the method looked up, the
  // reply written and framed. The least work of the protocol itself, left
  // out: UTF-8 validation, the plugin boundary (args as text, parsed again by
  // the plugin, its result checked), back-pressure and any other frame type.
  jsonrpc,
};

struct FloorFigures {
  double round_trips_per_s = 0;
  double user_us_per_op = 0;
  double sys_us_per_op = 0;
};

// `request_bytes` and `reply_bytes` are those of FloorWork::bytes; the
// jsonrpc work sends and answers the real frames.
FloorFigures loopback_floor(FloorWait wait, FloorWork work, std::size_t request_bytes, std::size_t reply_bytes,
                            double warmup_s, double seconds);

// The jsonrpc work, one side each (bench/host/protocol_floor.cpp).
std::string echo_request_frame();  // masked, as the load client sends Echo.echo
// Answers every whole request frame in `in` (consumed) into `out`; false on a
// frame that is not a masked text frame carrying a request.
bool answer_jsonrpc(std::string& in, std::string& out);

}  // namespace acdc::bench
