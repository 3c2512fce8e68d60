// bench/llm -- the llm plugin's streaming path through the real host:
//   1. host overhead from the provider's byte to the client's streamChunk
//      (p50/p99; target p50 < 1 ms), deltas spaced beyond the coalescing
//      interval so each one is a frame;
//   2. bytes sent to the client for a 100 KB answer arriving as 25,000
//      deltas, against sending the full text on every delta (target <= 1/20);
//   3. memory of a loaded 1,000-message history.
// Run: build-X/acdc-bench-llm   (see README.md)
#include "sse_source.hpp"

#include "history/history_store.hpp"
#include "support/host_process.hpp"
#include "support/temp_dir.hpp"
#include "support/ws_client.hpp"

#include <acdc/sdk/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>
#include <vector>

using namespace std::chrono;
using acdc::bench::SseSource;

namespace {

long rss_kb() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

struct Setup {
  SseSource source;
  acdc::test::TempDir repo, config;
  std::unique_ptr<acdc::test::HostProcess> host;
  std::unique_ptr<acdc::test::WsClient> client;
  std::vector<steady_clock::time_point> chunk_times;

  Setup() {
    std::string git = "git -C '" + repo.path().string() + "' -c user.email=b@x -c user.name=b ";
    acdc::test::write_file(repo.path() / "a.txt", "a\n");
    if (std::system((git + "init -q && " + git + "add -A && " + git + "commit -qm init").c_str()) != 0) std::exit(1);
    acdc::test::write_file(config.path() / "llm.yaml", "provider: openai\nbase_url: " + source.base_url() +
                                                          "\nmodel: gpt-4o\napi_key_env: BENCH_KEY\nnum_retries: 0\n");
    host = std::make_unique<acdc::test::HostProcess>(acdc::test::HostOptions{
        .config_yaml = "plugins:\n  - name: repo\n  - name: llm\n    config_files: [llm.yaml, app.yaml]\n",
        .env = {{"ACDC_CONFIG_HOME", config.path().string()}, {"BENCH_KEY", "k"}},
        .repo = repo.path().string()});
    auto chunk = [this](const rapidjson::Value&) {
      chunk_times.push_back(steady_clock::now());
      return std::string("true");
    };
    auto complete = [](const rapidjson::Value&) { return std::string("true"); };
    client = std::make_unique<acdc::test::WsClient>(
        host->port(), acdc::test::WsClient::Connect{
                          .token = host->token(),
                          .handlers = {{"AcApp.streamChunk", chunk}, {"AcApp.streamComplete", complete}}});
    while (!client->call("LLMService.get_current_state", "[]")["result"]["init_complete"].GetBool())
      std::this_thread::sleep_for(milliseconds(10));
  }

  void start_turn(const std::string& id) {
    source.serve_async();
    client->call("LLMService.chat_streaming", acdc::json_array(id, "bench", std::vector<std::string>{}));
  }
  void end_turn(size_t completes) {
    source.finish();
    client->wait_for("AcApp.streamComplete", completes, seconds(60));
  }
};

void latency(Setup& s, int n) {
  s.start_turn("lat");
  std::vector<double> us;
  for (int i = 0; i < n; ++i) {
    auto t0 = s.source.send("x");
    if (!s.client->wait_for("AcApp.streamChunk", static_cast<size_t>(i + 1), seconds(5))) {
      std::fprintf(stderr, "no streamChunk for delta %d; host said:\n%s\n", i, s.host->output().c_str());
      std::exit(1);
    }
    us.push_back(duration<double, std::micro>(s.chunk_times.back() - t0).count());
    std::this_thread::sleep_for(milliseconds(30));  // beyond the 25 ms coalescing interval
  }
  s.end_turn(1);
  std::sort(us.begin(), us.end());
  std::printf("provider byte -> client streamChunk, %d deltas: p50 %.0f us, p99 %.0f us (target p50 < 1000 us)\n", n,
              us[us.size() / 2], us[us.size() * 99 / 100]);
}

void bytes(Setup& s) {
  const int deltas = 25000;
  size_t before = s.client->received("AcApp.streamChunk").size();
  auto t0 = steady_clock::now();
  s.start_turn("bytes");
  for (int i = 0; i < deltas; ++i) s.source.send("abcd");
  s.end_turn(2);
  auto frames = s.client->received("AcApp.streamChunk");
  double sent = 0;
  for (size_t i = before; i < frames.size(); ++i) sent += static_cast<double>(frames[i].size());
  double naive = 0;
  for (int i = 1; i <= deltas; ++i) naive += 4.0 * i + 12;  // text plus ["bytes",""] framing
  std::printf("100 KB as %d deltas in %.0f ms: %zu frames, %.1f MB sent vs %.1f MB full-text-per-delta: 1/%.0f "
              "(target <= 1/20)\n", deltas, duration<double, std::milli>(steady_clock::now() - t0).count(),
              frames.size() - before, sent / 1e6, naive / 1e6, naive / sent);
}

void history_memory() {
  acdc::test::TempDir dir;
  auto file = dir.path() / "history.jsonl";
  {
    acdc::llm::HistoryStore writer(file);
    writer.load();
    for (int i = 0; i < 1000; ++i)
      writer.append(acdc::llm::HistoryMessage::make("sess_b", i % 2 ? "assistant" : "user", std::string(1500, 'm')));
  }
  long before = rss_kb();
  auto t0 = steady_clock::now();
  acdc::llm::HistoryStore store(file);
  store.load();
  double ms = duration<double, std::milli>(steady_clock::now() - t0).count();
  std::printf("history of 1,000 messages (1.5 KB each, %.1f MB file): loaded in %.1f ms, +%ld KB RSS\n",
              static_cast<double>(std::filesystem::file_size(file)) / 1e6, ms, rss_kb() - before);
}

}  // namespace

int main() {
  Setup s;
  latency(s, 150);
  bytes(s);
  history_memory();
}
