// refs.hpp -- reading HEAD, branches, refs, and files as committed.
//
// Each method takes the repository lock itself and returns JSON text in the
// shapes of the seed's Repo table.
//
//   Refs refs(repo);
//   refs.current_branch();   // {"branch":"main","sha":"...","detached":false}
//   refs.resolve("HEAD~1");  // "3f2a..."
#pragma once

#include "git_repo.hpp"

#include <string>

namespace acdc::repo {

class Refs {
 public:
  explicit Refs(GitRepo& repo) : repo_(repo) {}

  // {branch: str|null, sha: str|null, detached: bool}; an unborn branch has
  // its name and a null sha.
  std::string current_branch();
  // {branches: [{name, sha, is_current}], current: str|null}
  std::string list_branches();
  std::string resolve(const std::string& ref);
  // Raw bytes of `path` (normalized) in commit `ref`.
  std::string file_at(const std::string& ref, const std::string& path);

 private:
  GitRepo& repo_;
};

}  // namespace acdc::repo
