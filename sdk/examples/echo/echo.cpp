// The example plugin `echo`: every shape of method the SDK supports, used by
// the tests and the benchmarks as the plugin whose cost is nearly zero.
//
//   Echo.echo(x)                 -> x
//   Echo.add(a, b)               -> a + b
//   Echo.fail(msg)               -> error carrying msg
//   Echo.slow(ms)                -> ms, after ms milliseconds, other calls unaffected
//   Echo.stream(n, size, window) -> calls Client.chunk(i, payload) n times on the
//                                   caller with at most `window` unanswered, then
//                                   Client.done(n); returns {n, size, remotes}
//   Echo.callback(method, ...)   -> calls `method` on every client, returns the
//                                   jrpc-oo {remote id: result} map
//   Echo.generation()            -> how many swaps this plugin's state has seen
//   Echo.version()               -> the version this build reports
//
// The hot-swap tests build it a second time with ACDC_ECHO_V2: version 2.0.0,
// with one method more, Echo.hello().
#include <acdc/sdk.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

namespace {

#ifdef ACDC_ECHO_V2
constexpr const char* kVersion = "2.0.0";
#else
constexpr const char* kVersion = "1.0.0";
#endif

class Echo {
 public:
  explicit Echo(acdc::Context& ctx) : host_(ctx.host) {
    if (!ctx.prior_state.empty()) swaps_ = std::stoi(std::string(ctx.prior_state)) + 1;
  }

  acdc::Json echo(acdc::Json x) { return x; }

  double add(double a, double b) { return a + b; }

  void fail(std::string message) { throw std::runtime_error(message); }

  void slow(acdc::Call call, int ms) {
    if (ms < 0) throw acdc::invalid_params("Echo.slow: ms must not be negative");
    host_.post([call, ms]() mutable { call.ok(ms); }, static_cast<uint32_t>(ms));
  }

  void stream(acdc::Call call, int n, int size, int window) {
    if (n < 0 || size < 0 || window < 1)
      throw acdc::invalid_params("Echo.stream: need n >= 0, size >= 0, window >= 1");
    if (call.client() == ACDC_CLIENT_NONE)
      throw acdc::Error(ACDC_E_FAILED_PRECONDITION, "Echo.stream needs a calling client");
    auto s = std::make_shared<Stream>(host_, call, n, size, window);
    if (n == 0) s->finish(s);
    else s->pump(s);
  }

  void callback(acdc::Call call, std::string method, acdc::Rest args) {
    host_.call_client(ACDC_CLIENT_ALL, method, args.json, [call](acdc::Result r) mutable {
      if (r.ok()) call.ok_raw(r.payload);
      else call.fail(r.status, r.payload);
    });
  }

  int generation() const { return swaps_; }

  std::string version() const { return kVersion; }

  std::string hello() const { return "hello from echo 2"; }

  std::string save_state() const { return std::to_string(swaps_); }

 private:
  // One server-to-client stream: keeps `window` chunks in flight.
  struct Stream {
    Stream(acdc::Host& h, acdc::Call c, int n_, int size, int w)
        : host(h), call(std::move(c)), client(call.client()), n(n_), window(w),
          payload(static_cast<size_t>(size), 'x') {}

    void pump(const std::shared_ptr<Stream>& self) {
      std::unique_lock lock(mu);
      while (!failed && sent < n && sent - answered < window) {
        int i = sent++;
        lock.unlock();
        host.call_client(client, "Client.chunk", acdc::json_array(i, payload),
                         [self](acdc::Result r) { self->on_answer(self, r); });
        lock.lock();
      }
    }

    void on_answer(const std::shared_ptr<Stream>& self, const acdc::Result& r) {
      bool all_answered = false;
      {
        std::lock_guard lock(mu);
        ++answered;
        if (failed) return;
        if (!r.ok()) {
          failed = true;
          call.fail(r.status, "Client.chunk failed: " + r.payload);
          return;
        }
        all_answered = answered == n;
      }
      if (all_answered) finish(self);
      else pump(self);
    }

    void finish(const std::shared_ptr<Stream>& self) {
      host.call_client(client, "Client.done", acdc::json_array(n), [self](acdc::Result r) {
        if (!r.ok()) return self->call.fail(r.status, "Client.done failed: " + r.payload);
        std::map<std::string, int> summary{
            {"n", self->n}, {"size", static_cast<int>(self->payload.size())}, {"remotes", 1}};
        self->call.ok(summary);
      });
    }

    acdc::Host& host;
    acdc::Call call;
    acdc_client client;
    int n;
    int window;
    std::string payload;
    std::mutex mu;
    int sent = 0;
    int answered = 0;
    bool failed = false;
  };

  acdc::Host& host_;
  int swaps_ = 0;
};

acdc::PluginSpec<Echo> describe() {
  auto spec = acdc::PluginSpec<Echo>("echo", kVersion)
      .cls("Echo")
      .method<&Echo::echo>("echo")
      .method<&Echo::add>("add")
      .method<&Echo::fail>("fail")
      .method<&Echo::slow>("slow")
      .method<&Echo::stream>("stream", acdc::kLongRunning)
      .method<&Echo::callback>("callback")
      .method<&Echo::generation>("generation")
      .method<&Echo::version>("version");
#ifdef ACDC_ECHO_V2
  spec.method<&Echo::hello>("hello");
#endif
  return spec;
}

}  // namespace

ACDC_PLUGIN(echo, describe)
