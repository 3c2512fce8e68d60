// repo_status.hpp -- what a status scan found: the tree's files and lists.
//
// Shapes of acdc-features.md §2.3, before they become JSON (TreeBuilder).
//
//   RepoStatus st = scanner.scan({});
//   if (st.diff_stats.count("src/a.cpp")) ...
#pragma once

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

}  // namespace acdc::repo
