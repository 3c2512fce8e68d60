// Real commands through the runner (run/command_run.hpp) in a temporary
// directory: what they print, how they end, and that nothing they start
// outlives them.
#include "run/command_run.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <signal.h>

#include <chrono>
#include <fstream>
#include <future>
#include <thread>

using namespace acdc::exec;
using acdc::test::TempDir;

namespace {

RunSpec bash(const TempDir& dir, const std::string& command, std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
  RunSpec spec;
  spec.plan.argv = {"/bin/bash", "-c", command};
  spec.plan.env = {"PATH=/usr/bin:/bin", "TERM=dumb"};
  spec.plan.cwd = dir.path().string();
  spec.plan.timeout = timeout;
  return spec;
}

RunResult run(RunSpec spec, std::string* streamed = nullptr) {
  CommandRun r(std::move(spec));
  return r.wait([&](std::string_view text) {
    if (streamed) streamed->append(text);
  });
}

pid_t pid_in(const TempDir& dir, const char* file) {
  std::ifstream in(dir.path() / file);
  pid_t pid = 0;
  in >> pid;
  return pid;
}

// Whether `pid` still runs: a process that ended and was reaped is gone,
// which the supervisor does before it reports.
bool alive(pid_t pid) { return pid > 0 && ::kill(pid, 0) == 0; }

}  // namespace

TEST_CASE("a command's output streams in order, and its exit code is reported") {
  TempDir dir;
  std::string streamed;
  RunResult ok = run(bash(dir, "echo one; echo two >&2; printf 'é'"), &streamed);
  CHECK(ok.report.reported);
  CHECK(ok.report.exited);
  CHECK(ok.report.code == 0);
  CHECK(streamed == "one\r\ntwo\r\né");  // a terminal: stderr too, "\r\n" line ends
  CHECK(ok.output == "one\ntwo\né");
  RunResult failed = run(bash(dir, "echo failing; exit 3"));
  CHECK(failed.report.exited);
  CHECK(failed.report.code == 3);
  RunResult missing = run(bash(dir, "no-such-program-here"));
  CHECK(missing.report.code == 127);
  CHECK_THAT(missing.output, Catch::Contains("not found"));
}

TEST_CASE("a command that runs in a terminal sees one, and reads what is typed into it") {
  TempDir dir;
  CommandRun r(bash(dir, "test -t 0 && test -t 1 && echo tty; read -r line; echo got:$line"));
  CHECK(r.input("hello\n") == 6);  // the terminal keeps the line until the command reads it
  RunResult result = r.wait([](std::string_view) {});
  CHECK(result.report.code == 0);
  CHECK_THAT(result.output, Catch::Contains("tty"));
  CHECK_THAT(result.output, Catch::Contains("got:hello"));
}

TEST_CASE("a command killed at its timeout takes its children with it") {
  TempDir dir;
  RunResult r = run(bash(dir, "sleep 300 & echo $! > child.pid; sleep 300", std::chrono::seconds(2)));
  CHECK(r.report.timed_out);
  CHECK_FALSE(r.report.exited);
  CHECK(r.report.signal == SIGKILL);
  const pid_t child = pid_in(dir, "child.pid");
  CHECK(child > 0);
  CHECK_FALSE(alive(child));
}

TEST_CASE("a daemon a command leaves behind (its own session, its output elsewhere) is killed when the command ends") {
  TempDir dir;
  // As a daemon does, it ignores the hangup its terminal's end sends.
  RunResult r = run(bash(dir, "trap '' HUP; setsid sleep 300 >/dev/null 2>&1 </dev/null & echo $! > daemon.pid; echo started"));
  CHECK(r.report.exited);
  CHECK(r.report.code == 0);
  CHECK(r.report.left_running >= 1);
  const pid_t daemon = pid_in(dir, "daemon.pid");
  CHECK(daemon > 0);
  CHECK_FALSE(alive(daemon));
}

TEST_CASE("a kill from another thread ends a command that never would") {
  TempDir dir;
  CommandRun r(bash(dir, "echo waiting; sleep 300"));
  std::promise<void> started;
  std::thread killer([&] {
    started.get_future().wait();  // the command is running: it said so
    r.kill();
  });
  bool said = false;
  RunResult result = r.wait([&](std::string_view text) {
    if (!said && text.find("waiting") != std::string_view::npos) said = true, started.set_value();
  });
  if (!said) started.set_value();  // it never said so: the checks below fail, the thread ends
  killer.join();
  CHECK(result.report.killed);
  CHECK_FALSE(result.report.exited);
}

TEST_CASE("a flood of output is read to the end, streamed up to its limit, and cut for the model with the cut told") {
  TempDir dir;
  RunSpec spec = bash(dir, "head -c 20000000 /dev/zero | tr '\\0' x; echo; echo THE-END");
  spec.head_bytes = 1000, spec.tail_bytes = 1000, spec.stream_limit = 1 << 20;
  std::string streamed;
  RunResult r = run(std::move(spec), &streamed);
  CHECK(r.report.code == 0);
  CHECK(r.output_bytes >= 20'000'000);
  CHECK(r.cut_bytes == r.output_bytes - 2000);
  CHECK(r.stream_cut);
  CHECK(streamed.size() < (1u << 20) + 200'000);
  CHECK_THAT(streamed, Catch::Contains("the rest of this command's output is not shown here"));
  CHECK_THAT(r.output, Catch::Contains("bytes of output cut here"));
  CHECK_THAT(r.output, Catch::EndsWith("THE-END\n"));
}
