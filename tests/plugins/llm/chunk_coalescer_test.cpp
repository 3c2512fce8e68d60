// Coalescing stream deltas into a bounded number of streamChunk frames.
#include "chat/chunk_coalescer.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <vector>

using acdc::llm::ChunkCoalescer;
using namespace std::chrono_literals;

namespace {

struct Recorder {
  std::vector<std::string> frames;
  std::vector<std::function<void()>> timers;

  std::shared_ptr<ChunkCoalescer> make(std::chrono::milliseconds interval) {
    return ChunkCoalescer::create([this](const std::string& t) { frames.push_back(t); },
                                  [this](std::function<void()> task, std::chrono::milliseconds) { timers.push_back(std::move(task)); },
                                  interval);
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
