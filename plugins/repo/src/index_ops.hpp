// index_ops.hpp -- the git operations that change the index, HEAD or the
// working tree: stage, unstage, discard, rename, commit, reset, diffs.
//
// Each takes the repository lock itself. Paths must already be normalized
// by PathGuard; the methods name the path in every error.
//
//   IndexOps ops(repo);
//   ops.stage({"src/a.cpp"});
//   CommitResult c = ops.commit("Fix the parser");   // c.sha
#pragma once

#include "git_repo.hpp"

#include <string>
#include <vector>

namespace acdc::repo {

struct CommitResult {
  std::string sha;
  std::string message;
};

class IndexOps {
 public:
  explicit IndexOps(GitRepo& repo) : repo_(repo) {}

  // `git add -A -- paths`: new, changed and deleted files alike.
  void stage(const std::vector<std::string>& paths);
  // `git reset HEAD -- paths` (on a branch with no commits: drop from the index).
  void unstage(const std::vector<std::string>& paths);
  // Tracked paths back to HEAD (index and disk); files not in HEAD are removed.
  // Returns the paths whose content changed on disk.
  std::vector<std::string> discard(const std::vector<std::string>& paths);
  void stage_all();
  // `git mv` for tracked paths (index follows), a plain move otherwise.
  void rename(const std::string& from, const std::string& to);
  CommitResult commit(const std::string& message);
  void reset_hard();
  bool is_clean();
  std::string staged_diff();
  std::string unstaged_diff();
  // `git diff <ref>`: the working tree (tracked files, staged or not)
  // against a branch, tag or commit; untracked files are not in it.
  std::string diff_to(const std::string& ref);

 private:
  std::vector<std::string> head_files(git_tree* head, const std::string& path);
  std::vector<git_oid> merge_heads();
  void remove_untracked_under(git_index* index, const std::string& dir);
  GitRepo& repo_;
};

// A diff as patch text, valid UTF-8.
std::string diff_text(git_diff* diff);

}  // namespace acdc::repo
