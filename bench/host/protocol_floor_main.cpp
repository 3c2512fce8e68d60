// Runs the protocol floor's work (loopback_floor.hpp, FloorWork::jsonrpc)
// `n` times with no socket, for instructions.sh to count under callgrind.
//   acdc-bench-protocol-floor 10000
#include "loopback_floor.hpp"

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 10000;
  const std::string frame = acdc::bench::echo_request_frame();
  std::string in, out;
  for (int i = 0; i < n; ++i) {
    in += frame;
    out.clear();
    if (!acdc::bench::answer_jsonrpc(in, out)) {
      std::fprintf(stderr, "protocol floor: the request frame was refused\n");
      return 1;
    }
  }
  std::printf("%zu reply bytes\n", out.size());
}
