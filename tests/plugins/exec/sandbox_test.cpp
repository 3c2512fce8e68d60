// The model's commands in bubblewrap (run/sandbox.hpp): the repository
// writable, the rest of the file system not, a private /tmp, no network, and
// nothing left running. setup.sh installs bubblewrap; a machine without user
// namespaces fails here with bwrap's own reason.
#include "run/command_run.hpp"
#include "run/sandbox.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

using namespace acdc::exec;
using acdc::test::TempDir;

namespace {

const Sandbox& sandbox() {
  static const Sandbox box = Sandbox::probe();
  return box;
}

RunResult run_in(SandboxMode mode, const TempDir& repo, const std::string& command) {
  INFO("bwrap: " << sandbox().problem());
  REQUIRE(sandbox().available());
  RunSpec spec;
  spec.plan.argv = sandbox().wrap(mode, repo.path().string(), {"/bin/bash", "-c", command});
  spec.plan.env = {"PATH=/usr/bin:/bin", "TMPDIR=/tmp"};
  spec.plan.cwd = repo.path().string();
  spec.plan.timeout = std::chrono::seconds(30);
  CommandRun r(std::move(spec));
  return r.wait([](std::string_view) {});
}

// A listening socket on loopback, to connect to.
struct Listener {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  unsigned short port = 0;
  Listener() {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    REQUIRE(listen(fd, 4) == 0);
    socklen_t n = sizeof a;
    getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n);
    port = ntohs(a.sin_port);
  }
  ~Listener() { close(fd); }
};

bool any_process_with(const std::string& marker) {
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    std::ifstream in(e.path() / "cmdline");
    std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (cmdline.find(marker) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("in the sandbox a command writes in the repository and its own /tmp, and nowhere else") {
  TempDir repo, outside;
  const std::string probe = "acdc-sandbox-probe-" + std::to_string(getpid());
  RunResult r = run_in(SandboxMode::workspace_write, repo,
                       "echo made > inside.txt && echo tmp > /tmp/" + probe + " && cat /tmp/" + probe + "; "
                       "echo no > '" + (outside.path() / "escaped.txt").string() + "' || echo refused-outside; "
                       "touch /usr/acdc-escape 2>/dev/null || echo refused-usr");
  CHECK(r.report.code == 0);
  CHECK(acdc::test::read_file(repo.path() / "inside.txt") == "made\n");
  CHECK_THAT(r.output, Catch::Contains("tmp"));
  CHECK_FALSE(std::filesystem::exists("/tmp/" + probe));  // its /tmp was its own
  CHECK_THAT(r.output, Catch::Contains("refused-outside"));
  CHECK_FALSE(std::filesystem::exists(outside.path() / "escaped.txt"));
  CHECK_THAT(r.output, Catch::Contains("refused-usr"));
}

TEST_CASE("in the read-only sandbox a command reads the repository and writes nothing of it") {
  TempDir repo;
  acdc::test::write_file(repo.path() / "a.txt", "content\n");
  RunResult r = run_in(SandboxMode::read_only, repo, "cat a.txt; echo x > b.txt || echo refused");
  CHECK_THAT(r.output, Catch::Contains("content"));
  CHECK_THAT(r.output, Catch::Contains("refused"));
  CHECK_FALSE(std::filesystem::exists(repo.path() / "b.txt"));
}

TEST_CASE("in the sandbox a command has no network, not even acdc's own loopback") {
  TempDir repo;
  Listener server;
  const std::string connect = "exec 3<>/dev/tcp/127.0.0.1/" + std::to_string(server.port) + " && echo connected || echo no-network";
  RunResult outside = run_in(SandboxMode::off, repo, connect);  // the check itself connects, unsandboxed
  CHECK_THAT(outside.output, Catch::Contains("connected"));
  RunResult inside = run_in(SandboxMode::workspace_write, repo, connect);
  CHECK_THAT(inside.output, Catch::Contains("no-network"));
  CHECK_THAT(inside.output, !Catch::Contains("connected\n"));
}

TEST_CASE("a sandboxed command killed at its timeout leaves nothing running inside the sandbox") {
  TempDir repo;
  INFO("bwrap: " << sandbox().problem());
  REQUIRE(sandbox().available());
  RunSpec spec;
  spec.plan.argv = sandbox().wrap(SandboxMode::workspace_write, repo.path().string(),
                                  {"/bin/bash", "-c", "sleep 301.25 & setsid sleep 301.25 & sleep 301.25"});
  spec.plan.env = {"PATH=/usr/bin:/bin"};
  spec.plan.cwd = repo.path().string();
  spec.plan.timeout = std::chrono::milliseconds(500);
  CommandRun r(std::move(spec));
  RunResult result = r.wait([](std::string_view) {});
  CHECK(result.report.timed_out);
  CHECK_FALSE(any_process_with("301.25"));
}
