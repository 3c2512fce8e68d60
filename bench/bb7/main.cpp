// bench/bb7 -- acdc --stdio as bb7.nvim drives it:
//   1. process start (fork) to the `init` reply line on stdout (target < 20 ms),
//      median and worst of 20 starts;
//   2. per-chunk overhead: the provider's byte (bench/llm's SseSource writes
//      one delta) to the matching `chunk` line on stdout, p50/p99 of 300
//      deltas, one at a time (target p50 < 1 ms).
// Run: build/acdc-bench-bb7   (see README.md)
#include "sse_source.hpp"
#include "support/temp_dir.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace std::chrono;
namespace fs = std::filesystem;

namespace {

// One `acdc --stdio` with pipes; reads stdout line by line.
class Backend {
 public:
  explicit Backend(const fs::path& home) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) std::exit(1);
    started = steady_clock::now();
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      int null = open("/dev/null", O_WRONLY);
      dup2(null, 2);
      close(in[1]);
      close(out[0]);
      setenv("HOME", home.c_str(), 1);
      setenv("ACDC_CONFIG_HOME", (home / "acdc").c_str(), 1);
      execl(ACDC_BENCH_HOST_BIN, ACDC_BENCH_HOST_BIN, "--stdio", nullptr);
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~Backend() {
    close(to_);
    int status = 0;
    waitpid(pid_, &status, 0);
    close(from_);
  }
  void write_line(const std::string& line) {
    std::string l = line + "\n";
    if (write(to_, l.data(), l.size()) != static_cast<ssize_t>(l.size())) std::exit(1);
  }
  std::string read_line() {
    for (;;) {
      if (auto nl = buf_.find('\n'); nl != std::string::npos) {
        std::string line = buf_.substr(0, nl);
        buf_.erase(0, nl + 1);
        return line;
      }
      char chunk[65536];
      ssize_t n = read(from_, chunk, sizeof chunk);
      if (n <= 0) {
        std::fprintf(stderr, "acdc --stdio closed its stdout\n");
        std::exit(1);
      }
      buf_.append(chunk, static_cast<size_t>(n));
    }
  }
  std::string wait_for(const std::string& needle) {
    for (;;) {
      std::string line = read_line();
      if (std::getenv("BENCH_TRACE")) std::fprintf(stderr, "%s\n", line.c_str());
      if (line.find(needle) != std::string::npos) return line;
      if (line.find("\"type\":\"error\"") != std::string::npos) {
        std::fprintf(stderr, "error line: %s\n", line.c_str());
        std::exit(1);
      }
    }
  }
  steady_clock::time_point started;

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buf_;
};

double ms(steady_clock::duration d) { return duration<double, std::milli>(d).count(); }

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

void write_config(const fs::path& home, const std::string& base_url) {
  fs::create_directories(home / ".config" / "bb7");
  FILE* f = std::fopen((home / ".config" / "bb7" / "config.json").c_str(), "w");
  std::fprintf(f, "{\"api_key\":\"bench\",\"base_url\":\"%s\"}", base_url.c_str());
  std::fclose(f);
}

}  // namespace

int main() {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  acdc::bench::SseSource source;
  acdc::test::TempDir home, project;
  write_config(home.path(), source.base_url());
  const std::string root = project.path().string();
  {
    Backend b(home.path());
    b.write_line(R"({"action":"bb7_init","request_id":"0","project_root":")" + root + "\"}");
    b.wait_for("\"request_id\":\"0\"");
  }

  std::vector<double> starts;
  for (int i = 0; i < 20; ++i) {
    Backend b(home.path());
    b.write_line(R"({"action":"init","request_id":"1","project_root":")" + root + "\"}");
    b.wait_for("\"request_id\":\"1\"");
    starts.push_back(ms(steady_clock::now() - b.started));
  }
  std::printf("start -> init reply: median %.2f ms, worst %.2f ms (%zu starts; target < 20 ms)\n",
              percentile(starts, 0.5), *std::max_element(starts.begin(), starts.end()), starts.size());

  Backend b(home.path());
  b.write_line(R"({"action":"init","request_id":"1","project_root":")" + root + "\"}");
  b.wait_for("\"request_id\":\"1\"");
  b.write_line(R"({"action":"chat_new","request_id":"2"})");
  b.wait_for("\"request_id\":\"2\"");
  source.serve_async();
  b.write_line(R"({"action":"send","request_id":"3","content":"stream please"})");
  std::vector<double> overhead;
  for (int i = 0; i < 320; ++i) {
    const std::string delta = "d" + std::to_string(i) + " ";
    auto t0 = source.send(delta);
    // The line for this very delta (a lagging line would measure nothing).
    b.wait_for("{\"type\":\"chunk\",\"content\":\"" + delta + "\"");
    if (i >= 20) overhead.push_back(ms(steady_clock::now() - t0));  // the first ones warm the path
  }
  source.finish();
  b.wait_for("\"type\":\"done\"");
  std::printf("provider byte -> stdout chunk line: p50 %.3f ms, p99 %.3f ms (%zu deltas; target p50 < 1 ms)\n",
              percentile(overhead, 0.5), percentile(overhead, 0.99), overhead.size());
  return 0;
}
