// tree_builder.hpp -- the nested file tree of acdc-features.md §2.3.
//
// Each file gets its line count, mtime and binary flag. Counting lines means
// reading the file, so results are kept by the stat data the status scan
// took (size, mtime, inode, mode) and only files that changed since the last
// tree are read again, on all cores. The cache is a sorted list beside the
// sorted file list, so a warm tree costs one merge, not 50,000 hash lookups.
// The JSON is written straight from the sorted paths, whose directories are
// contiguous ranges, with no tree of maps in between. The cache outlives the
// process (FactsFile): it is read before the first tree and written after a
// tree that had to read many files (a first run, a checkout).
//
// A repository never opened (no facts file) of thousands of files is not
// read before the first answer: that tree has their line counts at 0 and
// they are counted on a background thread (once the reply is out), which
// calls `on_counted` when the next tree will have them (issue 18: the first tree took 12x git's
// time on 50,000 files, all of it reading them).
//
//   TreeBuilder builder(root, max_file_bytes, state_dir / "tree-facts.bin", [] { /* ask again */ });
//   std::string json = builder.build_json(std::move(status));  // {"tree":...,"modified":...}
#pragma once

#include "facts_file.hpp"
#include "repo_status.hpp"

#include <filesystem>
#include <functional>
#include <mutex>
#include <thread>
#include <string>
#include <vector>

namespace acdc::repo {

class TreeBuilder {
 public:
  TreeBuilder(std::filesystem::path root, size_t max_file_bytes, std::filesystem::path facts_file,
              std::function<void()> on_counted = {})
      : root_(std::move(root)),
        max_file_bytes_(max_file_bytes),
        facts_file_(std::move(facts_file), max_file_bytes),
        on_counted_(std::move(on_counted)) {}
  // Waits for a background count to finish.
  ~TreeBuilder();

  // The whole get_file_tree result as JSON text.
  std::string build_json(RepoStatus status);

 private:
  // The facts of every file, and how many had to be read; `deferred` when
  // the line counts are left to the background count.
  std::vector<FileFacts> facts_for(const RepoStatus& status, size_t& read, bool& deferred);
  // Under cache_mu_: counts every file of `status` on counting_, keeps and saves the result.
  void count_in_background(const RepoStatus& status);
  void measure_all(const RepoStatus& status, const std::vector<size_t>& which, std::vector<FileFacts>& facts) const;
  FileFacts measure(int root_fd, const std::string& path, const FileStat& now, std::string& buffer) const;
  void keep(std::vector<std::string>&& files, std::vector<FileFacts>&& facts, bool save);

  std::filesystem::path root_;
  size_t max_file_bytes_;
  FactsFile facts_file_;
  std::mutex cache_mu_;  // two trees may be built at once
  bool loaded_ = false;  // facts_file_ was read into the cache
  // Facts of the last tree's files, by path (sorted); stat.size -2 where
  // the file was too fresh to trust its stat next time.
  std::vector<std::string> cached_paths_;
  std::vector<FileFacts> cached_facts_;
  std::function<void()> on_counted_;
  bool counting_now_ = false;  // guarded by cache_mu_
  std::thread counting_;       // guarded by cache_mu_
};

}  // namespace acdc::repo
