// run/command_run.cpp -- see command_run.hpp.
#include "run/command_run.hpp"

#include <acdc/sdk/utf8.hpp>

#include <cerrno>
#include <poll.h>
#include <unistd.h>

namespace acdc::exec {
namespace {

constexpr size_t kBatchBytes = 64 * 1024;
constexpr int kBatchMs = 10;

// Where `bytes` may be cut so no UTF-8 sequence is split: before a lead byte
// at the end whose sequence is not complete yet.
size_t complete_prefix(std::string_view bytes) {
  for (size_t back = 1; back <= 3 && back <= bytes.size(); ++back) {
    const auto b = static_cast<unsigned char>(bytes[bytes.size() - back]);
    if ((b & 0xC0) == 0x80) continue;  // a continuation byte: look further back
    const size_t need = (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 1;
    return need > back ? bytes.size() - back : bytes.size();
  }
  return bytes.size();
}

}  // namespace

CommandRun::CommandRun(RunSpec spec)
    : spec_(std::move(spec)), started_(std::chrono::steady_clock::now()), spawned_(spawn(spec_.plan)) {}

size_t CommandRun::input(std::string_view bytes) {
  ssize_t n = write(spawned_.pty(), bytes.data(), bytes.size());
  return n > 0 ? static_cast<size_t>(n) : 0;
}

RunResult CommandRun::wait(const OnOutput& on_output) {
  RunResult result;
  OutputCapture capture(spec_.head_bytes, spec_.tail_bytes);
  std::string pending;  // read, not yet streamed
  size_t streamed = 0;
  auto flush = [&](bool all) {
    const size_t n = all ? pending.size() : complete_prefix(pending);
    if (n == 0) return;
    on_output(acdc::to_valid_utf8(std::string_view(pending).substr(0, n)));
    streamed += n;
    pending.erase(0, n);
  };
  std::chrono::steady_clock::time_point first_pending;
  std::string buf(kBatchBytes, '\0');
  for (;;) {
    int wait_ms = -1;
    if (!pending.empty()) {
      const auto late = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - first_pending);
      wait_ms = std::max(0, kBatchMs - static_cast<int>(late.count()));
    }
    pollfd p{spawned_.pty(), POLLIN, 0};
    const int ready = poll(&p, 1, wait_ms);
    if (ready == 0) {
      flush(false);
      continue;
    }
    if (ready < 0 && errno == EINTR) continue;
    const ssize_t n = read(spawned_.pty(), buf.data(), buf.size());
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) break;  // EIO: every process holding the terminal is gone
    const std::string_view got(buf.data(), static_cast<size_t>(n));
    capture.add(got);
    if (result.stream_cut) continue;
    if (pending.empty()) first_pending = std::chrono::steady_clock::now();
    pending.append(got);
    if (streamed + pending.size() >= spec_.stream_limit) {
      flush(true);
      on_output("\r\n[acdc: the rest of this command's output is not shown here; it goes on running]\r\n");
      result.stream_cut = true;
    } else if (pending.size() >= kBatchBytes) {
      flush(false);
    }
  }
  flush(true);
  result.report = spawned_.wait();
  result.duration = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_);
  result.output = capture.text();
  result.output_bytes = capture.total();
  result.cut_bytes = capture.cut();
  return result;
}

}  // namespace acdc::exec
