// transport/stdio_transport.cpp -- see stdio_transport.hpp.
#include "transport/stdio_transport.hpp"

#include <acdc/sdk/error.hpp>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <set>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace acdc::mcp_client {
namespace {

struct Pipe {
  util::UniqueFd read, write;
};

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw acdc::Error(ACDC_E_UNAVAILABLE, std::string("cannot make a pipe for the server: ") + std::strerror(errno));
  return {util::UniqueFd(fds[0]), util::UniqueFd(fds[1])};
}

// acdc's environment without its own token (a server has no business with
// acdc's WebSocket), then the entry's env over it.
std::vector<std::string> server_env(const ServerConfig& server) {
  std::set<std::string> given;
  for (const auto& [name, value] : server.env) given.insert(name);
  std::vector<std::string> out;
  for (char** e = environ; *e; ++e) {
    std::string_view entry(*e);
    std::string name(entry.substr(0, entry.find('=')));
    if (name == "ACDC_TOKEN" || given.contains(name)) continue;
    out.emplace_back(entry);
  }
  for (const auto& [name, value] : server.env) out.push_back(name + "=" + value);
  return out;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// In the child, between vfork and exec: it shares the host's memory and
// stack, so it only makes system calls, writes nothing of the parent's but
// its own descriptors, and never returns. Signals are blocked across the
// vfork (a handler of the host's must not run in the child); here every
// handled one goes back to its default, SIGPIPE too (acdc ignores it; the
// server should not inherit that), before they are unblocked. Reports a
// failure as (stage, errno) on `report`.
[[noreturn]] void exec_child(int in, int out, int err, int report, const char* cwd, char** argv, char** envp) {
  auto fail = [report](int stage) {
    int what[2] = {stage, errno};
    (void)!::write(report, what, sizeof what);
    _exit(127);
  };
  ::setsid();
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the thread that started it waits for it: it cannot be gone yet
  for (int sig = 1; sig < NSIG; ++sig) {
    struct sigaction sa {};
    if (::sigaction(sig, nullptr, &sa) != 0 || sa.sa_handler == SIG_DFL) continue;
    if (sa.sa_handler != SIG_IGN || sig == SIGPIPE) ::signal(sig, SIG_DFL);
  }
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) fail(0);
  if (::chdir(cwd) != 0) fail(1);
  ::execvpe(argv[0], argv, envp);
  fail(2);
  _exit(127);
}

}  // namespace

std::shared_ptr<StdioTransport> StdioTransport::start(const ServerConfig& server, TransportEvents events,
                                                      std::size_t max_message_bytes) {
  std::vector<std::string> argv_s{server.command};
  argv_s.insert(argv_s.end(), server.args.begin(), server.args.end());
  std::vector<std::string> env_s = server_env(server);
  std::vector<char*> argv = pointers(argv_s), envp = pointers(env_s);
  Pipe in = make_pipe(), out = make_pipe(), err = make_pipe(), report = make_pipe();
  // vfork, not fork: a fork copies the host's page tables, holding its
  // memory map while it does, which stalls every other thread of the host
  // (five servers starting delayed the first WebSocket answer by 45 ms,
  // bench/mcp-client/startup.mjs).
  sigset_t all, before;
  sigfillset(&all);
  ::pthread_sigmask(SIG_SETMASK, &all, &before);
  const pid_t pid = ::vfork();
  if (pid == 0)
    exec_child(in.read.get(), out.write.get(), err.write.get(), report.write.get(), server.cwd.c_str(), argv.data(),
               envp.data());
  const int vfork_errno = errno;
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
  if (pid < 0) throw acdc::Error(ACDC_E_UNAVAILABLE, std::string("cannot start the server: ") + std::strerror(vfork_errno));
  in.read.reset(), out.write.reset(), err.write.reset(), report.write.reset();
  int what[2];
  ssize_t n;
  do n = ::read(report.read.get(), what, sizeof what);
  while (n < 0 && errno == EINTR);
  if (n == sizeof what) {
    int status;
    ::waitpid(pid, &status, 0);
    const std::string reason = std::strerror(what[1]);
    if (what[0] == 1) throw acdc::Error(ACDC_E_UNAVAILABLE, "cannot enter its cwd '" + server.cwd + "': " + reason);
    throw acdc::Error(ACDC_E_UNAVAILABLE, "cannot run '" + server.command + "': " + reason +
                                              (what[1] == ENOENT ? " (is it installed, and on acdc's PATH?)" : ""));
  }
  std::shared_ptr<StdioTransport> t(new StdioTransport(pid, std::move(in.write), std::move(out.read),
                                                       std::move(err.read), std::move(events), max_message_bytes));
  t->out_thread_ = std::thread([t] { t->read_output(); });
  t->err_thread_ = std::thread([t] { t->read_errors(); });
  return t;
}

