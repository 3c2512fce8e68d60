#include "plugins/plugin_watcher.hpp"

#include <acdc/host/log.hpp>

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>

namespace acdc::plugins {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

PluginWatcher::PluginWatcher(std::vector<std::pair<std::string, fs::path>> files, Changed changed,
                             std::chrono::milliseconds quiet)
    : files_(std::move(files)), changed_(std::move(changed)), quiet_(quiet) {}

PluginWatcher::~PluginWatcher() { stop(); }

bool PluginWatcher::start() {
  inotify_fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  stop_fd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (inotify_fd_ < 0 || stop_fd_ < 0) {
    log::warn(std::string("cannot watch plugin files (") + std::strerror(errno) +
              "): rebuilt plugins are not swapped in; use Host.reload_plugin");
    return false;
  }
  std::set<fs::path> dirs;
  for (const auto& [id, file] : files_) dirs.insert(file.parent_path());
  for (const auto& dir : dirs) {
    int wd = inotify_add_watch(inotify_fd_, dir.c_str(), IN_CLOSE_WRITE | IN_MOVED_TO);
    if (wd < 0) log::warn("cannot watch " + dir.string() + ": " + std::strerror(errno));
    else watches_[wd] = dir;
  }
  thread_ = std::thread([this] { run(); });
  return true;
}

void PluginWatcher::stop() {
  if (thread_.joinable()) {
    uint64_t one = 1;
    if (write(stop_fd_, &one, sizeof one) < 0) log::warn("cannot wake the plugin watcher");
    thread_.join();
  }
  for (int* fd : {&inotify_fd_, &stop_fd_})
    if (*fd >= 0) close(*fd), *fd = -1;
}

void PluginWatcher::run() {
  std::map<std::string, Clock::time_point> due;  // plugin id -> when to report it
  for (;;) {
    int timeout = -1;
    if (!due.empty()) {
      auto first = std::min_element(due.begin(), due.end(), [](auto& a, auto& b) { return a.second < b.second; });
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(first->second - Clock::now()).count();
      timeout = static_cast<int>(std::max<long>(0, left));
    }
    pollfd fds[2] = {{inotify_fd_, POLLIN, 0}, {stop_fd_, POLLIN, 0}};
    if (poll(fds, 2, timeout) < 0 && errno != EINTR) return;
    if (fds[1].revents & POLLIN) return;
    if (fds[0].revents & POLLIN) read_events(due);
    for (auto it = due.begin(); it != due.end();) {
      if (it->second > Clock::now()) {
        ++it;
        continue;
      }
      changed_(it->first);
      it = due.erase(it);
    }
  }
}

void PluginWatcher::read_events(std::map<std::string, Clock::time_point>& due) {
  alignas(inotify_event) char buffer[16 * 1024];
  for (;;) {
    ssize_t n = read(inotify_fd_, buffer, sizeof buffer);
    if (n <= 0) return;
    for (ssize_t at = 0; at < n;) {
      const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
      at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
      if (!event->len) continue;
      const fs::path changed = watches_[event->wd] / event->name;
      for (const auto& [id, file] : files_)
        if (file == changed) due[id] = Clock::now() + quiet_;  // a later write restarts the wait
    }
  }
}

}  // namespace acdc::plugins
