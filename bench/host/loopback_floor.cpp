#include "loopback_floor.hpp"

#include "server_process.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace acdc::bench {

namespace {

using Clock = std::chrono::steady_clock;

void check(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string("loopback floor: ") + what + " failed");
}

// A connected pair of loopback TCP sockets, with Nagle off as both servers have it.
std::pair<int, int> tcp_pair() {
  int listener = socket(AF_INET, SOCK_STREAM, 0);
  check(listener >= 0, "socket");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  check(bind(listener, reinterpret_cast<sockaddr*>(&addr), len) == 0 && listen(listener, 1) == 0 &&
            getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len) == 0,
        "listen");
  int client = socket(AF_INET, SOCK_STREAM, 0);
  check(client >= 0 && connect(client, reinterpret_cast<sockaddr*>(&addr), len) == 0, "connect");
  int server = accept(listener, nullptr, nullptr);
  check(server >= 0, "accept");
  close(listener);
  const int one = 1;
  setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  setsockopt(server, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return {client, server};
}

// Reads exactly `n` bytes; false at end of stream.
bool read_all(int fd, char* p, std::size_t n) {
  while (n > 0) {
    ssize_t got = read(fd, p, n);
    if (got <= 0) return false;
    p += got;
    n -= static_cast<std::size_t>(got);
  }
  return true;
}

// The child: answers until the parent closes its end. It allocates its
// buffers, which is safe after fork() only because the bench forks while it
// runs on one thread.
[[noreturn]] void answer(int fd, FloorWait wait, FloorWork work, std::size_t request_bytes, std::size_t reply_bytes) {
  std::vector<char> request(request_bytes), reply(reply_bytes, 'r');
  std::string in, out;
  std::vector<char> chunk(64u << 10);
  int ep = -1;
  if (wait == FloorWait::epoll) {
    ep = epoll_create1(0);
    epoll_event ev{};
    ev.events = EPOLLIN;
    epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
  }
  for (;;) {
    if (ep >= 0) {
      epoll_event ev{};
      if (epoll_wait(ep, &ev, 1, -1) < 0) _exit(1);
    }
    if (work == FloorWork::bytes) {
      if (!read_all(fd, request.data(), request.size())) _exit(0);
      if (write(fd, reply.data(), reply.size()) != static_cast<ssize_t>(reply.size())) _exit(1);
      continue;
    }
    const ssize_t got = read(fd, chunk.data(), chunk.size());
    if (got <= 0) _exit(0);
    in.append(chunk.data(), static_cast<size_t>(got));
    out.clear();
    if (!answer_jsonrpc(in, out)) _exit(1);
    if (!out.empty() && write(fd, out.data(), out.size()) != static_cast<ssize_t>(out.size())) _exit(1);
  }
}

// Reads one unmasked text frame of under 64 KiB (the jsonrpc reply).
bool read_frame(int fd, std::vector<char>& payload) {
  unsigned char head[4];
  if (!read_all(fd, reinterpret_cast<char*>(head), 2)) return false;
  size_t n = head[1] & 0x7F;
  if (n == 126) {
    if (!read_all(fd, reinterpret_cast<char*>(head) + 2, 2)) return false;
    n = (size_t{head[2]} << 8) | head[3];
  }
  payload.resize(n);
  return read_all(fd, payload.data(), n);
}

}  // namespace

FloorFigures loopback_floor(FloorWait wait, FloorWork work, std::size_t request_bytes, std::size_t reply_bytes,
                            double warmup_s, double seconds) {
  const std::string frame = work == FloorWork::jsonrpc ? echo_request_frame() : std::string(request_bytes, 'q');
  auto [client, server] = tcp_pair();
  const pid_t child = fork();
  check(child >= 0, "fork");
  if (child == 0) {
    close(client);
    answer(server, wait, work, request_bytes, reply_bytes);
  }
  close(server);
  std::vector<char> reply(reply_bytes);
  auto round_trip = [&] {
    if (write(client, frame.data(), frame.size()) != static_cast<ssize_t>(frame.size())) return false;
    return work == FloorWork::jsonrpc ? read_frame(client, reply) : read_all(client, reply.data(), reply.size());
  };
  auto run_for = [&](double s) {
    uint64_t n = 0;
    for (const auto end = Clock::now() + std::chrono::duration<double>(s); Clock::now() < end; ++n)
      check(round_trip(), "round trip");
    return n;
  };
  run_for(warmup_s);
  const CpuTime before = process_cpu(child);
  const auto t0 = Clock::now();
  const double n = static_cast<double>(std::max<uint64_t>(run_for(seconds), 1));
  const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  const CpuTime after = process_cpu(child);
  close(client);
  waitpid(child, nullptr, 0);
  return FloorFigures{n / elapsed, static_cast<double>(after.user_us - before.user_us) / n,
                      static_cast<double>(after.sys_us - before.sys_us) / n};
}

}  // namespace acdc::bench
