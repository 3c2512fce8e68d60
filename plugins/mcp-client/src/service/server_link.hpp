// service/server_link.hpp -- one configured MCP server, kept connected on a
// thread of its own: started (stdio or HTTP), handshaken, its tools listed;
// restarted with backoff (1 s, 2 s, 4 s ... 60 s) when it fails to start or
// its connection ends; stopped when switched off or unloaded. Nothing here
// blocks the caller but call(), which waits for the server's answer.
//
//   ServerLink link(config, limits, on_change);   // starts connecting now (unless disabled)
//   ServerLink::Snapshot s = link.snapshot();     // status, error, log, tools
//   McpSession::Reply r = link.call("echo", args, 600s, cancelled);
//   link.set_enabled(false);                      // stops the server
#pragma once

#include "config/server_config.hpp"
#include "session/mcp_session.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace acdc::mcp_client {

struct LinkLimits {
  std::filesystem::path root;
  std::chrono::seconds start_timeout{30};
  std::chrono::seconds call_timeout{600};
  std::size_t max_message_bytes = 16u << 20;
};

class ServerLink {
 public:
  struct Snapshot {
    ServerConfig config;
    bool enabled = true;
    std::string status;       // disabled | starting | connected | failed
    std::string error;        // why it failed, when it did
    int retry_in_s = -1;      // when a restart is scheduled
    std::string protocol;     // when connected
    std::string server_info;  // {"name","version"} JSON text, when connected
    std::vector<std::string> log;  // its last lines
    std::string tools_json = "[]";  // its tools as it listed them, when connected
  };
  // `changed` runs (on the link's thread, no lock held) whenever the
  // snapshot changed; `log` receives each line for acdc's own log.
  ServerLink(ServerConfig config, LinkLimits limits, bool enabled, std::function<void()> changed,
             std::function<void(std::string_view line)> log);
  ~ServerLink();  // stops the server and joins

  Snapshot snapshot() const;
  const ServerConfig& config() const { return config_; }
  void set_enabled(bool enabled);
  void restart();  // now, whatever the backoff says
  McpSession::Reply call(std::string_view tool, std::string_view arguments_json, const McpSession::Cancelled& cancelled);

 private:
  void run();
  std::shared_ptr<McpSession> connect(std::string& why);
  void serve(const std::shared_ptr<McpSession>& session);
  void failed(std::string why, bool retry);
  void note(std::string_view line);
  void set_status(std::string status);
  void abort_connecting();

  const ServerConfig config_;
  const LinkLimits limits_;
  std::function<void()> changed_;
  std::function<void(std::string_view)> log_;

  mutable std::mutex mu_;
  std::condition_variable wake_;
  bool enabled_, stop_ = false, restart_ = false, tools_stale_ = false;
  std::string status_ = "starting", error_, tools_json_ = "[]";
  std::shared_ptr<McpSession> session_;
  std::shared_ptr<McpSession> connecting_;  // while connect() waits on it: closed to give up at once
  std::chrono::steady_clock::time_point retry_at_{};
  int failures_ = 0;
  std::deque<std::string> lines_;
  std::thread thread_;
};

}  // namespace acdc::mcp_client
