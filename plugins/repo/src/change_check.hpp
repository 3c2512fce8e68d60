// change_check.hpp -- did an entry whose stat changed really change?
//
// What `git status` does for the few entries the stat pass could not clear:
// read the file (or the link), run the repository's filters towards the
// object database (CRLF, .gitattributes), hash it as a blob and compare with
// the index. Only a real change is read against the indexed blob for its
// line counts. Doing this per entry spares libgit2's index-to-workdir diff,
// which walks and stats whole directories around each path it is given.
// A modified file stays stat-changed until it is staged, so every tree would
// read it again: what was found is kept for the next scan, keyed by the
// index entry and the file's stat, for files written long enough ago that a
// later write must change their stat.
//
//   CheckCache next;
//   ChangeCheck check(repo, index, previous, next);   // repository lock held
//   for (size_t pos : changed) check.run(pos, stats[pos], /*numstat=*/true, status);
//   previous.swap(next);
#pragma once

#include "git_repo.hpp"
#include "repo_status.hpp"

#include <string>
#include <unordered_map>

namespace acdc::repo {

// What ChangeCheck::run found for one path.
struct CheckedEntry {
  git_oid index_id{};
  FileStat stat;
  bool modified = false;  // content or mode
  bool counted = false;   // `lines` were computed
  LineStats lines;
};
using CheckCache = std::unordered_map<std::string, CheckedEntry>;

class ChangeCheck {
 public:
  // Reuses `previous` results; puts every reusable result of this scan in `next`.
  ChangeCheck(GitRepo& repo, git_index* index, const CheckCache& previous, CheckCache& next);

  // Adds the entry at index position `pos` to status.modified (content or
  // mode changed, with its line counts in status.diff_stats when `numstat`)
  // or status.deleted (gone, or a directory now); adds nothing if unchanged.
  void run(size_t pos, const FileStat& now, bool numstat, RepoStatus& status);
  // How many results were computed here (not taken from `previous`) and put in `next`.
  size_t found() const { return found_; }

 private:
  bool compute(const git_index_entry* e, const FileStat& now, bool numstat, CheckedEntry& result);
  bool read_content(const char* path, const FileStat& now, std::string& data) const;
  const std::string& to_odb(const char* path);
  LineStats count_lines(const git_index_entry* e, const std::string& data) const;

  GitRepo& repo_;
  git_index* index_;
  const CheckCache& previous_;
  CheckCache& next_;
  const int64_t settled_before_;  // only results for files written before this are kept
  size_t found_ = 0;
  bool filemode_ = true;  // core.filemode: does the executable bit count?
  std::string data_, filtered_;
};

}  // namespace acdc::repo
