// ConverseRunner: a converse call stops counting as running before its
// answer goes out, so a caller that heard the answer cannot cancel it or be
// refused its id (a late cancel_converse used to match a finished call).
#include "converse/converse_runner.hpp"

#include <acdc/sdk/error.hpp>

#include <catch2/catch.hpp>

#include <future>

using acdc::llm::CancelFlag;
using acdc::llm::ConverseRunner;

TEST_CASE("converse runner: when the answer goes out, the id is free: a cancel misses, a new call starts") {
  std::promise<void> answered;
  std::promise<void> checked;
  std::shared_future<void> checked_seen = checked.get_future().share();
  ConverseRunner runner;  // declared last: its destructor joins the thread before the promises go
  runner.start("c1", [&](const CancelFlag&) -> ConverseRunner::Reply {
    return [&] {
      answered.set_value();  // the caller has its answer; the thread has not ended yet
      checked_seen.wait();
    };
  });
  answered.get_future().wait();
  CHECK_FALSE(runner.cancel("c1"));
  CHECK_NOTHROW(runner.start("c1", [](const CancelFlag&) -> ConverseRunner::Reply { return {}; }));
  checked.set_value();
}

TEST_CASE("converse runner: a running call is cancelled by its id and a second call with it is refused") {
  std::promise<void> started;
  std::promise<bool> stopped;
  ConverseRunner runner;  // declared last: its destructor joins the thread before the promises go
  runner.start("c2", [&](const CancelFlag& cancel) -> ConverseRunner::Reply {
    started.set_value();
    while (!cancel.load()) std::this_thread::yield();
    return [&] { stopped.set_value(true); };
  });
  started.get_future().wait();
  CHECK_THROWS_AS(runner.start("c2", [](const CancelFlag&) -> ConverseRunner::Reply { return {}; }), acdc::Error);
  CHECK(runner.cancel("c2"));
  CHECK(stopped.get_future().get());
  CHECK_FALSE(runner.cancel("other"));
}
