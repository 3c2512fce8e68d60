// acdc-bench-host: the host with the echo plugin against the jrpc-oo node
// reference server, in one run, on this machine (issue 2's targets).
//
//   build/acdc-bench-host --acdc build/acdc --plugin-dir build/plugins
//       --node-server bench/host/node_echo_server.mjs [--seconds 5] [--warmup 1]
//       [--only stream]
//
// For each server: start to accepting connections, idle RSS, then echo at
// 1 connection x 1 in flight, 1 x 64 and 8 x 16 (calls/s, p50/p99 latency,
// server CPU microseconds per call from /proc/<pid>/stat), and a
// server-to-client stream of 1 KiB payloads with window 64 (callbacks/s).
// The last column is acdc's figure over node's. With 1 x 1 comes the
// loopback floor: what the kernel alone charges a server for that round trip.
#include "load_connection.hpp"
#include "loopback_floor.hpp"
#include "server_process.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include <sys/resource.h>

namespace fs = std::filesystem;
using namespace acdc::bench;

namespace {

struct Figures {
  double ops_per_s = 0, p50_ms = 0, p99_ms = 0, user_us_per_op = 0, sys_us_per_op = 0, client_us_per_op = 0;
};

// CPU time of the calling thread (the load client runs on one), in microseconds.
double thread_cpu_us() {
  rusage r{};
  getrusage(RUSAGE_THREAD, &r);
  auto us = [](const timeval& t) { return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_usec); };
  return us(r.ru_utime) + us(r.ru_stime);
}

struct Server {
  std::string name;
  std::function<std::unique_ptr<ServerProcess>(unsigned short port)> start;
  std::string path;  // WebSocket target
};

std::chrono::microseconds to_duration(double seconds) {
  return std::chrono::microseconds(static_cast<long>(seconds * 1e6));
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  size_t k = static_cast<size_t>(p * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k] / 1000.0;
}

// One load configuration against a running server.
Figures measure(const ServerProcess& server, Target target, int conns,
                const std::function<void(LoadConnection&)>& start, double warmup_s, double seconds) {
  boost::asio::io_context io;
  Recorder rec;
  std::vector<std::shared_ptr<LoadConnection>> connections;
  for (int i = 0; i < conns; ++i) {
    connections.push_back(std::make_shared<LoadConnection>(io, target, rec));
    connections.back()->connect();
  }
  for (auto& c : connections) start(*c);
  io.run_for(to_duration(warmup_s));
  rec.measuring = true;
  const CpuTime cpu_before = server.cpu();
  const double client_before = thread_cpu_us();
  auto t0 = Clock::now();
  io.run_for(to_duration(seconds));
  double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  const CpuTime cpu_after = server.cpu();
  const double client_after = thread_cpu_us();
  rec.measuring = false;
  Figures f;
  f.ops_per_s = static_cast<double>(rec.ops) / elapsed;
  const double ops = static_cast<double>(std::max<uint64_t>(rec.ops, 1));
  f.user_us_per_op = static_cast<double>(cpu_after.user_us - cpu_before.user_us) / ops;
  f.sys_us_per_op = static_cast<double>(cpu_after.sys_us - cpu_before.sys_us) / ops;
  f.client_us_per_op = (client_after - client_before) / ops;
  f.p50_ms = percentile(rec.latencies_us, 0.50);
  f.p99_ms = percentile(rec.latencies_us, 0.99);
  return f;
}

struct Row {
  std::string label;
  std::vector<Figures> per_server;
};

void print_row(const std::string& what, const std::string& unit, double a, double b) {
  std::printf("  %-34s %12.3f %12.3f %9.2fx  %s\n", what.c_str(), a, b, b != 0 ? a / b : 0.0, unit.c_str());
}

// About the size of the load client's Echo.echo frame, and of the reply to it.
constexpr size_t kEchoFrameBytes = 93, kEchoReplyBytes = 57;

