#include "worktree_scan.hpp"

#include "status_scan.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
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
// Any change of the executable bit makes a candidate; ChangeCheck then
// applies core.filemode.
bool stat_differs(const git_index_entry* e, const FileStat& s, int64_t index_mtime_ns) {
  if (mode_differs(e, s, /*filemode=*/true)) return true;
  if (static_cast<uint32_t>(s.size) != e->file_size || entry_mtime_ns(e) != s.mtime_ns) return true;
  if (e->ino && static_cast<uint32_t>(s.inode) != e->ino) return true;
  // Racily clean: written in the same instant as the index; only content can tell.
  return entry_mtime_ns(e) >= index_mtime_ns;
}

std::string join(std::string_view dir, std::string_view name) {
  std::string out;
  out.reserve(dir.size() + 1 + name.size());
  if (!dir.empty()) out.append(dir).push_back('/');
  out.append(name);
  return out;
}

FileStat stat_at(int dir_fd, const char* name) {
  struct stat st {};
  return ::fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? to_stat(st) : FileStat{};
}

// Without lstat: size 0 and the type readdir gave.
FileStat presence(int dir_fd, const dirent* d) {
  switch (d->d_type) {
    case DT_REG: return FileStat{0, 0, 0, S_IFREG};
    case DT_DIR: return FileStat{0, 0, 0, S_IFDIR};
    case DT_LNK: return FileStat{0, 0, 0, S_IFLNK};
    default: return stat_at(dir_fd, d->d_name);
  }
}

// Pipes, sockets and devices are `other`: git never lists them as untracked,
// and reading one (a named pipe) could wait forever.
enum class EntryKind { dir, file, other };

EntryKind kind_of(int dir_fd, const dirent* d) {
  unsigned char type = d->d_type;
  if (type == DT_UNKNOWN) {
    mode_t mode = stat_at(dir_fd, d->d_name).mode;
    type = S_ISDIR(mode) ? DT_DIR : S_ISREG(mode) ? DT_REG : S_ISLNK(mode) ? DT_LNK : DT_FIFO;
  }
  if (type == DT_DIR) return EntryKind::dir;
  return type == DT_REG || type == DT_LNK ? EntryKind::file : EntryKind::other;
}

bool skipped_name(std::string_view name) { return name == "." || name == ".." || name == ".git"; }

bool holds_repository(int parent_fd, std::string_view name) {
  return ::faccessat(parent_fd, (std::string(name) + "/.git").c_str(), F_OK, AT_SYMLINK_NOFOLLOW) == 0;
}

}  // namespace

bool mode_differs(const git_index_entry* e, const FileStat& s, bool filemode) {
  if (S_ISLNK(e->mode) != S_ISLNK(s.mode)) return true;
  return filemode && S_ISREG(s.mode) && ((e->mode & 0100) != 0) != ((s.mode & S_IXUSR) != 0);
}

int64_t settled_before_ns() {
  auto now = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch());
  return now.count() - int64_t{2'000'000'000};
}

// Names the walk found that the index does not know, for the ignore check.
struct WorktreeScan::Candidates {
  std::vector<std::string> files, dirs;
};

