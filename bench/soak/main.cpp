// acdc-bench-soak: the host under a long mixed load (issue 19's soak).
//
//   build/acdc-bench-soak --acdc build/acdc --v1 build/plugins/echo.acdc.so
//       --v2 build/tests/plugins/swap/v2/echo.acdc.so [--clients 100] [--minutes 10]
//
// The host runs with --dev on a copy of echo. `--clients` connections
// (soak_client.hpp) each do echo bursts, slow calls, streams and streams they
// drop mid-way, on one client thread, while the main thread swaps echo's two
// builds over the watched file every --swap-every seconds. Every --sample
// seconds a line of the curve: the host's RSS and what the clients counted.
// At the end: the RSS at the first sample after the warm-up, its peak and
// its last value, and the calls that failed though they should have
// succeeded (the target is none), with the first reasons.
#include "dev_echo_host.hpp"
#include "soak_client.hpp"

#include <CLI/CLI.hpp>
#include <boost/asio/post.hpp>

#include <algorithm>
#include <cstdio>
#include <future>
#include <thread>

using namespace acdc::bench;

namespace {

struct Sample {
  double t_s;
  double rss_mib;
  SoakStats stats;
  int swaps;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"the host under a long mixed load: RSS curve and failed calls"};
  std::string acdc, v1, v2;
  int clients = 100;
  double minutes = 10, swap_every_s = 20, sample_s = 30;
  cli.add_option("--acdc", acdc, "the acdc binary")->required();
  cli.add_option("--v1", v1, "echo.acdc.so, version 1.0.0")->required();
  cli.add_option("--v2", v2, "echo.acdc.so built with ACDC_ECHO_V2")->required();
  cli.add_option("--clients", clients, "connections");
  cli.add_option("--minutes", minutes, "how long the load runs");
  cli.add_option("--swap-every", swap_every_s, "seconds between hot swaps of echo");
  cli.add_option("--sample", sample_s, "seconds between points of the curve");
  CLI11_PARSE(cli, argc, argv);

  DevEchoHost dev(acdc, v1, "bench-soak");
  ServerProcess& host = dev.process();
  const unsigned short port = dev.port();
  const double idle_mib = static_cast<double>(host.rss_kib()) / 1024.0;

  boost::asio::io_context io;
  auto guard = boost::asio::make_work_guard(io);
  SoakStats stats;
  std::vector<std::shared_ptr<SoakClient>> load;
  for (int i = 0; i < clients; ++i) {
    load.push_back(std::make_shared<SoakClient>(io, port, "/?token=bench", stats, static_cast<uint32_t>(i + 1)));
    load.back()->start();
  }
  std::thread load_thread([&] { io.run(); });

  // The clients' counters live on their thread: copied there.
  auto snapshot = [&] {
    std::promise<SoakStats> p;
    boost::asio::post(io, [&] { p.set_value(stats); });
    return p.get_future().get();
  };

  std::printf("soak: %d clients for %.1f min, echo swapped every %.0f s; host idle RSS %.1f MiB\n", clients, minutes,
              swap_every_s, idle_mib);
  std::printf("%8s %9s %10s %8s %8s %9s %7s %7s\n", "t (s)", "RSS MiB", "calls ok", "calls/s", "streams",
              "drops", "failed", "swaps");
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::vector<Sample> curve;
  int swaps = 0;
  double next_swap = swap_every_s, next_sample = sample_s;
  uint64_t last_ok = 0;
  while (elapsed() < minutes * 60) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (elapsed() >= next_swap) {
      dev.deploy(++swaps % 2 == 1 ? v2 : v1);
      next_swap += swap_every_s;
    }
    if (elapsed() >= next_sample) {
      Sample s{elapsed(), static_cast<double>(host.rss_kib()) / 1024.0, snapshot(), swaps};
      std::printf("%8.0f %9.1f %10llu %8.0f %8llu %9llu %7llu %7d\n", s.t_s, s.rss_mib,
                  static_cast<unsigned long long>(s.stats.calls_ok),
                  static_cast<double>(s.stats.calls_ok - last_ok) / sample_s,
                  static_cast<unsigned long long>(s.stats.streams),
                  static_cast<unsigned long long>(s.stats.disconnects),
                  static_cast<unsigned long long>(s.stats.calls_failed), s.swaps);
      std::fflush(stdout);
      last_ok = s.stats.calls_ok;
      curve.push_back(std::move(s));
      next_sample += sample_s;
    }
  }
  boost::asio::post(io, [&] {
    for (auto& c : load) c->stop();
  });
  guard.reset();
  io.stop();
  load_thread.join();
  const SoakStats end = stats;

  if (!curve.empty()) {
    double peak = 0;
    for (const auto& s : curve) peak = std::max(peak, s.rss_mib);
    // The first point is the warm-up's end: buffers, pools and caches grown.
    std::printf("RSS: %.1f MiB idle, %.1f MiB after the first %.0f s, peak %.1f MiB, last %.1f MiB (%+.1f MiB since the first point)\n",
                idle_mib, curve.front().rss_mib, curve.front().t_s, peak, curve.back().rss_mib,
                curve.back().rss_mib - curve.front().rss_mib);
  }
  std::printf("calls ok %llu, streams %llu (%llu chunks), deliberate drops %llu (%llu calls abandoned with them), swaps %d\n",
              static_cast<unsigned long long>(end.calls_ok), static_cast<unsigned long long>(end.streams),
              static_cast<unsigned long long>(end.chunks), static_cast<unsigned long long>(end.disconnects),
              static_cast<unsigned long long>(end.calls_abandoned), swaps);
  std::printf("failed calls that should have succeeded: %llu\n", static_cast<unsigned long long>(end.calls_failed));
  for (const auto& why : end.first_failures) std::printf("  %s\n", why.c_str());
  return end.calls_failed == 0 ? 0 : 1;
}
