// status_scan.hpp -- one pass over git's view of the working tree.
//
// The file set and the status lists of acdc-features.md §2.3: HEAD->index
// from a libgit2 diff, index->worktree from one parallel walk (WorktreeScan)
// with only the entries whose stat changed read and hashed (ChangeCheck) --
// what `git status` computes, with no process spawned and no file read
// unless its stat data changed. The tree is asked for after every edit, so
// what depends on the index alone (its directory layout, the HEAD->index
// changes) is kept between scans and redone only when HEAD or the index
// entries change (a 64-bit fingerprint of every entry's path, mode, stage
// and id, recomputed each scan).
//
//   StatusScanner scanner(repo);
//   auto lock = repo.lock();
//   RepoStatus st = scanner.scan({.numstat = true});
//   for (const auto& path : st.files) ...       // sorted, unique
#pragma once

#include "change_check.hpp"
#include "checks_file.hpp"
#include "git_repo.hpp"
#include "index_layout.hpp"
#include "repo_status.hpp"
#include "worktree_scan.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace acdc::repo {

struct ScanOptions {
  bool numstat = true;     // fill diff_stats (reads the changed files)
  bool untracked = true;   // walk for untracked files
};

class StatusScanner {
 public:
  // `checks_file`: where ChangeCheck's results outlive the process (none: in memory only).
  explicit StatusScanner(GitRepo& repo, std::optional<ChecksFile> checks_file = std::nullopt)
      : repo_(repo), checks_file_(std::move(checks_file)) {}

  // Call with the repository lock held.
  RepoStatus scan(const ScanOptions& options);
  // Tracked files that readdir shows as regular files (no symlinks, none
  // below a directory turned symlink) plus untracked, not ignored, files,
  // sorted, with no lstat: the cheap file set for a search. `under`: only
  // those below these directories (WalkOptions::under; empty: all). Call
  // with the repository lock held.
  std::vector<std::string> list_files(const std::vector<std::string>& under = {});

 private:
  // HEAD->index: what a commit now would record.
  struct Staged {
    std::vector<std::string> paths, deleted;
    std::map<std::string, LineStats> numstat;
  };

  const IndexLayout& layout_for(git_index* index);
  const Staged& staged_for(git_index* index, bool numstat);
  static Staged diff_staged(git_repository* repo, git_tree* head, git_index* index, bool numstat);
  void add_index_lists(git_index* index, bool numstat, RepoStatus& st);
  static void add_worktree_lists(git_index* index, WorktreeResult& walk, RepoStatus& st);
  void check_changed(git_index* index, const std::vector<size_t>& changed, const std::vector<FileStat>& stats,
                     bool numstat, RepoStatus& st);

  GitRepo& repo_;
  CheckCache checked_;  // ChangeCheck's results of the last scan
  std::optional<ChecksFile> checks_file_;
  bool checks_loaded_ = false;  // checks_file_ was read into checked_
  std::unique_ptr<IndexLayout> layout_;
  std::unique_ptr<Staged> staged_;
  // What staged_ was computed from: HEAD's tree (zero: none), the index's entries.
  git_oid staged_head_{};
  uint64_t staged_index_ = 0;
  bool staged_numstat_ = false;
};

// acdc-features.md §2.1: directories never shown or searched, even if tracked.
bool is_excluded_path(std::string_view path);

}  // namespace acdc::repo
