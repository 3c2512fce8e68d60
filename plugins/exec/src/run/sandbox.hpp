// run/sandbox.hpp -- the bubblewrap jail a model's command runs in, and
// whether this machine can make one.
//
//   exec:
//     sandbox: workspace-write   # the repository and a private /tmp writable, the rest read-only, no network
//              read-only         # nothing writable but the private /tmp, no network
//              off               # the command runs as the user's own would
//
//   Sandbox box = Sandbox::probe();        // runs bwrap once: can it make namespaces here?
//   if (!box.available()) log(box.problem());
//   argv = box.wrap(SandboxMode::workspace_write, root, {"/bin/bash", "-c", cmd});
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::exec {

enum class SandboxMode { workspace_write, read_only, off };

// "workspace-write", "read-only", "off"; nullopt for anything else.
std::optional<SandboxMode> sandbox_mode(std::string_view name);
std::string_view sandbox_name(SandboxMode mode);

class Sandbox {
 public:
  // Finds bwrap on PATH and runs a trivial command in a full set of
  // namespaces, so a machine without user namespaces is found out once.
  static Sandbox probe();
  // A sandbox that is not available, with why (tests, and bwrap missing).
  static Sandbox unavailable(std::string problem) { return Sandbox("", std::move(problem)); }

  bool available() const { return problem_.empty(); }
  // Why it is not: bwrap missing, or its own error message.
  const std::string& problem() const { return problem_; }
  // `command` wrapped to run in `mode` with `root` (absolute) as the
  // repository; the command unchanged for off. Call only when available().
  std::vector<std::string> wrap(SandboxMode mode, const std::string& root, std::vector<std::string> command) const;

 private:
  Sandbox(std::string bwrap, std::string problem) : bwrap_(std::move(bwrap)), problem_(std::move(problem)) {}
  std::string bwrap_;  // absolute path
  std::string problem_;
};

}  // namespace acdc::exec
