// acdc-bench-exec: the exec plugin's runner (plugins/exec/src/run) against
// the floor, in one run, as ratios.
//
//   acdc-bench-exec [--runs 200] [--mb 256]
//
// 1. Start to exit of `bash -c true`: posix_spawn + waitpid (the floor: a
//    small C program doing nothing else), against CommandRun (terminal,
//    supervisor, subreaper, tree kill), then CommandRun in bubblewrap (the
//    sandbox's own cost, reported apart).
// 2. Throughput of `cat` of a large file: read from a pipe (the floor), from
//    a bare pseudo-terminal (the kernel's terminal line discipline, the
//    floor of anything that runs commands in a terminal), then from
//    CommandRun's terminal with its UTF-8 batching (what the plugin sends on
//    towards the browser).
#include "run/command_run.hpp"
#include "run/sandbox.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;
using acdc::exec::CommandRun;
using acdc::exec::RunSpec;
using acdc::exec::Sandbox;
using acdc::exec::SandboxMode;

struct Stats {
  double p50, p95;
};

Stats stats(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms[std::min(ms.size() - 1, ms.size() * 95 / 100)]};
}

double since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

double spawn_bare(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const auto t0 = Clock::now();
  pid_t pid;
  if (posix_spawn(&pid, args[0], nullptr, nullptr, args.data(), environ) != 0) std::exit(1);
  int st;
  waitpid(pid, &st, 0);
  return since(t0);
}

RunSpec spec_of(std::vector<std::string> argv, const std::string& cwd) {
  RunSpec s;
  s.plan.argv = std::move(argv);
  s.plan.env = {"PATH=/usr/bin:/bin", "TERM=xterm-256color"};
  s.plan.cwd = cwd;
  s.plan.timeout = std::chrono::seconds(60);
  s.stream_limit = SIZE_MAX;
  return s;
}

// Start to the exit seen: the report back from the supervisor.
double runner(RunSpec spec, size_t* bytes = nullptr) {
  const auto t0 = Clock::now();
  CommandRun r(std::move(spec));
  size_t n = 0;
  r.wait([&](std::string_view text) { n += text.size(); });
  if (bytes) *bytes = n;
  return since(t0);
}

// MB/s of reading `cat file` from a pipe, 64 KiB at a time.
double pipe_rate(const std::string& file, size_t& bytes) {
  const std::string cmd = "cat '" + file + "'";
  const auto t0 = Clock::now();
  FILE* p = popen(cmd.c_str(), "r");
  std::vector<char> buf(64 * 1024);
  bytes = 0;
  while (size_t n = fread(buf.data(), 1, buf.size(), p)) bytes += n;
  pclose(p);
  return static_cast<double>(bytes) / 1e6 / (since(t0) / 1000.0);
}

// MB/s of reading `cat file` from a bare pseudo-terminal, 64 KiB at a time.
double pty_rate(const std::string& file, size_t& bytes) {
  const auto t0 = Clock::now();
  int master = posix_openpt(O_RDWR | O_NOCTTY);
  grantpt(master);
  unlockpt(master);
  const std::string slave = ptsname(master);
  pid_t pid = fork();
  if (pid == 0) {
    setsid();
    int s = open(slave.c_str(), O_RDWR);
    dup2(s, 1);
    execl("/bin/cat", "cat", file.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  std::vector<char> buf(64 * 1024);
  bytes = 0;
  for (ssize_t n; (n = read(master, buf.data(), buf.size())) > 0;) bytes += static_cast<size_t>(n);
  close(master);
  waitpid(pid, nullptr, 0);
  return static_cast<double>(bytes) / 1e6 / (since(t0) / 1000.0);
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 200;
  size_t mb = 256;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--runs")) runs = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--mb")) mb = static_cast<size_t>(std::atol(argv[i + 1]));
  }
  const std::string dir = std::filesystem::temp_directory_path() / ("acdc-bench-exec-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const Sandbox box = Sandbox::probe();
  const std::vector<std::string> trivial = {"/bin/bash", "-c", "true"};

  std::vector<double> bare, run, boxed;
  for (int i = 0; i < runs; ++i) {  // interleaved, so load hits all three alike
    bare.push_back(spawn_bare(trivial));
    run.push_back(runner(spec_of(trivial, dir)));
    if (box.available()) boxed.push_back(runner(spec_of(box.wrap(SandboxMode::workspace_write, dir, trivial), dir)));
  }
  const Stats b = stats(bare), r = stats(run);
  std::printf("start to exit of bash -c true, %d runs (ms)\n", runs);
  std::printf("  floor   posix_spawn + waitpid     p50 %6.2f  p95 %6.2f\n", b.p50, b.p95);
  std::printf("  acdc    CommandRun (no sandbox)   p50 %6.2f  p95 %6.2f   ratio p50 %.2fx\n", r.p50, r.p95, r.p50 / b.p50);
  if (box.available()) {
    const Stats s = stats(boxed);
    std::printf("  acdc    CommandRun in bubblewrap  p50 %6.2f  p95 %6.2f   the sandbox's own cost p50 %.2f ms\n", s.p50,
                s.p95, s.p50 - r.p50);
  } else {
    std::printf("  sandbox not measured: %s\n", box.problem().c_str());
  }

  const std::string big = dir + "/big.txt";
  {
    std::ofstream out(big);
    std::string line(99, 'x');
    line += '\n';
    for (size_t i = 0; i < mb * 10'000; ++i) out << line;
  }
  size_t pipe_bytes = 0, pty_bytes = 0, run_bytes = 0;
  const double pipe = pipe_rate(big, pipe_bytes);
  const double pty = pty_rate(big, pty_bytes);
  const double ms = runner(spec_of({"/bin/cat", big}, dir), &run_bytes);
  const double through = static_cast<double>(run_bytes) / 1e6 / (ms / 1000.0);
  std::printf("cat of a %zu MB file (MB/s)\n", pipe_bytes / 1'000'000);
  std::printf("  floor   a pipe                    %8.0f\n", pipe);
  std::printf("  floor   a bare pseudo-terminal    %8.0f   ratio %.2fx\n", pty, pty / pipe);
  std::printf("  acdc    CommandRun's terminal     %8.0f   ratio %.2fx of the pipe, %.2fx of the bare terminal"
              "   (%zu bytes: \\n became \\r\\n)\n",
              through, through / pipe, through / pty, run_bytes);
  std::filesystem::remove_all(dir);
}