WorktreeScan::WorktreeScan(GitRepo& repo, git_index* index, const IndexLayout& layout)
    : repo_(repo),
      index_(index),
      layout_(layout),
      root_fd_(::open(repo.root().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
  if (root_fd_ < 0) throw Error(ACDC_E_APPLICATION, "cannot open the repository root " + repo.root().string());
  struct stat st {};
  if (const char* path = git_index_path(index); path && ::stat(path, &st) == 0) index_mtime_ns_ = to_stat(st).mtime_ns;
}

WorktreeScan::~WorktreeScan() { ::close(root_fd_); }

FileStat WorktreeScan::stat_path(const std::string& rel) const { return stat_at(root_fd_, rel.c_str()); }

// One openat2 call that refuses any symlink on the way; where openat2 is
// missing (kernel before 5.6) or refused (a seccomp filter), one openat per
// component with O_NOFOLLOW.
int WorktreeScan::open_dir(std::string_view rel) const {
  if (rel.empty()) return ::dup(root_fd_);
  std::string path(rel);
  struct open_how how {};
  how.flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
  how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH;
  long opened = ::syscall(SYS_openat2, root_fd_, path.c_str(), &how, sizeof how);
  // The answers about the path itself: gone, not a directory, a symlink on the way, no access.
  if (opened >= 0 || errno == ENOENT || errno == ENOTDIR || errno == ELOOP || errno == EXDEV || errno == EACCES)
    return static_cast<int>(opened);
  int fd = ::dup(root_fd_);
  for (size_t start = 0; fd >= 0 && start < rel.size();) {
    size_t end = std::min(rel.find('/', start), rel.size());
    std::string part(rel.substr(start, end - start));
    int next = ::openat(fd, part.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
    ::close(fd);
    fd = next;
    start = end + 1;
  }
  return fd;
}

void WorktreeScan::read_tracked_dir(int fd, const LayoutDir& dir, const WalkOptions& options, WorktreeResult& out,
                                    Candidates& found) const {
  DIR* handle = ::fdopendir(fd);
  if (!handle) {
    ::close(fd);
    return;
  }
  while (const dirent* d = ::readdir(handle)) {
    std::string_view name = d->d_name;
    if (skipped_name(name)) continue;
    if (auto [first, last] = dir.find_file(name); first != last) {
      FileStat s = options.stat_tracked ? stat_at(fd, d->d_name) : presence(fd, d);
      for (auto* e = first; e != last; ++e) out.stats[e->second] = s;
      // A tracked file replaced by a directory: what is in it is untracked (a submodule is not descended).
      if (options.untracked && S_ISDIR(s.mode) && git_index_get_byindex(index_, first->second)->mode != GIT_FILEMODE_COMMIT)
        found.dirs.push_back(join(dir.path, name));
      continue;
    }
    EntryKind kind = kind_of(fd, d);
    if (!options.untracked || kind == EntryKind::other || (kind == EntryKind::dir && dir.find_subdir(name) >= 0)) continue;
    (kind == EntryKind::dir ? found.dirs : found.files).push_back(join(dir.path, name));
  }
  ::closedir(handle);
}

WorktreeResult WorktreeScan::run(const WalkOptions& options) const {
  WorktreeResult out;
  out.stats.resize(layout_.entry_count());
  const auto& dirs = layout_.dirs();
  unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
  if (dirs.size() < 16) threads = 1;
  std::vector<Candidates> found(threads);
  std::atomic<size_t> next{0};
  auto below_root = [&options](std::string_view dir) {
    if (options.under.empty()) return true;
    for (const auto& root : options.under)
      if (dir == root || (dir.starts_with(root) && dir.size() > root.size() && dir[root.size()] == '/')) return true;
    return false;
  };
  auto work = [&](unsigned t) {
    for (size_t i; (i = next.fetch_add(1)) < dirs.size();) {
      // Excluded directories (node_modules, build, ...) are never shown.
      if (!below_root(dirs[i].path) || is_excluded_path(join(dirs[i].path, "x"))) continue;
      if (int fd = open_dir(dirs[i].path); fd >= 0) read_tracked_dir(fd, dirs[i], options, out, found[t]);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& t : pool) t.join();
  for (auto& f : found) sort_out_candidates(f, out);
  if (options.untracked)
    for (const auto& root : options.under)
      if (std::none_of(dirs.begin(), dirs.end(), [&root](const LayoutDir& d) { return d.path == root; }))
        visit_untracked_root(root, out);
  return out;
}

void WorktreeScan::visit_untracked_root(const std::string& rel, WorktreeResult& out) const {
  const size_t slash = rel.rfind('/');
  const int parent = open_dir(slash == std::string::npos ? std::string_view{} : std::string_view(rel).substr(0, slash));
  if (parent < 0) return;
  visit_untracked_dir(parent, rel.c_str() + (slash == std::string::npos ? 0 : slash + 1), rel, out);
  ::close(parent);
}

// On one thread: libgit2's ignore rules are not to be shared across threads.
void WorktreeScan::sort_out_candidates(Candidates& found, WorktreeResult& out) const {
  for (auto& rel : found.files)
    if (!ignored(rel)) out.untracked.push_back(std::move(rel));
  for (const auto& rel : found.dirs) {
    size_t slash = rel.rfind('/');
    int parent = open_dir(slash == std::string::npos ? std::string_view{} : std::string_view(rel).substr(0, slash));
    if (parent < 0) continue;
    visit_untracked_dir(parent, rel.c_str() + slash + 1, rel, out);
    ::close(parent);
  }
}

void WorktreeScan::visit_untracked_dir(int parent_fd, const char* name, const std::string& rel,
                                       WorktreeResult& out) const {
  if (is_excluded_path(rel + "/x") || ignored(rel + "/")) return;
  if (holds_repository(parent_fd, name)) return out.nested.push_back(rel);
  int fd = ::openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
  if (fd >= 0) walk_untracked(fd, rel, out);
}

void WorktreeScan::walk_untracked(int dir_fd, const std::string& rel, WorktreeResult& out) const {
  DIR* dir = ::fdopendir(dir_fd);
  if (!dir) {
    ::close(dir_fd);
    return;
  }
  while (const dirent* d = ::readdir(dir)) {
    std::string_view name = d->d_name;
    if (skipped_name(name)) continue;
    EntryKind kind = kind_of(dir_fd, d);
    if (kind == EntryKind::other) continue;
    std::string child = join(rel, name);
    if (kind == EntryKind::file) {
      if (!ignored(child)) out.untracked.push_back(std::move(child));
      continue;
    }
    visit_untracked_dir(dir_fd, d->d_name, child, out);
  }
  ::closedir(dir);
}

std::vector<size_t> WorktreeScan::changed(const std::vector<FileStat>& stats) const {
  std::vector<size_t> out;
  for (size_t i = 0; i < stats.size(); ++i) {
    const git_index_entry* e = git_index_get_byindex(index_, i);
    // Conflict stages are not "modified" (libgit2's diff calls them conflicted): left out, as before.
    if (e->mode == GIT_FILEMODE_COMMIT || stats[i].size < 0 || git_index_entry_is_conflict(e)) continue;
    if (stat_differs(e, stats[i], index_mtime_ns_)) out.push_back(i);
  }
  return out;
}

bool WorktreeScan::ignored(const std::string& rel) const {
  int is_ignored = 0;
  return git_ignore_path_is_ignored(&is_ignored, repo_.get(), rel.c_str()) == 0 && is_ignored;
}

}  // namespace acdc::repo
