// run/sandbox.cpp -- see sandbox.hpp.
#include "run/sandbox.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sys/wait.h>

namespace acdc::exec {
namespace {

std::string find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (size_t start = 0; start <= dirs.size();) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::filesystem::path candidate = std::filesystem::path(dirs.substr(start, end - start)) / program;
    std::error_code ec;
    if (end > start && std::filesystem::is_regular_file(candidate, ec) && access(candidate.c_str(), X_OK) == 0)
      return candidate.string();
    start = end + 1;
  }
  return "";
}

// What every mode shares: the process's own namespaces (no network, its own
// pids, so killing bwrap ends everything inside), the system read-only.
std::vector<std::string> base_args(const std::string& bwrap) {
  return {bwrap,   "--die-with-parent", "--unshare-all", "--ro-bind", "/", "/", "--dev", "/dev",
          "--proc", "/proc",            "--tmpfs",       "/tmp"};
}

}  // namespace

std::optional<SandboxMode> sandbox_mode(std::string_view name) {
  if (name == "workspace-write") return SandboxMode::workspace_write;
  if (name == "read-only") return SandboxMode::read_only;
  if (name == "off") return SandboxMode::off;
  return std::nullopt;
}

std::string_view sandbox_name(SandboxMode mode) {
  switch (mode) {
    case SandboxMode::workspace_write: return "workspace-write";
    case SandboxMode::read_only: return "read-only";
    case SandboxMode::off: return "off";
  }
  return "off";
}

Sandbox Sandbox::probe() {
  const std::string bwrap = find_on_path("bwrap");
  if (bwrap.empty()) return Sandbox("", "bubblewrap (bwrap) is not installed: apt install bubblewrap");
  std::string cmd;
  for (const auto& a : base_args(bwrap)) cmd += "'" + a + "' ";
  cmd += "/bin/true 2>&1";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return Sandbox("", "bwrap could not be started");
  char buf[512];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int status = pclose(p);
  if (status == 0) return Sandbox(bwrap, "");
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return Sandbox("", "bwrap cannot make a sandbox here (" + (out.empty() ? "exit status " + std::to_string(status) : out) +
                         "): user namespaces may be off (sysctl kernel.unprivileged_userns_clone)");
}

std::vector<std::string> Sandbox::wrap(SandboxMode mode, const std::string& root,
                                       std::vector<std::string> command) const {
  if (mode == SandboxMode::off) return command;
  std::vector<std::string> argv = base_args(bwrap_);
  // After the private /tmp, so a repository under /tmp is still there.
  argv.insert(argv.end(), {mode == SandboxMode::workspace_write ? "--bind" : "--ro-bind", root, root, "--"});
  argv.insert(argv.end(), std::make_move_iterator(command.begin()), std::make_move_iterator(command.end()));
  return argv;
}

}  // namespace acdc::exec
