// facts_file.hpp -- TreeBuilder's line counts kept on disk between runs.
//
// The first tree after a start read every file to count its lines: 120 ms
// of a 250 ms first get_file_tree on 50,000 files, where `git status` is
// fast from its first run because the index keeps its stat data on disk.
// This is that, for line counts: the facts of settled files (stat, lines,
// binary), sorted by path, in <state_dir>/tree-facts.bin, trusted on an
// equal stat exactly as the in-memory cache is. The file is written whole
// (temp file, then rename) and read whole; one written for another
// max_file_bytes, another format, or damaged, is ignored: the files are
// read again, as on a first run.
//
//   FactsFile file(state_dir / "tree-facts.bin", max_file_bytes);
//   std::vector<std::string> paths; std::vector<FileFacts> facts;
//   file.load(paths, facts);            // false, both empty: nothing usable
//   file.save(paths, facts);            // entries with stat.size < 0 left out
#pragma once

#include "worktree_scan.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace acdc::repo {

struct FileFacts {
  FileStat stat;
  int lines = 0;
  bool binary = false;
};

class FactsFile {
 public:
  FactsFile(std::filesystem::path path, size_t max_file_bytes) : path_(std::move(path)), max_file_bytes_(max_file_bytes) {}

  bool load(std::vector<std::string>& paths, std::vector<FileFacts>& facts) const;
  // Best effort: a state directory that cannot be written only costs the next start its speed.
  void save(const std::vector<std::string>& paths, const std::vector<FileFacts>& facts) const;

 private:
  std::filesystem::path path_;
  size_t max_file_bytes_;
};

}  // namespace acdc::repo
