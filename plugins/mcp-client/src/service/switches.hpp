// service/switches.hpp -- the servers and tools the user switched off in
// the Settings tab, kept in <repo>/.acdc/mcp-client.json so they stay off
// after a restart of acdc:
//   {"disabled_servers": ["github"], "disabled_tools": ["everything__echo"]}
#pragma once

#include <filesystem>
#include <mutex>
#include <set>
#include <string>

namespace acdc::mcp_client {

class Switches {
 public:
  // Reads the file; a missing or unreadable one switches nothing off.
  explicit Switches(std::filesystem::path file);

  bool server_on(const std::string& server) const;
  bool tool_on(const std::string& qualified) const;
  // Writes the file at once (atomically). Throws acdc::Error when it cannot.
  void set_server(const std::string& server, bool on);
  void set_tool(const std::string& qualified, bool on);

 private:
  void save() const;

  std::filesystem::path file_;
  mutable std::mutex mu_;
  std::set<std::string> servers_off_, tools_off_;
};

}  // namespace acdc::mcp_client
