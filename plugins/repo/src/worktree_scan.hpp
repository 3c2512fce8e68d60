// worktree_scan.hpp -- the working tree side of status, on all cores.
//
// What `git status` does with core.preloadIndex, which libgit2 does not:
// lstat every index entry in parallel, relative to the root (short path
// walks), and compare with the stat data the index recorded. Only entries
// whose stat changed (or that are racily clean) need their content compared,
// which the caller hands to libgit2. Untracked files come from one readdir
// walk that skips tracked names and asks libgit2 only about the rest.
//
//   WorktreeScan scan(repo, index);
//   std::vector<FileStat> stats = scan.stat_tracked();       // one per index entry
//   std::vector<size_t> changed = scan.changed(stats);      // index positions
//   std::vector<std::string> nested;
//   std::vector<std::string> untracked = scan.untracked(nested);
#pragma once

#include "git_repo.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace acdc::repo {

struct FileStat {
  int64_t size = -1;  // -1: not on disk
  int64_t mtime_ns = 0;
  uint64_t inode = 0;
  uint32_t mode = 0;
};

class WorktreeScan {
 public:
  WorktreeScan(GitRepo& repo, git_index* index);
  ~WorktreeScan();
  WorktreeScan(const WorktreeScan&) = delete;
  WorktreeScan& operator=(const WorktreeScan&) = delete;

  std::vector<FileStat> stat_tracked() const;
  // Index positions of entries on disk whose stat differs from the index's.
  std::vector<size_t> changed(const std::vector<FileStat>& stats) const;
  // Untracked, not ignored files; nested repositories as their directory.
  std::vector<std::string> untracked(std::vector<std::string>& nested_repos) const;
  FileStat stat_path(const std::string& rel) const;

 private:
  void walk(int dir_fd, const std::string& rel, bool tracked_dir, std::vector<std::string>& out,
            std::vector<std::string>& nested) const;
  bool ignored(const std::string& rel) const;

  GitRepo& repo_;
  git_index* index_;
  int root_fd_;
  int64_t index_mtime_ns_ = 0;
  std::unordered_set<std::string_view> tracked_files_;
  std::unordered_set<std::string> tracked_dirs_;
};

}  // namespace acdc::repo
