// index/change_watcher.hpp -- which files changed since the last turn,
// without looking at every file: inotify on each directory that holds an
// indexed file. A turn then re-stats only what the kernel reported, so its
// cost follows the change, not the size of the repository (a stat sweep of
// /usr/include/boost's 15,000 files alone takes ~17 ms here; see
// bench/symbol-index).
//
// When it cannot be sure, it says so and the index sweeps the whole tree: a
// directory created, deleted or moved, the kernel's event queue overflowing,
// or no watch to be had (limit reached). A source file created, deleted or
// renamed is reported as touched; a new one is the owner's to check against
// the file list (git's ignore rules, through the repo plugin).
//
//   ChangeWatcher w(root);
//   if (!w.watch(paths)) log(w.error());           // sweeping every turn then
//   ChangeWatcher::Changes c = w.take();           // non-blocking
//   if (c.sweep) full_update(); else index.update_files(c.touched);
//
// Not thread-safe: one owner (the plugin's worker thread).
#pragma once

#include <filesystem>
#include <string>
#include <unordered_map>
#include <vector>

namespace acdc::symbols {

class ChangeWatcher {
 public:
  explicit ChangeWatcher(std::filesystem::path root);
  ~ChangeWatcher();
  ChangeWatcher(const ChangeWatcher&) = delete;
  ChangeWatcher& operator=(const ChangeWatcher&) = delete;

  // (Re)starts watching the directories of `paths` (relative to the root).
  // False, with error(), when the kernel gives no watch: the owner sweeps.
  bool watch(const std::vector<std::string>& paths);
  const std::string& error() const { return error_; }
  bool active() const { return fd_ >= 0 && error_.empty(); }

  struct Changes {
    std::vector<std::string> touched;  // source files written, created, deleted or renamed
    bool sweep = false;                // the file list may have changed, or events were lost
  };
  // What happened since the last call; reads the events already queued.
  Changes take();

 private:
  void close_all();

  std::filesystem::path root_;
  int fd_ = -1;
  std::unordered_map<int, std::string> dirs_;  // watch descriptor -> directory, relative ("" = root)
  std::string error_;
};

}  // namespace acdc::symbols