void print_floor(const Row& one_by_one, double warmup, double seconds) {
  const auto& acdc = one_by_one.per_server[0];
  const auto& node = one_by_one.per_server[1];
  std::printf("loopback floor at 1 x 1: a forked child answers %zu bytes with %zu, no WebSocket, no JSON\n",
              kEchoFrameBytes, kEchoReplyBytes);
  auto print = [](const std::string& what, const FloorFigures& f) {
    std::printf("  %-34s %12.3f %12s %9s  us (user %.3f, kernel %.3f)\n", what.c_str(), f.user_us_per_op + f.sys_us_per_op,
                "", "", f.user_us_per_op, f.sys_us_per_op);
  };
  for (auto [wait, how] : {std::pair{FloorWait::blocking, "blocking read"}, {FloorWait::epoll, "epoll_wait, read"}})
    print("server CPU per op, " + std::string(how),
          loopback_floor(wait, FloorWork::bytes, kEchoFrameBytes, kEchoReplyBytes, warmup, seconds));
  std::printf("  %-34s %12s %12.3f %9s  us\n", "1/5 of node's CPU per op", "",
              (node.user_us_per_op + node.sys_us_per_op) / 5, "");
  // The user time any jrpc-oo server spends on the protocol alone
  // (loopback_floor.hpp, FloorWork::jsonrpc): the floor of acdc's user time.
  const FloorFigures protocol = loopback_floor(FloorWait::epoll, FloorWork::jsonrpc, 0, 0, warmup, seconds);
  std::printf("protocol floor at 1 x 1: the same child unmasks, parses and answers the real Echo.echo frame\n");
  print("server CPU per op, epoll_wait, read", protocol);
  std::printf("  %-34s %12.3f %12.3f %9.2fx  us\n", "user: acdc / protocol floor", acdc.user_us_per_op,
              protocol.user_us_per_op, protocol.user_us_per_op > 0 ? acdc.user_us_per_op / protocol.user_us_per_op : 0.0);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"acdc host vs the jrpc-oo node reference server"};
  std::string acdc, plugin_dir, node_script, only;
  double seconds = 5, warmup = 1;
  cli.add_option("--acdc", acdc, "the acdc binary")->required();
  cli.add_option("--plugin-dir", plugin_dir, "directory holding echo.acdc.so")->required();
  cli.add_option("--node-server", node_script, "bench/host/node_echo_server.mjs")->required();
  cli.add_option("--seconds", seconds, "measuring window per configuration");
  cli.add_option("--warmup", warmup, "warm-up per configuration");
  cli.add_option("--only", only, "run only the configurations whose label contains this (e.g. stream)");
  CLI11_PARSE(cli, argc, argv);

  const fs::path tmp = fs::temp_directory_path() / ("acdc-bench-" + std::to_string(getpid()));
  fs::create_directories(tmp / "repo");
  std::ofstream(tmp / "acdc.yaml") << "plugins:\n  - name: echo\n";

  std::vector<Server> servers{
      {"acdc",
       [&](unsigned short port) {
         return std::make_unique<ServerProcess>(
             std::vector<std::string>{acdc, "--config", (tmp / "acdc.yaml").string(), "--repo",
                                      (tmp / "repo").string(), "--port", std::to_string(port),
                                      "--no-browser", "--plugin-dir", plugin_dir},
             std::vector<std::string>{"ACDC_TOKEN=bench", "ACDC_CONFIG_HOME=" + (tmp / "config").string()});
       },
       "/?token=bench"},
      {"node",
       [&](unsigned short port) {
         return std::make_unique<ServerProcess>(
             std::vector<std::string>{"node", node_script, "--port", std::to_string(port)},
             std::vector<std::string>{});
       },
       "/"},
  };

  struct Config {
    std::string label;
    int conns;
    std::function<void(LoadConnection&)> start;
  };
  std::vector<Config> configs{
      {"echo 1 x 1", 1, [](LoadConnection& c) { c.start_echo(1); }},
      {"echo 1 x 64", 1, [](LoadConnection& c) { c.start_echo(64); }},
      {"echo 8 x 16", 8, [](LoadConnection& c) { c.start_echo(16); }},
      {"stream 1000 x 1 KiB, window 64", 1, [](LoadConnection& c) { c.start_stream(1000, 1024, 64); }},
  };
  std::erase_if(configs, [&](const Config& c) { return c.label.find(only) == std::string::npos; });

  std::vector<double> start_ms, idle_rss;
  std::vector<Row> rows(configs.size());
  for (size_t i = 0; i < configs.size(); ++i) rows[i].label = configs[i].label;
  for (const auto& server : servers) {
    const unsigned short port = ServerProcess::free_port();
    auto process = server.start(port);
    start_ms.push_back(process->wait_accepting(port));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    idle_rss.push_back(static_cast<double>(process->rss_kib()) / 1024.0);
    for (size_t i = 0; i < configs.size(); ++i)
      rows[i].per_server.push_back(
          measure(*process, Target{"127.0.0.1", port, server.path}, configs[i].conns, configs[i].start, warmup, seconds));
    process->stop();
  }
  fs::remove_all(tmp);

  std::printf("%-36s %12s %12s %10s\n", "", "acdc", "node", "acdc/node");
  print_row("start to accepting", "ms", start_ms[0], start_ms[1]);
  print_row("idle RSS", "MiB", idle_rss[0], idle_rss[1]);
  for (const auto& r : rows) {
    const auto& a = r.per_server[0];
    const auto& b = r.per_server[1];
    std::printf("%s\n", r.label.c_str());
    const bool stream = r.label.rfind("stream", 0) == 0;
    print_row(stream ? "callbacks/s" : "calls/s", "", a.ops_per_s, b.ops_per_s);
    print_row(stream ? "p50 per stream" : "p50 latency", "ms", a.p50_ms, b.p50_ms);
    print_row(stream ? "p99 per stream" : "p99 latency", "ms", a.p99_ms, b.p99_ms);
    print_row("server CPU per op", "us", a.user_us_per_op + a.sys_us_per_op, b.user_us_per_op + b.sys_us_per_op);
    // Loopback TCP is paid in the kernel by both servers alike; user time is
    // what each server's own code costs.
    print_row("  of which user", "us", a.user_us_per_op, b.user_us_per_op);
    print_row("  of which kernel", "us", a.sys_us_per_op, b.sys_us_per_op);
    // A server that keeps up with the client gets small batches: its CPU per
    // op then tends to the client's own.
    print_row("load client CPU per op", "us", a.client_us_per_op, b.client_us_per_op);
    if (r.label == "echo 1 x 1") print_floor(r, warmup, seconds);
  }
  return 0;
}
