// acdc-crash-writer KIND DIR: writes versions of one kind of file for ever,
// continuing from the version on disk, and prints "ack N" once write N has
// returned. tests/crash kills it with SIGKILL at random instants.
#include "crash_kinds.hpp"

#include <unistd.h>

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: acdc-crash-writer KIND DIR\n");
    return 2;
  }
  try {
    const auto& kind = acdc::test::crash::crash_kind(argv[1]);
    for (long n = kind.current(argv[2]) + 1;; ++n) {
      kind.write(argv[2], n);
      const std::string ack = "ack " + std::to_string(n) + "\n";
      if (::write(STDOUT_FILENO, ack.data(), ack.size()) != static_cast<ssize_t>(ack.size())) return 1;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "acdc-crash-writer: %s\n", e.what());
    return 1;
  }
}
