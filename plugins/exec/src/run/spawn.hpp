// run/spawn.hpp -- starts one command in a pseudo-terminal, under a
// supervisor process that owns everything the command starts.
//
//   Spawned s = spawn({.argv = {"/bin/bash", "-c", "make test"}, .env = env, .cwd = root,
//                      .timeout = 120s});
//   read(s.pty.get(), ...);          // the command's terminal output, until EIO
//   s.kill();                         // asks the supervisor to end it all
//   SupervisorReport r = s.wait();    // how it ended
//
// Why a supervisor: the command runs as a session (and process group) of its
// own, so a group kill ends its children; but a daemon that calls setsid()
// leaves the group, and an acdc killed with -9 can kill nothing. The
// supervisor is a child subreaper (prctl), so every orphan of the command's
// tree becomes its child, and it holds the read end of a pipe whose write end
// only acdc holds: when acdc dies, however, the pipe reads end-of-file and the
// supervisor kills the whole tree. It also ends the tree at the timeout and
// when the command itself exits (nothing may outlive a command).
//
// Between fork and exit the supervisor is a copy of a threaded process, so it
// calls only async-signal-safe functions (no allocation); spawn() prepares
// every string before it forks.
#pragma once

#include <acdc/util/unique_fd.hpp>

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace acdc::exec {

struct SpawnPlan {
  std::vector<std::string> argv;  // argv[0] is an absolute path
  std::vector<std::string> env;   // "NAME=value", the command's whole environment
  std::string cwd;                // absolute
  std::chrono::milliseconds timeout{0};  // 0: none
  unsigned short cols = 120, rows = 30;
};

// What the supervisor tells when the tree is gone.
struct SupervisorReport {
  bool exited = false;     // the command exited (code), else it was killed (signal)
  int code = -1;           // exit code, when exited
  int signal = 0;          // the signal that ended it, when not exited
  bool timed_out = false;  // the supervisor ended it at the timeout
  bool killed = false;     // ended on request (kill())
  int left_running = 0;    // processes still running after the command ended, killed
  bool reported = true;    // false: the supervisor died without a report
};

class Spawned {
 public:
  Spawned(pid_t supervisor, util::UniqueFd pty, util::UniqueFd control, util::UniqueFd status)
      : supervisor_(supervisor), pty_(std::move(pty)), control_(std::move(control)), status_(std::move(status)) {}
  Spawned(Spawned&&) = default;
  ~Spawned();

  // The terminal's master side: read the output, write input.
  int pty() const { return pty_.get(); }
  // Ends the command and everything it started; idempotent.
  void kill();
  // Blocks until the supervisor reports and exits. Call once.
  SupervisorReport wait();

 private:
  pid_t supervisor_;
  util::UniqueFd pty_, control_, status_;
  bool waited_ = false;
};

// Throws acdc::Error (ACDC_E_INTERNAL) when the terminal or the processes
// cannot be made; a program that cannot be executed is the command's own
// failure (exit code 127, the reason in its output), as in a shell.
Spawned spawn(const SpawnPlan& plan);

}  // namespace acdc::exec
