// status_scan.hpp -- one pass over git's view of the working tree.
//
// The file set and the status lists of acdc-features.md §2.3: HEAD->index
// from a libgit2 diff, index->worktree from a parallel stat pass
// (WorktreeScan) with libgit2 comparing only the entries whose stat changed
// -- what `git status` computes, with no process spawned and no file read
// unless its stat data changed.
//
//   auto lock = repo.lock();
//   RepoStatus st = scan_status(repo, {.numstat = true});
//   for (const auto& path : st.files) ...       // sorted, unique
#pragma once

#include "git_repo.hpp"
#include "worktree_scan.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace acdc::repo {

struct LineStats {
  int additions = 0;
  int deletions = 0;
};

struct RepoStatus {
  std::vector<std::string> files;  // tracked + untracked + deleted, sorted
  std::vector<FileStat> stats;     // lstat of each of `files` (size -1: not on disk)
  std::set<std::string> submodules;
  std::vector<std::string> modified, staged, untracked, deleted;  // sorted
  std::map<std::string, LineStats> diff_stats;  // index + worktree numstat
};

struct ScanOptions {
  bool numstat = true;     // fill diff_stats (reads the changed files)
  bool untracked = true;   // walk for untracked files
};

// Call with the repository lock held.
RepoStatus scan_status(GitRepo& repo, const ScanOptions& options);

// Tracked (index) plus untracked, not ignored, files, sorted, without
// checking which still exist: the cheap file set for a search, which skips
// files it cannot read anyway. Call with the repository lock held.
std::vector<std::string> list_files(GitRepo& repo);

// acdc-features.md §2.1: directories never shown or searched, even if tracked.
bool is_excluded_path(std::string_view path);

}  // namespace acdc::repo
