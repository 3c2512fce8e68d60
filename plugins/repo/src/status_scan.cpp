#include "status_scan.hpp"

#include <algorithm>
#include <array>

namespace acdc::repo {

namespace {

void add_numstat(git_diff* diff, size_t i, RepoStatus& st, const char* path) {
  GitPtr<git_patch> patch;
  if (git_patch_from_diff(out(patch), diff, i) < 0) return;
  if (!patch) return;  // an unchanged entry has no patch
  size_t context = 0, adds = 0, dels = 0;
  if (git_patch_line_stats(&context, &adds, &dels, patch.get()) < 0) return;
  if (adds == 0 && dels == 0) return;
  LineStats& s = st.diff_stats[path];
  s.additions += static_cast<int>(adds);
  s.deletions += static_cast<int>(dels);
}

git_diff_options diff_options() {
  git_diff_options o = GIT_DIFF_OPTIONS_INIT;
  o.ignore_submodules = GIT_SUBMODULE_IGNORE_DIRTY;
  return o;
}

// Staged changes; a staged deletion is also a file of the tree.
void scan_staged(GitRepo& repo, git_index* index, const ScanOptions& options, RepoStatus& st,
                 std::vector<std::string>& extra) {
  GitPtr<git_tree> head = repo.head_tree();
  GitPtr<git_diff> diff;
  git_diff_options o = diff_options();
  git_check(git_diff_tree_to_index(out(diff), repo.get(), head.get(), index, &o), "comparing HEAD with the index");
  for (size_t i = 0, n = git_diff_num_deltas(diff.get()); i < n; ++i) {
    const git_diff_delta* d = git_diff_get_delta(diff.get(), i);
    const char* path = d->new_file.path;
    if (d->status == GIT_DELTA_RENAMED || d->status == GIT_DELTA_COPIED) st.staged.push_back(d->old_file.path);
    st.staged.push_back(path);
    if (d->status == GIT_DELTA_DELETED) {
      st.deleted.push_back(path);
      extra.push_back(path);
    }
    if (options.numstat) add_numstat(diff.get(), i, st, path);
  }
}

// Content comparison of the entries whose stat changed, by libgit2. The
// index is not written back (as `git status` does under its lock): a write
// here could undo staging another git process did meanwhile.
void compare_changed(GitRepo& repo, git_index* index, const std::vector<size_t>& changed,
                     const ScanOptions& options, RepoStatus& st) {
  if (changed.empty()) return;
  std::vector<std::string> paths;
  for (size_t i : changed) paths.emplace_back(git_index_get_byindex(index, i)->path);
  std::vector<char*> ptrs;
  for (auto& p : paths) ptrs.push_back(p.data());
  git_diff_options o = diff_options();
  o.flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH;
  o.pathspec = git_strarray{ptrs.data(), ptrs.size()};
  GitPtr<git_diff> diff;
  git_check(git_diff_index_to_workdir(out(diff), repo.get(), index, &o), "comparing the index with the working tree");
  for (size_t i = 0, n = git_diff_num_deltas(diff.get()); i < n; ++i) {
    const git_diff_delta* d = git_diff_get_delta(diff.get(), i);
    if (d->status == GIT_DELTA_DELETED) st.deleted.push_back(d->new_file.path);
    else if (d->status != GIT_DELTA_MODIFIED && d->status != GIT_DELTA_TYPECHANGE) continue;
    else st.modified.push_back(d->new_file.path);
    if (options.numstat) add_numstat(diff.get(), i, st, d->new_file.path);
  }
}

void sort_unique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

void drop_excluded(std::vector<std::string>& v) {
  v.erase(std::remove_if(v.begin(), v.end(), [](const std::string& p) { return is_excluded_path(p); }), v.end());
}

// files + stats from the index entries and the extra (untracked, deleted) paths.
void assemble_files(git_index* index, std::vector<FileStat>&& tracked_stats, std::vector<std::string>& extra,
                    const WorktreeScan& scan, RepoStatus& st) {
  sort_unique(extra);
  size_t n = git_index_entrycount(index);
  st.files.reserve(n + extra.size());
  st.stats.reserve(n + extra.size());
  size_t x = 0;
  auto take_extra = [&] {
    st.files.push_back(extra[x]);
    st.stats.push_back(scan.stat_path(extra[x++]));
  };
  for (size_t i = 0; i < n; ++i) {
    std::string_view path = git_index_get_byindex(index, i)->path;
    while (x < extra.size() && extra[x] < path) take_extra();
    if (x < extra.size() && extra[x] == path) ++x;
    if (!st.files.empty() && st.files.back() == path) continue;  // conflict stages
    if (is_excluded_path(path)) continue;
    st.files.emplace_back(path);
    st.stats.push_back(tracked_stats[i]);
  }
  while (x < extra.size()) take_extra();
}

}  // namespace

bool is_excluded_path(std::string_view path) {
  static constexpr std::array<std::string_view, 9> kNames{
      ".git", ".acdc", "node_modules", "__pycache__", ".venv", "venv", "dist", "build", ".egg-info"};
  size_t start = 0;
  while (start < path.size()) {
    size_t end = std::min(path.find('/', start), path.size());
    std::string_view seg = path.substr(start, end - start);
    // Directories only: a file named "build" is still shown.
    if (end < path.size() && (std::find(kNames.begin(), kNames.end(), seg) != kNames.end() || seg.ends_with(".egg-info")))
      return true;
    start = end + 1;
  }
  return false;
}

std::vector<std::string> list_files(GitRepo& repo) {
  GitPtr<git_index> index = repo.index();
  git_check(git_index_read(index.get(), 0), "reading the index");
  std::vector<std::string> nested;
  std::vector<std::string> files = WorktreeScan(repo, index.get()).untracked(nested);
  for (size_t i = 0, n = git_index_entrycount(index.get()); i < n; ++i)
    if (const git_index_entry* e = git_index_get_byindex(index.get(), i); e->mode != GIT_FILEMODE_COMMIT)
      files.emplace_back(e->path);
  drop_excluded(files);
  sort_unique(files);
  return files;
}

RepoStatus scan_status(GitRepo& repo, const ScanOptions& options) {
  RepoStatus st;
  GitPtr<git_index> index = repo.index();
  git_check(git_index_read(index.get(), 0), "reading the index");
  std::vector<std::string> extra;
  for (size_t i = 0, n = git_index_entrycount(index.get()); i < n; ++i)
    if (const git_index_entry* e = git_index_get_byindex(index.get(), i); e->mode == GIT_FILEMODE_COMMIT)
      st.submodules.insert(e->path);
  scan_staged(repo, index.get(), options, st, extra);
  std::vector<FileStat> stats;
  std::vector<size_t> changed;
  {
    WorktreeScan scan(repo, index.get());
    stats = scan.stat_tracked();
    changed = scan.changed(stats);
    for (size_t i = 0; i < stats.size(); ++i) {
      const git_index_entry* e = git_index_get_byindex(index.get(), i);
      if (stats[i].size < 0 && e->mode != GIT_FILEMODE_COMMIT) st.deleted.push_back(e->path);
    }
    if (options.untracked) {
      std::vector<std::string> nested;
      st.untracked = scan.untracked(nested);
      st.submodules.insert(nested.begin(), nested.end());
      st.untracked.insert(st.untracked.end(), nested.begin(), nested.end());
      extra.insert(extra.end(), st.untracked.begin(), st.untracked.end());
    }
    assemble_files(index.get(), std::move(stats), extra, scan, st);
  }
  compare_changed(repo, index.get(), changed, options, st);
  for (auto* list : {&st.modified, &st.staged, &st.untracked, &st.deleted}) {
    drop_excluded(*list);
    sort_unique(*list);
  }
  return st;
}

}  // namespace acdc::repo
