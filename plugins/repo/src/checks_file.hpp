// checks_file.hpp -- ChangeCheck's results kept on disk between runs.
//
// A modified file stays stat-changed until it is staged, so the first tree
// after a start read, filtered, hashed and diffed every one of them again:
// 24 ms of that tree for 300 modified files (issue 18), where later trees
// reuse what the last one found. This keeps those results (CheckCache: the
// index entry's id, the file's stat, modified or not, its line counts) in
// <state_dir>/status-checks.bin, trusted exactly as the in-memory cache is:
// only for settled files, only on an equal index entry and stat. The file
// is written whole (temp file, then rename) and read whole; one of another
// format, or damaged, is ignored: the files are checked again.
//
//   ChecksFile file(state_dir / "status-checks.bin");
//   CheckCache cache;
//   file.load(cache);   // false, empty: nothing usable
//   file.save(cache);
#pragma once

#include "change_check.hpp"

#include <filesystem>

namespace acdc::repo {

class ChecksFile {
 public:
  explicit ChecksFile(std::filesystem::path path) : path_(std::move(path)) {}

  bool load(CheckCache& cache) const;
  // Best effort: a state directory that cannot be written only costs the next start its speed.
  void save(const CheckCache& cache) const;

 private:
  std::filesystem::path path_;
};

}  // namespace acdc::repo
