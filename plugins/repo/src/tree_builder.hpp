// tree_builder.hpp -- the nested file tree of acdc-features.md §2.3.
//
// Each file gets its line count, mtime and binary flag. Counting lines means
// reading the file, so results are cached by the stat data the status scan
// took (size, mtime, inode) and only files that changed since the last tree
// are read again, on all cores.
//
//   TreeBuilder builder(root, max_file_bytes);
//   std::string json = builder.build_json(status);   // {"tree":...,"modified":...}
#pragma once

#include "status_scan.hpp"

#include <filesystem>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace acdc::repo {

struct FileFacts {
  FileStat stat;
  int lines = 0;
  bool binary = false;
};

class TreeBuilder {
 public:
  TreeBuilder(std::filesystem::path root, size_t max_file_bytes)
      : root_(std::move(root)), max_file_bytes_(max_file_bytes) {}

  // The whole get_file_tree result as JSON text.
  std::string build_json(const RepoStatus& status);

 private:
  std::vector<FileFacts> facts_for(const std::vector<std::string>& files, const RepoStatus& status);
  FileFacts measure(const std::string& path, const FileStat& now, const FileFacts& cached) const;

  std::filesystem::path root_;
  size_t max_file_bytes_;
  std::mutex cache_mu_;
  std::unordered_map<std::string, FileFacts> cache_;
};

}  // namespace acdc::repo
