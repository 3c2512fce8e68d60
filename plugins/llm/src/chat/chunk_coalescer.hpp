// chat/chunk_coalescer.hpp -- turns a provider's text deltas into
// AcApp.streamChunk frames carrying the accumulated text, at most one frame
// per interval, so a fast stream cannot flood the socket (ARCHITECTURE.md
// "The chat turn"). The first delta after a quiet interval goes out at
// once, so a slow stream pays no latency; the last text always arrives.
// Before the first frame nothing has been sent at all: that is its own state,
// not "sent at the clock's epoch", which for steady_clock is the machine's
// boot (issue 14: on a machine up for less than the interval the first delta
// was held).
//
//   auto c = ChunkCoalescer::create(send_frame, schedule_after, 25ms);
//   c->append("He"); c->append("llo");    // "He" now, "Hello" <= 25 ms later
//   std::string full = c->finish();       // flushes "Hello" if still pending
//
// Thread-safe. `send` is called under the coalescer's lock, so frames leave
// in order and never after finish() returned.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace acdc::llm {

class ChunkCoalescer : public std::enable_shared_from_this<ChunkCoalescer> {
 public:
  using Clock = std::chrono::steady_clock;
  using Send = std::function<void(const std::string& accumulated)>;
  // Runs `task` after `delay` on some other thread.
  using Schedule = std::function<void(std::function<void()> task, std::chrono::milliseconds delay)>;
  // Reads the clock; tests pass their own to choose what time it is.
  using Now = std::function<Clock::time_point()>;

  static std::shared_ptr<ChunkCoalescer> create(Send send, Schedule schedule, std::chrono::milliseconds interval,
                                                Now now = Clock::now);

  void append(std::string_view delta);
  // Sends the final text if the client has not seen it yet; later timers do nothing.
  std::string finish();

  size_t frames_sent() const;
  std::string text() const;

 private:
  ChunkCoalescer(Send send, Schedule schedule, std::chrono::milliseconds interval, Now now)
      : send_(std::move(send)), schedule_(std::move(schedule)), interval_(interval), now_(std::move(now)) {}
  void on_timer();
  void send_locked();

  Send send_;
  Schedule schedule_;
  std::chrono::milliseconds interval_;
  Now now_;
  mutable std::mutex mu_;
  std::string text_;
  size_t sent_size_ = 0;
  size_t frames_ = 0;
  std::optional<Clock::time_point> last_send_;  // empty: no frame sent yet
  bool timer_armed_ = false;
  bool finished_ = false;
};

}  // namespace acdc::llm
