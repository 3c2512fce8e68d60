// Coalescing stream deltas into a bounded number of streamChunk frames.
#include "chat/chunk_coalescer.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <vector>

using acdc::llm::ChunkCoalescer;
using namespace std::chrono_literals;

namespace {

// Frames sent, timers asked for, and the time: a second after the steady
// clock's epoch, which is the machine's boot, unless a test moves it on.
struct Recorder {
  std::vector<std::string> frames;
  std::vector<std::function<void()>> timers;
  std::vector<std::chrono::milliseconds> delays;
  ChunkCoalescer::Clock::time_point now = ChunkCoalescer::Clock::time_point{} + 1s;

  std::shared_ptr<ChunkCoalescer> make(std::chrono::milliseconds interval) {
    return ChunkCoalescer::create(
        [this](const std::string& t) { frames.push_back(t); },
        [this](std::function<void()> task, std::chrono::milliseconds delay) {
          timers.push_back(std::move(task));
          delays.push_back(delay);
        },
        interval, [this] { return now; });
  }
  void fire_timers() {
    auto pending = std::move(timers);
    timers.clear();
    for (auto& t : pending) t();
  }
};

}  // namespace

TEST_CASE("the first delta goes out at once, a burst waits for one timer carrying all of it") {
  Recorder rec;
  auto c = rec.make(1h);
  c->append("He");
  CHECK(rec.frames == std::vector<std::string>{"He"});
  for (int i = 0; i < 1000; ++i) c->append("l");
  CHECK(rec.frames.size() == 1);
  CHECK(rec.timers.size() == 1);
  rec.fire_timers();
  CHECK(rec.frames.size() == 2);
  CHECK(rec.frames.back() == "He" + std::string(1000, 'l'));
}

TEST_CASE("on a machine booted a moment ago the first delta still goes out at once") {
  Recorder rec;  // the clock reads 1 s after boot, the interval is longer
  auto c = rec.make(1h);
  c->append("Hi");
  CHECK(rec.frames == std::vector<std::string>{"Hi"});
  CHECK(rec.timers.empty());
}

TEST_CASE("a delta within the interval after a frame waits for what is left of it, one after it goes at once") {
  Recorder rec;
  auto c = rec.make(25ms);
  c->append("a");
  rec.now += 10ms;
  c->append("b");
  CHECK(rec.frames.size() == 1);
  REQUIRE(rec.delays.size() == 1);
  CHECK(rec.delays[0] == 16ms);  // the 15 ms left, and one more so the timer finds the interval over
  rec.now += 16ms;
  rec.fire_timers();
  CHECK(rec.frames.back() == "ab");
  rec.now += 25ms;
  c->append("c");
  CHECK(rec.frames.back() == "abc");
  CHECK(rec.timers.empty());
}

TEST_CASE("finish always delivers the last text once, and later timers send nothing") {
  Recorder rec;
  auto c = rec.make(1h);
  c->append("a");
  c->append("b");
  CHECK(c->finish() == "ab");
  CHECK(rec.frames.back() == "ab");
  rec.fire_timers();
  c->append("late");
  CHECK(rec.frames.size() == 2);
  CHECK(c->frames_sent() == 2);
}

TEST_CASE("a slow stream sends every delta immediately") {
  Recorder rec;
  auto c = rec.make(0ms);
  for (const char* d : {"a", "b", "c"}) c->append(d);
  CHECK(rec.frames == std::vector<std::string>{"a", "ab", "abc"});
  CHECK(rec.timers.empty());
}
