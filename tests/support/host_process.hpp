// support/host_process.hpp -- runs the real acdc binary for a test.
//
//   acdc::test::HostProcess host({.config_yaml = "plugins:\n  - name: echo\n"});
//   acdc::test::WsClient client(host.port(), host.token());
//   ...
//   int code = host.stop();          // SIGINT, then the exit code
//
// The host listens on 127.0.0.1 with a port the system picks (--port 0, unless
// options.port says otherwise),
// without a browser, with a fixed token and an isolated config directory.
// Its stderr is captured; output() returns what it printed so far.
#pragma once

#include "support/temp_dir.hpp"

#include <sys/types.h>

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace acdc::test {

struct HostOptions {
  std::string config_yaml;                     // written to a temp file, passed as --config
  std::vector<std::string> args;               // more arguments
  std::map<std::string, std::string> env;      // more environment
  std::string repo;                            // --repo (default: a temp dir)
  unsigned short port = 0;                     // --port (default: the system picks)
  bool expect_serving = true;                  // false: wait for the process to exit instead
};

class HostProcess {
 public:
  explicit HostProcess(HostOptions options);
  ~HostProcess();

  unsigned short port() const { return port_; }
  const std::string& token() const { return token_; }
  pid_t pid() const { return pid_; }
  // Everything the host printed on stderr so far.
  std::string output() const;
  // Waits until output() contains `text`; false after `timeout`.
  bool wait_for_output(const std::string& text, std::chrono::milliseconds timeout);
  // Sends SIGINT and returns the exit status (128+signal if killed).
  int stop(std::chrono::milliseconds timeout = std::chrono::seconds(15));
  // Waits for the process to exit by itself and returns its exit status.
  int wait(std::chrono::milliseconds timeout = std::chrono::seconds(15));

  static std::string binary();        // the acdc under test
  static std::string plugin_dir();    // built product plugins
  static std::string test_plugin_dir();  // test plugins (tests/plugins)

 private:
  TempDir dir_;
  pid_t pid_ = -1;
  int exit_status_ = -1;
  unsigned short port_ = 0;
  std::string token_ = "test-token";
  int err_fd_ = -1;
  mutable std::mutex mu_;
  std::string output_;
  std::thread reader_;
};

}  // namespace acdc::test
