// dev_echo_host.hpp -- an acdc host with --dev on a copy of the echo plugin
// in a temporary directory, for the benchmarks that swap echo's two builds
// under load (bench/hot_swap, bench/soak).
//
//   DevEchoHost h(acdc, v1, "bench-swap");     // started and accepting
//   ... connect to h.port() with path "/?token=bench" ...
//   h.deploy(v2);   // renamed complete over the watched file, as a linker leaves it
//   // the destructor stops the host and removes the directory
#pragma once

#include "server_process.hpp"

#include <filesystem>
#include <memory>
#include <string>

namespace acdc::bench {

class DevEchoHost {
 public:
  DevEchoHost(const std::string& acdc, const std::filesystem::path& v1, const std::string& name);
  ~DevEchoHost();

  unsigned short port() const { return port_; }
  ServerProcess& process() { return *host_; }
  void deploy(const std::filesystem::path& build) const;

 private:
  std::filesystem::path dir_;
  std::filesystem::path plugin_;
  unsigned short port_ = 0;
  std::unique_ptr<ServerProcess> host_;
};

}  // namespace acdc::bench
