// transport/stdio_transport.hpp -- an MCP server as a child process: one
// JSON message per line on its stdin and stdout; what it writes to stderr
// goes to acdc's log under its name.
//
// The server runs in a process group of its own (it is killed whole:
// `npx` and the node it starts), dies with the thread that started it
// (PR_SET_PDEATHSIG: the server's link thread, which lives until the server
// is stopped, or until acdc dies however), and gets acdc's environment
// without acdc's own token, plus the entry's `env`.
#pragma once

#include "config/server_config.hpp"
#include "transport/transport.hpp"

#include <acdc/util/fd_lines.hpp>
#include <acdc/util/unique_fd.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <sys/types.h>
#include <thread>

namespace acdc::mcp_client {

class StdioTransport final : public Transport, public std::enable_shared_from_this<StdioTransport> {
 public:
  // Throws acdc::Error (ACDC_E_UNAVAILABLE) when the program cannot be run,
  // with the system's reason ("cannot run 'npx': No such file or directory").
  static std::shared_ptr<StdioTransport> start(const ServerConfig& server, TransportEvents events,
                                               std::size_t max_message_bytes);
  ~StdioTransport() override;

  void send(std::string message) override;
  void close() override;

 private:
  StdioTransport(pid_t pid, util::UniqueFd in, util::UniqueFd out, util::UniqueFd err, TransportEvents events,
                 std::size_t max_message_bytes);
  void read_output();
  void read_errors();
  std::string exit_reason();
  void end_threads();

  pid_t pid_;
  util::UniqueFd in_, out_, err_;
  TransportEvents events_;
  std::size_t max_message_bytes_;
  std::unique_ptr<util::FdLineWriter> writer_;
  std::mutex close_mu_;
  std::atomic<bool> closing_{false};
  std::atomic<bool> errors_done_{false};  // its stderr ended
  bool reaped_ = false;
  bool group_killed_ = false;
  int wait_status_ = 0;
  std::thread out_thread_, err_thread_;
};

}  // namespace acdc::mcp_client
