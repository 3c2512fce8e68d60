// server_process.hpp -- a server under test: started, watched through /proc, stopped.
//
//   ServerProcess s({"node", "server.mjs", "--port", "9100"}, env);
//   double ms = s.wait_accepting(9100);      // start to first accepted connection
//   CpuTime cpu = s.cpu();                    // user and system CPU so far
//   long rss_kib = s.rss_kib();
//   s.stop();                                // SIGINT, then wait
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace acdc::bench {

struct CpuTime {
  long user_us = 0;
  long sys_us = 0;
};

// User and system CPU of process `pid` so far, from /proc/<pid>/stat.
CpuTime process_cpu(pid_t pid);

class ServerProcess {
 public:
  ServerProcess(const std::vector<std::string>& argv, const std::vector<std::string>& env);
  ~ServerProcess();

  // Milliseconds from spawn until a TCP connect to 127.0.0.1:port succeeds.
  double wait_accepting(unsigned short port) const;
  CpuTime cpu() const { return process_cpu(pid_); }
  long rss_kib() const;
  pid_t pid() const { return pid_; }
  void stop();

  // A port nobody listens on right now.
  static unsigned short free_port();

 private:
  pid_t pid_ = -1;
  double spawned_at_ms_ = 0;
};

}  // namespace acdc::bench
