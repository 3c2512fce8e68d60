#include "worktree_scan.hpp"

#include "status_scan.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <thread>

namespace acdc::repo {

namespace {

FileStat to_stat(const struct stat& st) {
  return FileStat{st.st_size, int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
                  static_cast<uint64_t>(st.st_ino), st.st_mode};
}

int64_t entry_mtime_ns(const git_index_entry* e) {
  return int64_t(e->mtime.seconds) * 1000000000 + e->mtime.nanoseconds;
}

// git's rules (read-cache.c ie_match_stat), reduced to what libgit2 records.
bool stat_differs(const git_index_entry* e, const FileStat& s, int64_t index_mtime_ns) {
  if (S_ISLNK(e->mode) != S_ISLNK(s.mode)) return true;
  if (S_ISREG(s.mode) && ((e->mode & 0100) != 0) != ((s.mode & S_IXUSR) != 0)) return true;
  if (static_cast<uint32_t>(s.size) != e->file_size || entry_mtime_ns(e) != s.mtime_ns) return true;
  if (e->ino && static_cast<uint32_t>(s.inode) != e->ino) return true;
  // Racily clean: written in the same instant as the index; only content can tell.
  return entry_mtime_ns(e) >= index_mtime_ns;
}

}  // namespace

WorktreeScan::WorktreeScan(GitRepo& repo, git_index* index)
    : repo_(repo), index_(index), root_fd_(::open(repo.root().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
  if (root_fd_ < 0) throw Error(ACDC_E_APPLICATION, "cannot open the repository root " + repo.root().string());
  struct stat st {};
  if (const char* path = git_index_path(index); path && ::stat(path, &st) == 0) index_mtime_ns_ = to_stat(st).mtime_ns;
  size_t n = git_index_entrycount(index);
  tracked_files_.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    std::string_view p = git_index_get_byindex(index, i)->path;
    tracked_files_.insert(p);
    for (size_t slash = p.find('/'); slash != std::string_view::npos; slash = p.find('/', slash + 1))
      tracked_dirs_.emplace(p.substr(0, slash));
  }
}

WorktreeScan::~WorktreeScan() { ::close(root_fd_); }

FileStat WorktreeScan::stat_path(const std::string& rel) const {
  struct stat st {};
  return ::fstatat(root_fd_, rel.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 ? to_stat(st) : FileStat{};
}

std::vector<FileStat> WorktreeScan::stat_tracked() const {
  size_t n = git_index_entrycount(index_);
  std::vector<FileStat> stats(n);
  std::atomic<size_t> next{0};
  constexpr size_t kBatch = 256;
  auto work = [&] {
    for (size_t start; (start = next.fetch_add(kBatch)) < n;)
      for (size_t i = start; i < std::min(n, start + kBatch); ++i) {
        struct stat st {};
        if (::fstatat(root_fd_, git_index_get_byindex(index_, i)->path, &st, AT_SYMLINK_NOFOLLOW) == 0)
          stats[i] = to_stat(st);
      }
  };
  unsigned threads = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads && n > 2 * kBatch; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return stats;
}

std::vector<size_t> WorktreeScan::changed(const std::vector<FileStat>& stats) const {
  std::vector<size_t> out;
  for (size_t i = 0; i < stats.size(); ++i) {
    const git_index_entry* e = git_index_get_byindex(index_, i);
    if (e->mode == GIT_FILEMODE_COMMIT || stats[i].size < 0) continue;
    if (stat_differs(e, stats[i], index_mtime_ns_)) out.push_back(i);
  }
  return out;
}

bool WorktreeScan::ignored(const std::string& rel) const {
  int is_ignored = 0;
  return git_ignore_path_is_ignored(&is_ignored, repo_.get(), rel.c_str()) == 0 && is_ignored;
}

std::vector<std::string> WorktreeScan::untracked(std::vector<std::string>& nested) const {
  std::vector<std::string> out;
  walk(::dup(root_fd_), "", true, out, nested);
  return out;
}

void WorktreeScan::walk(int dir_fd, const std::string& rel, bool tracked_dir, std::vector<std::string>& out,
                        std::vector<std::string>& nested) const {
  DIR* dir = ::fdopendir(dir_fd);
  if (!dir) {
    ::close(dir_fd);
    return;
  }
  while (const dirent* d = ::readdir(dir)) {
    std::string_view name = d->d_name;
    if (name == "." || name == ".." || name == ".git") continue;
    std::string child = rel.empty() ? std::string(name) : rel + "/" + std::string(name);
    bool is_dir = d->d_type == DT_DIR;
    if (d->d_type == DT_UNKNOWN) {
      struct stat st {};
      is_dir = ::fstatat(dir_fd, d->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
    }
    if (!is_dir) {
      if (!(tracked_dir && tracked_files_.count(child)) && !ignored(child)) out.push_back(child);
      continue;
    }
    if (is_excluded_path(child + "/x") || tracked_files_.count(child)) continue;  // submodule: listed, not descended
    bool tracked = tracked_dirs_.count(child) > 0;
    if (!tracked && ignored(child + "/")) continue;
    if (!tracked && ::faccessat(dir_fd, (std::string(name) + "/.git").c_str(), F_OK, AT_SYMLINK_NOFOLLOW) == 0) {
      nested.push_back(child);
      continue;
    }
    int fd = ::openat(dir_fd, d->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
    if (fd >= 0) walk(fd, child, tracked, out, nested);
  }
  ::closedir(dir);
}

}  // namespace acdc::repo
