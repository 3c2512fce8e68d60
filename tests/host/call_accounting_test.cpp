// The rule of an inbound call's accounting, without a process: a call holds
// its generation's drain (unless long-running) and the host's shutdown until
// it completes, from whatever thread; a hold() likewise holds shutdown; and
// a plugin that never completes is reported when the deadline passes. The
// calls go through the real PluginSlot, Generation and host services, to a
// plugin linked into this test.
#include "plugins/call.hpp"
#include "plugins/generation.hpp"
#include "plugins/host_context.hpp"
#include "plugins/in_flight.hpp"
#include "plugins/loader.hpp"
#include "plugins/plugin_slot.hpp"
#include "rpc/hub.hpp"
#include "rpc/router.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <catch2/catch.hpp>

#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace acdc::plugins;
using namespace std::chrono_literals;

namespace {

// ---- a plugin that parks every call until the test completes it
const acdc_host_api* g_host = nullptr;
std::mutex g_mu;
std::vector<acdc_call*> g_parked;

void park(void*, void*, acdc_call* call, acdc_str) {
  std::lock_guard lock(g_mu);
  g_parked.push_back(call);
}

acdc_call* take_parked() {
  std::lock_guard lock(g_mu);
  REQUIRE(g_parked.size() == 1);
  acdc_call* call = g_parked.back();
  g_parked.clear();
  return call;
}

acdc_status activate(acdc_plugin*, acdc_str, acdc_str, acdc_str, void** state, acdc_sink_fn, void*) {
  *state = nullptr;
  return ACDC_OK;
}

const acdc_method_desc k_methods[] = {
    {sizeof(acdc_method_desc), 0, "park", park, nullptr},
    {sizeof(acdc_method_desc), ACDC_METHOD_LONG_RUNNING, "stream", park, nullptr},
};
const acdc_class_desc k_classes[] = {{sizeof(acdc_class_desc), "Probe", k_methods, 2}};
const acdc_plugin_desc k_desc = {sizeof(acdc_plugin_desc), ACDC_ABI_MAJOR, ACDC_ABI_MINOR, "probe", "1.0.0",
                                 nullptr, 0, k_classes, 1, activate, nullptr, nullptr, nullptr, nullptr};

const acdc_plugin_desc* probe_entry(const acdc_entry_args* args) {
  g_host = args->host;
  return &k_desc;
}

// ---- where answers go
struct Answers {
  std::mutex mu;
  std::vector<std::pair<acdc_status, std::string>> got;
  size_t size() {
    std::lock_guard lock(mu);
    return got.size();
  }
};

class Recorder final : public acdc::rpc::CallOrigin {
 public:
  explicit Recorder(Answers& answers) : answers_(answers) {}
  void finish(acdc_status status, std::string_view payload) override {
    std::lock_guard lock(answers_.mu);
    answers_.got.emplace_back(status, std::string(payload));
  }
  acdc_client client() const override { return ACDC_CLIENT_NONE; }

 private:
  Answers& answers_;
};

// A host context that is never run: nothing here posts to it.
struct Host {
  boost::asio::io_context io, control;
  boost::asio::thread_pool workers{1};
  acdc::rpc::Router router;
  acdc::rpc::Hub hub{router};
  HostContext context{io, workers, control, hub};
  Answers answers;

  std::shared_ptr<Generation> generation(uint32_t number) {
    LoadResult r = load_linked("probe", &probe_entry, host_api());
    REQUIRE(r.image);
    auto gen = std::make_shared<Generation>(std::move(*r.image), number, context);
    REQUIRE(gen->activate("{}", "", "").ok());
    return gen;
  }
  void call(PluginSlot& slot, const char* method) { slot.dispatch(method, "[]", std::make_unique<Recorder>(answers)); }
  ~Host() { workers.join(); }
};

void complete_later(acdc_call* call, std::chrono::milliseconds after) {
  std::thread([call, after] {
    std::this_thread::sleep_for(after);
    g_host->complete_result(call, ACDC_STR_LIT("\"done\""));
  }).detach();
}

}  // namespace

TEST_CASE("a ticket gives its count back once: on release, on destruction, never twice through moves") {
  InFlight work;
  {
    InFlight::Ticket a = work.take();
    InFlight::Ticket b = work.take();
    CHECK(work.count() == 2);
    InFlight::Ticket moved = std::move(a);
    CHECK_FALSE(a);
    a.release();
    CHECK(work.count() == 2);
    moved.release();
    moved.release();
    CHECK(work.count() == 1);
    b = work.take();  // the ticket it replaces goes back
    CHECK(work.count() == 1);
  }
  CHECK(work.count() == 0);
  CHECK(work.wait_idle(InFlight::Clock::now()));
}

