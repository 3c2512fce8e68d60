// run/command_run.hpp -- one command from start to the end of its tree:
// its terminal output streamed in batches and kept (head and tail) for the
// model, input typed into it, a kill from any thread.
//
//   CommandRun run({.plan = plan, .head_bytes = 8000, .tail_bytes = 8000, .stream_limit = 32 << 20});
//   // from another thread: run.kill(); run.input("y\n");
//   RunResult r = run.wait([&](std::string_view utf8) { notify(utf8); });   // blocks
#pragma once

#include "run/output_capture.hpp"
#include "run/spawn.hpp"

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

namespace acdc::exec {

struct RunSpec {
  SpawnPlan plan;
  size_t head_bytes = 8000, tail_bytes = 8000;
  size_t stream_limit = 32u << 20;  // bytes streamed; past it the output is still read and kept
};

struct RunResult {
  SupervisorReport report;
  std::string output;  // plain text: head, a line saying what was cut, tail
  size_t output_bytes = 0, cut_bytes = 0;
  bool stream_cut = false;  // the stream stopped at stream_limit
  std::chrono::milliseconds duration{0};
};

class CommandRun {
 public:
  // Valid UTF-8 (a multi-byte character split by a read waits for its
  // rest), in order, batched: at most 64 KiB, at most ~10 ms late.
  using OnOutput = std::function<void(std::string_view)>;

  // Starts the command; throws what spawn() throws.
  explicit CommandRun(RunSpec spec);

  void kill() { spawned_.kill(); }
  // Writes to the command's terminal; returns the bytes written (0 once it ended).
  size_t input(std::string_view bytes);
  // Reads until the tree is gone, then reports. Call once.
  RunResult wait(const OnOutput& on_output);

 private:
  RunSpec spec_;
  std::chrono::steady_clock::time_point started_;
  Spawned spawned_;
};

}  // namespace acdc::exec