StdioTransport::StdioTransport(pid_t pid, util::UniqueFd in, util::UniqueFd out, util::UniqueFd err,
                               TransportEvents events, std::size_t max_message_bytes)
    : pid_(pid),
      in_(std::move(in)),
      out_(std::move(out)),
      err_(std::move(err)),
      events_(std::move(events)),
      max_message_bytes_(max_message_bytes),
      writer_(std::make_unique<util::FdLineWriter>(in_.get())) {}

StdioTransport::~StdioTransport() { close(); }

void StdioTransport::send(std::string message) {
  if (!closing_.load()) writer_->write(message);
}

void StdioTransport::read_output() {
  util::read_fd_lines(
      out_.get(), max_message_bytes_,
      [this](std::string_view line) {
        if (!closing_.load()) events_.on_message(line);
        return true;
      },
      [this] {
        // Its id is somewhere in the bytes skipped: every waiting call ends, and the server is restarted.
        if (!closing_.load())
          events_.on_closed("the server sent a message over " + std::to_string(max_message_bytes_ >> 20) +
                            " MiB (app.yaml mcp_client.max_message_mb)");
        return false;
      });
  if (closing_.exchange(true)) return;
  events_.on_closed(exit_reason());
}

void StdioTransport::read_errors() {
  util::read_fd_lines(
      err_.get(), 64 << 10,
      [this](std::string_view line) {
        events_.on_log(line);
        return true;
      },
      [] { return true; });
  errors_done_.store(true);
}

// The server closed its stdout: most often it exited. Waits a little for
// its status, so the reason says how it ended, and for the end of its
// stderr, so its last words are logged before the reason.
std::string StdioTransport::exit_reason() {
  std::lock_guard lock(close_mu_);
  for (int i = 0; i < 50 && !(reaped_ && errors_done_.load()); ++i) {
    if (!reaped_ && ::waitpid(pid_, &wait_status_, WNOHANG) == pid_) reaped_ = true;
    else std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (!reaped_) return "the server closed its output";
  if (WIFEXITED(wait_status_)) return "the server exited with code " + std::to_string(WEXITSTATUS(wait_status_));
  return "the server was killed by signal " + std::to_string(WTERMSIG(wait_status_));
}

// TERM, then KILL, to the whole group. (MCP's polite stop closes stdin
// first; but a sender blocked on a full pipe would keep the descriptor in
// use, and a closed number can be reused by any file the host opens.)
void StdioTransport::close() {
  closing_.store(true);
  {
    std::lock_guard lock(close_mu_);
    if (!reaped_) {
      ::kill(-pid_, SIGTERM);
      for (int i = 0; i < 100 && !reaped_; ++i) {
        if (::waitpid(pid_, &wait_status_, WNOHANG) == pid_) reaped_ = true;
        else std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
      if (!reaped_) {
        ::kill(-pid_, SIGKILL);
        ::waitpid(pid_, &wait_status_, 0);
        reaped_ = true;
      }
    }
    // What the server started and left in its group goes too (once: the
    // group's number is free for reuse after that).
    if (!group_killed_) ::kill(-pid_, SIGKILL);
    group_killed_ = true;
  }
  end_threads();
}

// A reader thread that closes the transport (from an event) cannot wait for
// itself: it holds the transport, and returns once its event is done.
void StdioTransport::end_threads() {
  for (std::thread* t : {&out_thread_, &err_thread_}) {
    if (!t->joinable()) continue;
    if (t->get_id() == std::this_thread::get_id()) t->detach();
    else t->join();
  }
}

}  // namespace acdc::mcp_client
