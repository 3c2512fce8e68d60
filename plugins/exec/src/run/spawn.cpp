// run/spawn.cpp -- see spawn.hpp. Everything after fork() in the supervisor
// and the command is async-signal-safe: system calls on prepared buffers.
#include "run/spawn.hpp"

#include <acdc/sdk/error.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>

namespace acdc::exec {
namespace {

// The supervisor's report: one write of fewer than PIPE_BUF bytes, so it
// arrives whole or not at all.
struct Wire {
  int32_t exited, code, signal, timed_out, killed, left_running;
};

// The plan as the child needs it: NULL-terminated arrays into its strings.
struct Prepared {
  std::vector<char*> argv, env;
  const char* cwd;
  int64_t timeout_ms;
};

void say(const char* text) {
  for (size_t n = strlen(text); n > 0;) {
    ssize_t w = write(STDERR_FILENO, text, n);
    if (w <= 0) return;
    text += w, n -= static_cast<size_t>(w);
  }
}

int64_t now_ms() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1'000'000;
}

// Closes every descriptor above 2 but the `n` in `keep` (sorted ascending).
void close_all_but(const int* keep, int n) {
  unsigned from = 3;
  for (int i = 0; i < n; ++i) {
    const auto k = static_cast<unsigned>(keep[i]);
    if (k >= from) {
      if (k > from) close_range(from, k - 1, 0);
      from = k + 1;
    }
  }
  close_range(from, ~0u, 0);
}

// The command itself: a session of its own on the terminal, default signals.
[[noreturn]] void become_command(const Prepared& p, int slave) {
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int s = 1; s < NSIG; ++s) sigaction(s, &dfl, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  setsid();
  ioctl(slave, TIOCSCTTY, 0);
  dup2(slave, STDIN_FILENO);
  dup2(slave, STDOUT_FILENO);
  dup2(slave, STDERR_FILENO);
  close_range(3, ~0u, 0);
  if (chdir(p.cwd) != 0) {
    say("acdc: cannot enter the command's directory\r\n");
    _exit(127);
  }
  execve(p.argv[0], p.argv.data(), p.env.data());
  say("acdc: cannot execute ");
  say(p.argv[0]);
  say(errno == ENOENT ? ": no such file\r\n" : ": permission denied or not a program\r\n");
  _exit(127);
}

// Parses the pids in "/proc/thread-self/children" ("12 34 "), kills each
// with its process group, and says whether there was any.
bool kill_children() {
  char buf[4096];
  int fd = open("/proc/thread-self/children", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  bool any = false;
  pid_t pid = 0;
  for (ssize_t i = 0; i < n; ++i) {
    if (buf[i] >= '0' && buf[i] <= '9') {
      pid = pid * 10 + (buf[i] - '0');
      continue;
    }
    if (pid > 0) kill(-pid, SIGKILL), kill(pid, SIGKILL), any = true;
    pid = 0;
  }
  return any;
}

// Ends the command's tree and reaps it all: the command's process group,
// then every orphan the subreaper inherits, until it has no child left.
// Returns how many processes besides the command it reaped.
int end_tree(pid_t command, Wire& w, bool& command_reaped) {
  kill(-command, SIGKILL);
  int others = 0;
  for (;;) {
    int st = 0;
    pid_t r = waitpid(-1, &st, WNOHANG);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return others;  // ECHILD: nothing is left
    if (r > 0) {
      if (r == command) {
        command_reaped = true;
        w.exited = WIFEXITED(st), w.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        w.signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
      } else {
        ++others;
      }
      continue;
    }
    kill_children();
    timespec pause{0, 1'000'000};
    nanosleep(&pause, nullptr);
  }
}

[[noreturn]] void supervise(const Prepared& p, int control, int status, int slave) {
  sigset_t all;
  sigfillset(&all);
  sigprocmask(SIG_SETMASK, &all, nullptr);  // the host's handlers are not ours to run
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  int keep[] = {control, status, slave};
  for (int i = 1; i < 3; ++i)  // three, sorted by hand
    for (int j = i; j > 0 && keep[j - 1] > keep[j]; --j) std::swap(keep[j - 1], keep[j]);
  close_all_but(keep, 3);
  const int sfd = signalfd(-1, &chld, SFD_CLOEXEC);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  Wire w{};
  const pid_t command = fork();
  if (command == 0) become_command(p, slave);
  close(slave);
  if (command < 0) _exit(1);  // no report: the host says the command could not start

  const int64_t deadline = p.timeout_ms > 0 ? now_ms() + p.timeout_ms : 0;
  bool command_reaped = false;
  while (!command_reaped) {
    pollfd fds[2] = {{control, POLLIN, 0}, {sfd, POLLIN, 0}};
    const int64_t left = deadline ? deadline - now_ms() : -1;
    if (deadline && left <= 0) {
      w.timed_out = 1;
      break;
    }
    // Without a signalfd (never seen), the command's end is found by polling.
    const int wait_ms = sfd < 0 ? 10 : left < 0 ? -1 : static_cast<int>(std::min<int64_t>(left, 1 << 30));
    poll(fds, sfd >= 0 ? 2 : 1, wait_ms);
    if (sfd >= 0 && (fds[1].revents & POLLIN)) {
      signalfd_siginfo info;
      (void)!read(sfd, &info, sizeof info);
    }
    // Reap what ended: the command, or orphans that ended on their own.
    for (;;) {
      int st = 0;
      pid_t r = waitpid(-1, &st, WNOHANG);
      if (r <= 0) break;
      if (r == command) {
        command_reaped = true;
        w.exited = WIFEXITED(st), w.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        w.signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
      }
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      char b;
      (void)!read(control, &b, 1);  // a byte (kill) or end-of-file (acdc is gone): the same
      w.killed = !command_reaped;
      break;
    }
  }
  const bool ended_itself = command_reaped;
  const int others = end_tree(command, w, command_reaped);
  w.left_running = ended_itself ? others : 0;
  (void)!write(status, &w, sizeof w);
  _exit(0);
}

[[noreturn]] void internal(const std::string& what) {
  throw acdc::Error(ACDC_E_INTERNAL, "the command could not start: " + what + ": " + strerror(errno));
}

}  // namespace

Spawned::~Spawned() {
  if (!waited_ && supervisor_ > 0) {
    kill();
    wait();
  }
}

void Spawned::kill() {
  if (control_) (void)!send(control_.get(), "k", 1, MSG_NOSIGNAL | MSG_DONTWAIT);
}

SupervisorReport Spawned::wait() {
  waited_ = true;
  Wire w{};
  size_t got = 0;
  while (got < sizeof w) {
    ssize_t n = read(status_.get(), reinterpret_cast<char*>(&w) + got, sizeof w - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  while (waitpid(supervisor_, nullptr, 0) < 0 && errno == EINTR) {
  }
  SupervisorReport r;
  r.reported = got == sizeof w;
  if (!r.reported) return r;
  r.exited = w.exited, r.code = w.code, r.signal = w.signal;
  r.timed_out = w.timed_out, r.killed = w.killed, r.left_running = w.left_running;
  return r;
}

Spawned spawn(const SpawnPlan& plan) {
  Prepared p;
  for (const auto& a : plan.argv) p.argv.push_back(const_cast<char*>(a.c_str()));
  p.argv.push_back(nullptr);
  for (const auto& e : plan.env) p.env.push_back(const_cast<char*>(e.c_str()));
  p.env.push_back(nullptr);
  p.cwd = plan.cwd.c_str();
  p.timeout_ms = plan.timeout.count();

  util::UniqueFd master(posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (!master) internal("no pseudo-terminal");
  char name[128];
  if (grantpt(master.get()) != 0 || unlockpt(master.get()) != 0 || ptsname_r(master.get(), name, sizeof name) != 0)
    internal("the pseudo-terminal cannot be unlocked");
  util::UniqueFd slave(open(name, O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (!slave) internal(std::string("cannot open ") + name);
  winsize ws{};
  ws.ws_col = plan.cols, ws.ws_row = plan.rows;
  ioctl(master.get(), TIOCSWINSZ, &ws);
  int control[2], status[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, control) != 0) internal("socketpair");
  util::UniqueFd control_host(control[0]), control_sup(control[1]);
  if (pipe2(status, O_CLOEXEC) != 0) internal("pipe");
  util::UniqueFd status_host(status[0]), status_sup(status[1]);

  const pid_t supervisor = fork();
  if (supervisor < 0) internal("fork");
  if (supervisor == 0) supervise(p, control_sup.get(), status_sup.get(), slave.get());
  return Spawned(supervisor, std::move(master), std::move(control_host), std::move(status_host));
}

}  // namespace acdc::exec
