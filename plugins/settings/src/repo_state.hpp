// repo_state.hpp -- the per-repository state directory <repo>/.acdc/.
//
//   RepoState::prepare(repo_root, repo_root / ".acdc");   // idempotent
//
// Creates the directory (removing the temporaries of writes a crash cut
// short, acdc/util/atomic_file.hpp) and lists it in .git/info/exclude, so history and
// caches never show up as untracked files and no tracked file (.gitignore)
// is edited (issue 3). Works for worktrees too, where .git is a file naming
// the real git directory and "commondir" leads to the shared info/exclude.
#pragma once

#include <filesystem>

namespace acdc::settings {

class RepoState {
 public:
  // Throws acdc::Error when the disk refuses.
  static void prepare(const std::filesystem::path& repo_root, const std::filesystem::path& state_dir);
};

}  // namespace acdc::settings