TEST_CASE("a call completed from a foreign thread ends the drain a swap waits on") {
  Host h;
  PluginSlot slot("probe");
  auto gen = h.generation(1);
  slot.set_current(gen);
  h.call(slot, "Probe.park");
  CHECK(gen->draining() == 1);
  CHECK(h.context.inbound.count() == 1);
  CHECK_FALSE(gen->wait_drained(InFlight::Clock::now() + 20ms));

  const auto started = InFlight::Clock::now();
  complete_later(take_parked(), 100ms);
  CHECK(gen->wait_drained(started + 5s));
  CHECK(InFlight::Clock::now() - started >= 100ms);
  CHECK(h.context.inbound.wait_idle(InFlight::Clock::now() + 1s));
  REQUIRE(h.answers.size() == 1);
  CHECK(h.answers.got[0].first == ACDC_OK);
  CHECK(h.answers.got[0].second == "\"done\"");
}

TEST_CASE("a long-running call does not hold a swap back but holds shutdown until it completes") {
  Host h;
  PluginSlot slot("probe");
  auto gen = h.generation(1);
  slot.set_current(gen);
  h.call(slot, "Probe.stream");
  acdc_call* call = take_parked();
  CHECK(gen->wait_drained(InFlight::Clock::now()));
  CHECK(h.context.inbound.count() == 1);
  CHECK_FALSE(h.context.inbound.wait_idle(InFlight::Clock::now() + 20ms));
  complete_later(call, 50ms);
  CHECK(h.context.inbound.wait_idle(InFlight::Clock::now() + 5s));
  CHECK(h.answers.size() == 1);
}

TEST_CASE("tickets across a swap: the old generation drains, held calls count on the new one") {
  Host h;
  PluginSlot slot("probe");
  auto old_gen = h.generation(1);
  auto next = h.generation(2);
  slot.set_current(old_gen);
  h.call(slot, "Probe.park");
  acdc_call* on_old = take_parked();

  slot.hold();
  h.call(slot, "Probe.park");  // held: reaches no generation yet
  CHECK(old_gen->draining() == 1);
  CHECK(h.context.inbound.count() == 1);
  complete_later(on_old, 30ms);
  CHECK(old_gen->wait_drained(InFlight::Clock::now() + 5s));
  slot.set_current(next);
  slot.release();

  acdc_call* on_next = take_parked();
  CHECK(on_next->callee == next);
  CHECK(next->draining() == 1);
  CHECK(old_gen->draining() == 0);
  g_host->complete_error(on_next, ACDC_E_NOT_FOUND, ACDC_STR_LIT("gone"));
  CHECK(next->draining() == 0);
  CHECK(h.context.inbound.count() == 0);
  CHECK(h.answers.size() == 2);
}

TEST_CASE("a plugin that never completes: the drain gives up at its deadline and says how many are open") {
  Host h;
  PluginSlot slot("probe");
  auto gen = h.generation(1);
  slot.set_current(gen);
  h.call(slot, "Probe.park");
  h.call(slot, "Probe.park");
  std::vector<acdc_call*> stuck;
  {
    std::lock_guard lock(g_mu);
    stuck.swap(g_parked);
  }
  const auto deadline = InFlight::Clock::now() + 150ms;
  CHECK_FALSE(gen->wait_drained(deadline));
  CHECK(InFlight::Clock::now() >= deadline);
  CHECK(gen->draining() == 2);
  CHECK_FALSE(h.context.inbound.wait_idle(InFlight::Clock::now() + 10ms));
  for (acdc_call* call : stuck) g_host->complete_result(call, ACDC_STR_LIT("null"));
  CHECK(h.context.inbound.count() == 0);
}

TEST_CASE("a hold keeps the generation and holds shutdown, not a swap, until it is released") {
  Host h;
  auto gen = h.generation(1);
  std::weak_ptr<Generation> watch = gen;
  acdc_hold* held = g_host->hold(gen->handle());
  REQUIRE(held);
  gen.reset();
  CHECK_FALSE(watch.expired());
  CHECK(watch.lock()->wait_drained(InFlight::Clock::now()));
  CHECK(h.context.inbound.count() == 1);
  std::thread([held] { g_host->release(held); }).join();
  CHECK(watch.expired());
  CHECK(h.context.inbound.count() == 0);
  h.context.stopping = true;
  auto again = h.generation(2);
  CHECK(g_host->hold(again->handle()) == nullptr);  // no new background work at shutdown
}
