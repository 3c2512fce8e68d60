// review_mode.hpp -- the git side of review mode (acdc-features.md §4.13).
//
// Entering: the tree must be clean; check out the reviewed branch, then the
// parent of the base commit (detached), where the caller builds its
// pre-change view; then check out the branch tip by sha and soft-reset to
// the parent, so every change of the branch shows as staged. Exiting:
// soft-reset back to the tip and check out the original branch, leaving
// branch, index and working tree as they were before.
//
//   ReviewMode review(repo);
//   std::string entry = review.checkout_parent("feature", base_sha);
//   review.soft_reset(tip_sha, parent_sha);
//   review.changed_files();       // [{path, status, additions, deletions}]
//   review.exit(tip_sha, "main");
#pragma once

#include "git_repo.hpp"

#include <optional>
#include <string>

namespace acdc::repo {

class ReviewMode {
 public:
  explicit ReviewMode(GitRepo& repo) : repo_(repo) {}

  // {status, branch, branch_tip, base_commit, parent_commit, original_branch}
  // `parent_commit`, when given, is the commit reviewed against instead of
  // the base's first parent: the merge-base of a branch that merged others in.
  std::string checkout_parent(const std::string& branch, const std::string& base_commit,
                              const std::optional<std::string>& parent_commit = std::nullopt);
  void soft_reset(const std::string& branch_tip, const std::string& parent_commit);
  void exit(const std::string& branch_tip, const std::string& original_branch);
  // The staged changes of the review: [{path, status, additions, deletions}]
  std::string changed_files();
  // {path, diff}: the staged diff of one file (path normalized).
  std::string file_diff(const std::string& path);

 private:
  void require_clean();
  // Checks out `commit` safely; attaches HEAD to `branch` if given, else detaches.
  void checkout(git_commit* commit, const std::string& branch);
  GitPtr<git_diff> review_diff(const std::string& path);

  GitRepo& repo_;
};

}  // namespace acdc::repo
