// acdc-bench-hot-swap: what a hot swap costs the clients of a busy host
// (issue 6's figures).
//
//   build/acdc-bench-hot-swap --acdc build/acdc --v1 build/plugins/echo.acdc.so
//       --v2 build/tests/plugins/swap/v2/echo.acdc.so [--swaps 20]
//
// The host runs with --dev on a copy of echo; four connections keep 8 echo
// calls each in flight. Twenty times, a build of the other version is renamed
// over the watched file (a complete file, as a linker or install step leaves
// it), and a probe connection polls Echo.version() until the new code answers.
// Reported over the swaps, p50 and p99: the pause from the file being complete
// to the first call served by the new generation, and the worst latency any
// load call saw during the swap, against the worst seen in as long a window
// without swaps.
#include "dev_echo_host.hpp"
#include "load_connection.hpp"

#include <CLI/CLI.hpp>
#include <boost/asio/connect.hpp>
#include <boost/beast/core/buffers_to_string.hpp>

#include <algorithm>
#include <cstdio>
#include <thread>

namespace websocket = boost::beast::websocket;
using tcp = boost::asio::ip::tcp;
using namespace acdc::bench;

namespace {

// A synchronous jrpc-oo connection that asks one thing at a time.
class Probe {
 public:
  Probe(boost::asio::io_context& io, unsigned short port) : ws_(io) {
    tcp::resolver resolver(io);
    boost::asio::connect(ws_.next_layer(), resolver.resolve("127.0.0.1", std::to_string(port)));
    ws_.handshake("127.0.0.1", "/?token=bench");
    ws_.text(true);
  }
  // The result text of Echo.version(), answering the host's own requests meanwhile.
  std::string version() {
    const std::string id = std::to_string(++id_);
    ws_.write(boost::asio::buffer(R"({"jsonrpc":"2.0","method":"Echo.version","params":{"args":[]},"id":)" + id + "}"));
    for (;;) {
      boost::beast::flat_buffer buf;
      ws_.read(buf);
      std::string text = boost::beast::buffers_to_string(buf.data());
      if (text.find("\"method\"") != std::string::npos) {
        auto at = text.rfind("\"id\":");
        ws_.write(boost::asio::buffer(R"({"jsonrpc":"2.0","result":{},"id":)" + text.substr(at + 5, text.size() - at - 6) + "}"));
        continue;
      }
      if (text.find("\"id\":" + id + ",") == std::string::npos && text.find("\"id\":" + id + "}") == std::string::npos) continue;
      auto r = text.find("\"result\":\"");
      return r == std::string::npos ? text : text.substr(r + 10, text.find('"', r + 10) - r - 10);
    }
  }

 private:
  websocket::stream<tcp::socket> ws_;
  uint64_t id_ = 100;
};

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[static_cast<size_t>(p * static_cast<double>(v.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"the pause and the client latency a hot swap causes under load"};
  std::string acdc, v1, v2;
  int swaps = 20;
  cli.add_option("--acdc", acdc, "the acdc binary")->required();
  cli.add_option("--v1", v1, "echo.acdc.so, version 1.0.0")->required();
  cli.add_option("--v2", v2, "echo.acdc.so built with ACDC_ECHO_V2")->required();
  cli.add_option("--swaps", swaps, "how many swaps");
  CLI11_PARSE(cli, argc, argv);

  DevEchoHost host(acdc, v1, "bench-swap");
  const unsigned short port = host.port();

  boost::asio::io_context load_io;
  Recorder rec;
  std::vector<std::shared_ptr<LoadConnection>> load;
  for (int i = 0; i < 4; ++i) {
    load.push_back(std::make_shared<LoadConnection>(load_io, Target{"127.0.0.1", port, "/?token=bench"}, rec));
    load.back()->connect();
    load.back()->start_echo(8);
  }
  std::thread load_thread([&] { load_io.run(); });
  boost::asio::io_context probe_io;
  Probe probe(probe_io, port);

  std::vector<double> pauses_ms, worst_ms, quiet_worst_ms;
  for (int i = 1; i <= swaps; ++i) {
    const bool to_v2 = i % 2 == 1;
    rec.worst_us = 0;
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    quiet_worst_ms.push_back(static_cast<double>(rec.worst_us) / 1000.0);
    rec.worst_us = 0;
    host.deploy(to_v2 ? v2 : v1);
    const auto complete = Clock::now();
    while (probe.version() != (to_v2 ? "2.0.0" : "1.0.0")) {}
    pauses_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - complete).count());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    worst_ms.push_back(static_cast<double>(rec.worst_us) / 1000.0);
  }
  load_io.stop();
  load_thread.join();

  std::printf("%d swaps under load (4 connections x 8 echo calls in flight)\n", swaps);
  std::printf("  pause, file complete to first call on the new code   p50 %7.2f ms   p99 %7.2f ms\n",
              percentile(pauses_ms, 0.5), percentile(pauses_ms, 0.99));
  std::printf("  worst client latency in a window with a swap          p50 %7.2f ms   p99 %7.2f ms\n",
              percentile(worst_ms, 0.5), percentile(worst_ms, 0.99));
  std::printf("  worst client latency in a window without a swap       p50 %7.2f ms   p99 %7.2f ms\n",
              percentile(quiet_worst_ms, 0.5), percentile(quiet_worst_ms, 0.99));
  return 0;
}
