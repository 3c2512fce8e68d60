#include "index/change_watcher.hpp"

#include "lang/language.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>

namespace acdc::symbols {
namespace {

constexpr uint32_t kFileEvents = IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB;
constexpr uint32_t kListEvents = IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF;

}  // namespace

ChangeWatcher::ChangeWatcher(std::filesystem::path root) : root_(std::move(root)) {}

ChangeWatcher::~ChangeWatcher() { close_all(); }

void ChangeWatcher::close_all() {
  if (fd_ >= 0) ::close(fd_);  // drops every watch with it
  fd_ = -1;
  dirs_.clear();
}

bool ChangeWatcher::watch(const std::vector<std::string>& paths) {
  close_all();
  error_.clear();
  fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd_ < 0) {
    error_ = std::string("no inotify (") + std::strerror(errno) + "): every turn stats every file instead";
    return false;
  }
  std::set<std::string> dirs{""};
  for (const auto& p : paths)
    for (auto slash = p.find('/'); slash != std::string::npos; slash = p.find('/', slash + 1))
      dirs.insert(p.substr(0, slash));
  for (const auto& dir : dirs) {
    int wd = ::inotify_add_watch(fd_, (root_ / dir).c_str(), kFileEvents | kListEvents | IN_ONLYDIR);
    if (wd < 0) {
      error_ = std::string("cannot watch ") + (root_ / dir).string() + " (" + std::strerror(errno) +
               (errno == ENOSPC ? "; raise fs.inotify.max_user_watches" : "") +
               "): every turn stats every file instead";
      close_all();
      return false;
    }
    dirs_[wd] = dir;
  }
  return true;
}

ChangeWatcher::Changes ChangeWatcher::take() {
  Changes out;
  if (fd_ < 0) {
    out.sweep = true;
    return out;
  }
  std::set<std::string> touched;
  alignas(inotify_event) char buffer[64 * 1024];
  for (;;) {
    ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // EAGAIN: nothing more queued
    for (char* at = buffer; at < buffer + n;) {
      auto* e = reinterpret_cast<inotify_event*>(at);
      at += sizeof(inotify_event) + e->len;
      if (e->mask & IN_Q_OVERFLOW) out.sweep = true;
      if (e->mask & IN_IGNORED) continue;
      auto dir = dirs_.find(e->wd);
      if (dir == dirs_.end()) continue;
      std::string name = e->len ? e->name : "";
      bool indexed = !name.empty() && language_for_path(name) != Language::none;
      // A directory that came or went (or this one itself) may hold any
      // number of source files: the file list is in question. A file that
      // came or went is the owner's to judge (an atomic save renames over
      // a file it knows).
      if ((e->mask & kListEvents) && ((e->mask & IN_ISDIR) || name.empty())) out.sweep = true;
      else if (indexed) touched.insert(dir->second.empty() ? name : dir->second + "/" + name);
    }
  }
  out.touched.assign(touched.begin(), touched.end());
  return out;
}

}  // namespace acdc::symbols
