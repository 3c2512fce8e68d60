// git_repo.hpp -- the one open libgit2 repository of the plugin.
//
// libgit2 objects may not be used from two threads at once, so every git
// operation takes lock() first; file reads and writes that do not touch git
// objects do not.
//
//   GitRepo repo("/home/me/project");          // throws if it is not a repository
//   auto lock = repo.lock();
//   GitPtr<git_commit> head = repo.head_commit(); // null on an unborn branch
#pragma once

#include "git_ptr.hpp"

#include <filesystem>
#include <mutex>
#include <optional>
#include <string>

namespace acdc::repo {

class GitRepo {
 public:
  // `allow_plain`: a directory that is not a repository is accepted, and
  // every git operation then fails with a message saying so (acdc --stdio,
  // where any directory is a project). Otherwise such a root throws.
  explicit GitRepo(const std::filesystem::path& root, bool allow_plain = false);
  ~GitRepo();
  GitRepo(const GitRepo&) = delete;
  GitRepo& operator=(const GitRepo&) = delete;

  git_repository* get() const;  // throws when the root is a plain directory
  bool is_git() const { return repo_ != nullptr; }
  const std::filesystem::path& root() const { return root_; }
  std::unique_lock<std::mutex> lock() { return std::unique_lock(mu_); }

  // HEAD's commit, or null when the branch has no commits yet.
  GitPtr<git_commit> head_commit() const;
  // HEAD's tree, or null when the branch has no commits yet.
  GitPtr<git_tree> head_tree() const;
  // The index as it is on disk now (reloaded if anyone changed it).
  GitPtr<git_index> index() const;
  // The commit `ref` names (branch, tag, sha, HEAD~2, ...); NOT_FOUND if none.
  GitPtr<git_commit> commit_of(const std::string& ref) const;
  // The commit's tree; throws on failure.
  static GitPtr<git_tree> tree_of(git_commit* commit);

  // Adds `.acdc/` to .git/info/exclude unless a line already names it.
  void exclude_state_dir() const;

 private:
  GitPtr<git_repository> repo_;
  std::filesystem::path root_;
  std::mutex mu_;
};

std::string oid_hex(const git_oid* oid);
std::string short_hex(const git_oid* oid);

}  // namespace acdc::repo
