// A busy port (net/listener.hpp): the host skips a taken port, and when every
// port it may try is taken it stops with exit code 2 and a line that names
// the ports it tried and the way out (--port).
#include "support/host_process.hpp"

#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <vector>

using acdc::test::HostProcess;

namespace {

constexpr int kPortsTheHostTries = 50;  // app.cpp: the port asked for and the next 49

// A socket listening on 127.0.0.1:port (0: the system picks), or -1.
int listen_on(unsigned short port) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(port);
  if (fd >= 0 && bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && listen(fd, 1) == 0) return fd;
  if (fd >= 0) close(fd);
  return -1;
}

unsigned short port_of(int fd) {
  sockaddr_in a{};
  socklen_t len = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  return ntohs(a.sin_port);
}

// `count` consecutive ports on 127.0.0.1, held by this process until destroyed.
struct HeldPorts {
  std::vector<int> fds;
  unsigned short first = 0;

  explicit HeldPorts(int count) {
    // Another process may hold one of the next ports: start again elsewhere.
    for (int round = 0; round < 20 && static_cast<int>(fds.size()) < count; ++round) {
      release();
      int fd = listen_on(0);
      if (fd < 0) continue;
      fds.push_back(fd);
      first = port_of(fd);
      while (static_cast<int>(fds.size()) < count && first + fds.size() <= 65535) {
        int next = listen_on(static_cast<unsigned short>(first + fds.size()));
        if (next < 0) break;
        fds.push_back(next);
      }
    }
  }
  void release() {
    for (int fd : fds) close(fd);
    fds.clear();
  }
  ~HeldPorts() { release(); }
};

}  // namespace

TEST_CASE("a taken port is skipped and the one used is named") {
  HeldPorts held(1);
  REQUIRE(held.fds.size() == 1);
  HostProcess host({.port = held.first});
  CHECK(host.port() != held.first);
  CHECK_THAT(host.output(), Catch::Contains("port " + std::to_string(held.first) + " is taken; using"));
}

TEST_CASE("when every port it may try is taken the host says which and what to do") {
  HeldPorts held(kPortsTheHostTries);
  REQUIRE(held.fds.size() == kPortsTheHostTries);
  HostProcess host({.port = held.first, .expect_serving = false});
  CHECK(host.wait() == 2);
  const std::string last = std::to_string(held.first + kPortsTheHostTries - 1);
  CHECK_THAT(host.output(), Catch::Contains("no free port between " + std::to_string(held.first) + " and " + last));
  CHECK_THAT(host.output(), Catch::Contains("pass --port N to choose another"));
}
