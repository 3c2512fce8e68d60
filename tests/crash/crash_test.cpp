// Writes that survive a crash (issue 27): for every kind of file acdc
// writes, a writer process (acdc-crash-writer) is killed with SIGKILL at a
// random instant, again and again on the same directory, and after each
// kill the file must read back whole at the last acknowledged version or
// the one being written, and a restarted writer must carry on from there.
//
// ACDC_CRASH_ROUNDS (default 20) sets the kills per kind; bench/crash runs
// hundreds and reports how many landed in the middle of a write.
#include "crash_kinds.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <string>

extern char** environ;

namespace {

namespace fs = std::filesystem;
using acdc::test::crash::CrashKind;

struct Writer {
  pid_t pid = -1;
  int out = -1;  // its stdout
  std::string buffered;
  long acked = -1;

  Writer(const std::string& kind, const fs::path& dir) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    const std::string exe = ACDC_CRASH_WRITER, d = dir.string();
    char* argv[] = {const_cast<char*>(exe.c_str()), const_cast<char*>(kind.c_str()), const_cast<char*>(d.c_str()),
                    nullptr};
    REQUIRE(posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv, environ) == 0);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    out = fds[0];
  }
  ~Writer() {
    if (pid > 0) kill_now();
    if (out >= 0) ::close(out);
  }

  // Reads acks until `count` more arrived; false if the writer stopped or
  // took over 10 s (it failed: its stderr is in the test's output).
  bool wait_acks(long count) {
    const long until = acked + count;
    char buf[256];
    while (acked < until) {
      pollfd p{out, POLLIN, 0};
      if (::poll(&p, 1, 10000) <= 0) return false;
      ssize_t n = ::read(out, buf, sizeof buf);
      if (n <= 0) return false;
      buffered.append(buf, static_cast<size_t>(n));
      for (size_t nl; (nl = buffered.find('\n')) != std::string::npos; buffered.erase(0, nl + 1))
        acked = std::stol(buffered.substr(4, nl - 4));
    }
    return true;
  }

  void kill_now() {
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    pid = -1;
    // An ack written just before the kill is still in the pipe: it counts.
    char buf[256];
    for (ssize_t n; (n = ::read(out, buf, sizeof buf)) > 0;) buffered.append(buf, static_cast<size_t>(n));
    for (size_t nl; (nl = buffered.find('\n')) != std::string::npos; buffered.erase(0, nl + 1))
      acked = std::stol(buffered.substr(4, nl - 4));
  }
};

int rounds() {
  const char* env = std::getenv("ACDC_CRASH_ROUNDS");
  return env ? std::max(1, std::atoi(env)) : 20;
}

// Evidence that a kill landed inside a write: a replace's temporary left
// behind, or an append's line cut short.
int interrupted_writes(const fs::path& dir) {
  int n = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.ends_with(".acdc-tmp")) {
      ++n;
    } else if ((name.ends_with(".jsonl") || name.ends_with(".csv")) && e.file_size() > 0) {
      std::ifstream in(e.path(), std::ios::binary);
      in.seekg(-1, std::ios::end);
      n += in.get() != '\n';
    }
  }
  return n;
}

}  // namespace

TEST_CASE("kill -9 at any instant: every kind of file reads back whole, and nothing acknowledged is lost") {
  std::mt19937 random(std::random_device{}());
  for (const CrashKind& kind : acdc::test::crash::crash_kinds()) {
    DYNAMIC_SECTION(kind.name) {
      acdc::test::TempDir dir;
      long on_disk = -1;
      int mid_write = 0;
      const int n = rounds();
      for (int round = 0; round < n; ++round) {
        INFO(kind.name << ", round " << round);
        long acked = -1;
        const int interrupted_before = interrupted_writes(dir.path());
        {
          Writer w(kind.name, dir.path());
          // Some rounds are killed before the first write, most during one.
          REQUIRE(w.wait_acks(std::uniform_int_distribution<long>(0, 3)(random)));
          ::usleep(std::uniform_int_distribution<useconds_t>(0, 3000)(random));
          w.kill_now();
          acked = w.acked;
        }
        long version = -2;
        REQUIRE_NOTHROW(version = kind.current(dir.path()));
        // What was acknowledged is there; at most the write in flight is too.
        CHECK(version >= std::max(acked, on_disk));
        CHECK(version <= std::max(acked, on_disk) + 1);
        mid_write += interrupted_writes(dir.path()) > interrupted_before || version > acked;
        on_disk = version;
      }
      std::printf("crash %-12s %d kills, %d in the middle of a write, last version %ld\n", kind.name, n, mid_write,
                  on_disk);
      CHECK(on_disk >= 0);
    }
  }
}
