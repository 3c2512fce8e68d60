// fake_provider/main.cpp -- acdc-fake-provider [--port N] [--fixtures DIR]
// A fake LLM provider for tests (briefs/fake_provider_contract.md). Prints
// "fake-provider listening on 127.0.0.1:<port>" first, then serves until
// SIGINT/SIGTERM or until stdin reaches EOF, so a crashed test never leaks it.
#include "fake_server.hpp"
#include "fixture_set.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

namespace {

void exit_at_stdin_eof() {
  char buffer[256];
  while (::read(STDIN_FILENO, buffer, sizeof buffer) > 0) {
  }
  std::_Exit(0);
}

}  // namespace

int main(int argc, char** argv) {
  unsigned short port = 0;
  std::string fixtures_dir = ACDC_FAKE_PROVIDER_FIXTURES;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string arg = argv[i];
    if (arg == "--port") port = static_cast<unsigned short>(std::stoi(argv[i + 1]));
    else if (arg == "--fixtures") fixtures_dir = argv[i + 1];
    else {
      std::cerr << "usage: acdc-fake-provider [--port N] [--fixtures DIR]\n";
      return 2;
    }
  }
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGINT, [](int) { std::_Exit(0); });
  std::signal(SIGTERM, [](int) { std::_Exit(0); });
  try {
    acdc::test::FixtureSet fixtures(fixtures_dir);
    acdc::test::FakeServer server(fixtures, port);
    std::cout << "fake-provider listening on 127.0.0.1:" << server.port() << std::endl;
    std::thread(exit_at_stdin_eof).detach();
    server.run();
  } catch (const std::exception& e) {
    std::cerr << "acdc-fake-provider: " << e.what() << "\n";
    return 1;
  }
}
