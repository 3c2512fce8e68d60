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

git_diff_options diff_options(bool untracked) {
  git_diff_options o = GIT_DIFF_OPTIONS_INIT;
  o.ignore_submodules = GIT_SUBMODULE_IGNORE_DIRTY;
  o.flags = GIT_DIFF_SKIP_BINARY_CHECK;
  if (untracked) o.flags |= GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_RECURSE_UNTRACKED_DIRS;
  return o;
}

void scan_staged(GitRepo& repo, git_index* index, const ScanOptions& options, RepoStatus& st) {
  GitPtr<git_tree> head = repo.head_tree();
  GitPtr<git_diff> diff;
  git_diff_options o = diff_options(false);
  git_check(git_diff_tree_to_index(out(diff), repo.get(), head.get(), index, &o), "comparing HEAD with the index");
  for (size_t i = 0, n = git_diff_num_deltas(diff.get()); i < n; ++i) {
    const git_diff_delta* d = git_diff_get_delta(diff.get(), i);
    const char* path = d->new_file.path;
    if (d->status == GIT_DELTA_RENAMED || d->status == GIT_DELTA_COPIED) st.staged.push_back(d->old_file.path);
    st.staged.push_back(path);
    if (d->status == GIT_DELTA_DELETED) {
      st.deleted.push_back(path);
      st.files.push_back(path);
    }
    if (options.numstat) add_numstat(diff.get(), i, st, path);
  }
}

void scan_worktree(GitRepo& repo, git_index* index, const ScanOptions& options, RepoStatus& st) {
  GitPtr<git_diff> diff;
  git_diff_options o = diff_options(options.untracked);
  git_check(git_diff_index_to_workdir(out(diff), repo.get(), index, &o), "comparing the index with the working tree");
  for (size_t i = 0, n = git_diff_num_deltas(diff.get()); i < n; ++i) {
    const git_diff_delta* d = git_diff_get_delta(diff.get(), i);
    std::string path = d->new_file.path;
    switch (d->status) {
      case GIT_DELTA_UNTRACKED:
        // A nested repository comes back as "dir/": listed, not descended.
        if (!path.empty() && path.back() == '/') {
          path.pop_back();
          st.submodules.insert(path);
        }
        st.untracked.push_back(path);
        st.files.push_back(path);
        continue;
      case GIT_DELTA_DELETED: st.deleted.push_back(path); break;
      case GIT_DELTA_MODIFIED:
      case GIT_DELTA_TYPECHANGE: st.modified.push_back(path); break;
      default: continue;
    }
    if (options.numstat) add_numstat(diff.get(), i, st, path.c_str());
  }
}

void sort_unique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

void drop_excluded(std::vector<std::string>& v) {
  v.erase(std::remove_if(v.begin(), v.end(), [](const std::string& p) { return is_excluded_path(p); }), v.end());
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

RepoStatus scan_status(GitRepo& repo, const ScanOptions& options) {
  RepoStatus st;
  GitPtr<git_index> index = repo.index();
  git_check(git_index_read(index.get(), 0), "reading the index");
  size_t count = git_index_entrycount(index.get());
  st.files.reserve(count + 64);
  for (size_t i = 0; i < count; ++i) {
    const git_index_entry* e = git_index_get_byindex(index.get(), i);
    st.files.push_back(e->path);
    if (e->mode == GIT_FILEMODE_COMMIT) st.submodules.insert(e->path);
  }
  scan_staged(repo, index.get(), options, st);
  scan_worktree(repo, index.get(), options, st);
  for (auto* list : {&st.files, &st.modified, &st.staged, &st.untracked, &st.deleted}) {
    drop_excluded(*list);
    sort_unique(*list);
  }
  return st;
}

}  // namespace acdc::repo
