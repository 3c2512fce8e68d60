// worktree_scan.hpp -- the working tree side of status, in one parallel walk.
//
// `git status` lstats every index entry by its full path (preloaded over
// threads) and then walks the directories again for untracked files. This
// does both in one walk: each tracked directory is opened once (never
// through a symlink), read once, and each tracked file in it
// is lstat'ed by its name relative to the open directory, which spares the
// kernel the path walk. Directories are shared out over the cores. Names the
// index does not know are untracked candidates; libgit2 decides, afterwards
// and on one thread, which of them are ignored, and untracked directories are
// walked then.
//
//   IndexLayout layout(index);
//   WorktreeScan scan(repo, index, layout);    // repository lock held
//   WorktreeResult w = scan.run({.untracked = true, .stat_tracked = true});
//   std::vector<size_t> changed = scan.changed(w.stats);   // index positions
#pragma once

#include "git_repo.hpp"
#include "index_layout.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace acdc::repo {

struct FileStat {
  int64_t size = -1;  // -1: not on disk
  int64_t mtime_ns = 0;
  uint64_t inode = 0;
  uint32_t mode = 0;

  bool operator==(const FileStat&) const = default;
};

// Whether the entry's type (symlink or not) or, with `filemode` (git's
// core.filemode), its executable bit differs from the file's.
bool mode_differs(const git_index_entry* e, const FileStat& s, bool filemode);

// A file last written before this instant (2 s ago) is settled: any later
// write must change its stat, so what was read from it may be reused on an
// equal stat (git's "racily clean" problem, for our own caches). Read once
// per pass, not per file.
int64_t settled_before_ns();

struct WorktreeResult {
  std::vector<FileStat> stats;          // one per index entry
  std::vector<std::string> untracked;   // not ignored files, any order
  std::vector<std::string> nested;      // untracked directories holding a repository
};

struct WalkOptions {
  bool untracked = true;     // report untracked files
  bool stat_tracked = true;  // lstat tracked files; else their stats only say which
                             // exist (size 0) and their type (mode), from readdir
  // Walk only these directories and what is below them (a search's glob
  // roots: util::glob_root); empty: the whole tree. Tracked files elsewhere
  // keep the stats of a file not on disk.
  std::vector<std::string> under;
};

class WorktreeScan {
 public:
  WorktreeScan(GitRepo& repo, git_index* index, const IndexLayout& layout);
  ~WorktreeScan();
  WorktreeScan(const WorktreeScan&) = delete;
  WorktreeScan& operator=(const WorktreeScan&) = delete;

  WorktreeResult run(const WalkOptions& options) const;
  // Index positions of entries on disk whose stat differs from the index's
  // (or that are racily clean): only their content can say if they changed.
  std::vector<size_t> changed(const std::vector<FileStat>& stats) const;
  FileStat stat_path(const std::string& rel) const;

 private:
  struct Candidates;
  void read_tracked_dir(int fd, const LayoutDir& dir, const WalkOptions& options, WorktreeResult& out,
                        Candidates& found) const;
  int open_dir(std::string_view rel) const;
  void sort_out_candidates(Candidates& found, WorktreeResult& out) const;
  // An untracked directory `rel`, named `name` in `parent_fd`: skipped when
  // excluded or ignored, listed when it holds a repository, else walked.
  void visit_untracked_dir(int parent_fd, const char* name, const std::string& rel, WorktreeResult& out) const;
  void walk_untracked(int dir_fd, const std::string& rel, WorktreeResult& out) const;
  // A walk root the index has no file below (an untracked directory, or
  // none at all), walked as untracked ones are.
  void visit_untracked_root(const std::string& rel, WorktreeResult& out) const;
  bool ignored(const std::string& rel) const;

  GitRepo& repo_;
  git_index* index_;
  const IndexLayout& layout_;
  int root_fd_;
  int64_t index_mtime_ns_ = 0;
};

}  // namespace acdc::repo
