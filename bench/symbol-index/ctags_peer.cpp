#include "ctags_peer.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fcntl.h>
#include <fstream>
#include <vector>

namespace acdc::bench {

PeerRun run_ctags(const std::string& ctags, const std::filesystem::path& tree) {
  PeerRun r;
  std::filesystem::path out = std::filesystem::temp_directory_path() / ("acdc-bench-ctags-" + std::to_string(::getpid()));
  std::vector<std::string> args = {ctags, "-R", "--languages=C,C++,Python,JavaScript,TypeScript",
                                   "-f", out.string(), tree.string()};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    int devnull = ::open("/dev/null", O_WRONLY);
    ::dup2(devnull, STDERR_FILENO);  // its warnings about odd tags are not ours to print
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  int status = 0;
  struct rusage usage {};
  ::wait4(pid, &status, 0, &usage);
  r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.user = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6;
  r.sys = usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    r.error = ctags + " failed (status " + std::to_string(status) +
              "): install Debian's universal-ctags (apt-get install universal-ctags) or pass --ctags PATH";
    return r;
  }
  std::ifstream tags(out);
  for (std::string line; std::getline(tags, line);)
    if (!line.starts_with("!_")) ++r.tags;
  std::filesystem::remove(out);
  return r;
}

}  // namespace acdc::bench
