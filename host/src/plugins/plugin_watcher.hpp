// plugins/plugin_watcher.hpp -- notices when a build rewrites a plugin file.
//
//   PluginWatcher watcher(manager.plugin_files(), [&](const std::string& id) {
//     post(control, [&, id] { (void)manager.swap(id); });   // logged and reported
//   });
//   watcher.start();      // a thread of its own, inotify on the plugins' directories
//   ...
//   watcher.stop();
//
// A build writes a plugin in several steps (create, write, close, or write a
// temporary file and rename it). The watcher reports a plugin once its file
// has been closed after writing or renamed into place and then left alone
// for `quiet` (debounce), so a half-written file is not reported; one that
// still fails to load is refused by the loader and the next write retries.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace acdc::plugins {

class PluginWatcher {
 public:
  using Changed = std::function<void(const std::string& id)>;

  PluginWatcher(std::vector<std::pair<std::string, std::filesystem::path>> files, Changed changed,
                std::chrono::milliseconds quiet = std::chrono::milliseconds(25));
  ~PluginWatcher();

  PluginWatcher(const PluginWatcher&) = delete;
  PluginWatcher& operator=(const PluginWatcher&) = delete;

  // Starts watching; false (with the reason logged) when inotify is unavailable.
  bool start();
  void stop();

 private:
  void run();
  void read_events(std::map<std::string, std::chrono::steady_clock::time_point>& due);

  std::vector<std::pair<std::string, std::filesystem::path>> files_;
  Changed changed_;
  std::chrono::milliseconds quiet_;
  std::map<int, std::filesystem::path> watches_;  // watch descriptor -> directory
  int inotify_fd_ = -1;
  int stop_fd_ = -1;  // eventfd that wakes the thread to stop
  std::thread thread_;
};

}  // namespace acdc::plugins
