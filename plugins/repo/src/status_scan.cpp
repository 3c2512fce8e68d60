#include "status_scan.hpp"

#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>

#include <sys/stat.h>

namespace acdc::repo {

namespace {

void add_numstat(git_diff* diff, size_t i, std::map<std::string, LineStats>& sums, const char* path) {
  GitPtr<git_patch> patch;
  if (git_patch_from_diff(out(patch), diff, i) < 0) return;
  if (!patch) return;  // an unchanged entry has no patch
  size_t context = 0, adds = 0, dels = 0;
  if (git_patch_line_stats(&context, &adds, &dels, patch.get()) < 0) return;
  if (adds == 0 && dels == 0) return;
  LineStats& s = sums[path];
  s.additions += static_cast<int>(adds);
  s.deletions += static_cast<int>(dels);
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

// What a HEAD->index diff reads of the index: every entry's path, mode, stage and id.
uint64_t fingerprint(git_index* index) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](uint64_t v) { h = (h ^ v) * 1099511628211ull + (h >> 29); };
  for (size_t i = 0, n = git_index_entrycount(index); i < n; ++i) {
    const git_index_entry* e = git_index_get_byindex(index, i);
    mix(std::hash<std::string_view>{}(e->path));
    mix((uint64_t{e->mode} << 16) | e->flags);
    uint64_t id[3] = {};
    std::memcpy(id, e->id.id, sizeof e->id.id);
    for (uint64_t part : id) mix(part);
  }
  return h;
}

// True when the index itself records that its entries make `tree`: its
// cache-tree extension, complete after a commit, names the whole index's
// tree. `git status` checks this before comparing HEAD with the index entry
// by entry; the comparison reads every tree of HEAD (1,000 trees, 17 ms of
// the first tree of 50,000 files: issue 18).
bool index_records_tree(git_index* index, const git_oid& tree) {
  // The record leaves intent-to-add entries out; a diff shows them.
  for (size_t i = 0, n = git_index_entrycount(index); i < n; ++i)
    if (git_index_get_byindex(index, i)->flags_extended & GIT_INDEX_ENTRY_INTENT_TO_ADD) return false;
  // Asked of a repository whose object database is empty and in memory:
  // libgit2 answers from a complete record, and otherwise fails at the
  // first object it would need (strict object creation), with nothing read
  // from or written to the real one. Any success names the index's tree.
  GitPtr<git_repository> scratch;
  GitPtr<git_odb> odb;
  git_odb_backend* memory = nullptr;
  if (git_repository_new(out(scratch)) < 0 || git_odb_new(out(odb)) < 0 || git_mempack_new(&memory) < 0) return false;
  if (git_odb_add_backend(odb.get(), memory, 1) < 0) {
    memory->free(memory);
    return false;
  }
  if (git_repository_set_odb(scratch.get(), odb.get()) < 0) return false;
  git_oid id;
  return git_index_write_tree_to(&id, index, scratch.get()) == 0 && git_oid_equal(&id, &tree);
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

const IndexLayout& StatusScanner::layout_for(git_index* index) {
  if (!layout_ || !layout_->matches(index)) layout_ = std::make_unique<IndexLayout>(index);
  return *layout_;
}

StatusScanner::Staged StatusScanner::diff_staged(git_repository* repo, git_tree* head, git_index* index,
                                                 bool numstat) {
  Staged staged;
  GitPtr<git_diff> diff;
  git_diff_options o = GIT_DIFF_OPTIONS_INIT;
  o.ignore_submodules = GIT_SUBMODULE_IGNORE_DIRTY;
  git_check(git_diff_tree_to_index(out(diff), repo, head, index, &o), "comparing HEAD with the index");
  for (size_t i = 0, n = git_diff_num_deltas(diff.get()); i < n; ++i) {
    const git_diff_delta* d = git_diff_get_delta(diff.get(), i);
    const char* path = d->new_file.path;
    if (d->status == GIT_DELTA_RENAMED || d->status == GIT_DELTA_COPIED) staged.paths.push_back(d->old_file.path);
    staged.paths.push_back(path);
    if (d->status == GIT_DELTA_DELETED) staged.deleted.push_back(path);
    if (numstat) add_numstat(diff.get(), i, staged.numstat, path);
  }
  return staged;
}

// Staged changes depend on HEAD's tree and the index only: kept until either changes.
const StatusScanner::Staged& StatusScanner::staged_for(git_index* index, bool numstat) {
  GitPtr<git_tree> head = repo_.head_tree();
  git_oid head_id{};
  if (head) head_id = *git_tree_id(head.get());
  uint64_t entries = fingerprint(index);
  bool fresh = staged_ && staged_index_ == entries && git_oid_equal(&head_id, &staged_head_) &&
               (staged_numstat_ || !numstat);
  if (!fresh) {
    bool same = head && index_records_tree(index, head_id);
    staged_ = std::make_unique<Staged>(same ? Staged{} : diff_staged(repo_.get(), head.get(), index, numstat));
    staged_head_ = head_id;
    staged_index_ = entries;
    staged_numstat_ = numstat;
  }
  return *staged_;
}

std::vector<std::string> StatusScanner::list_files(const std::vector<std::string>& under) {
  GitPtr<git_index> index = repo_.index();
  const IndexLayout& layout = layout_for(index.get());
  WorktreeResult walk =
      WorktreeScan(repo_, index.get(), layout).run({.untracked = true, .stat_tracked = false, .under = under});
  std::vector<std::string> files = std::move(walk.untracked);
  for (size_t i = 0, n = git_index_entrycount(index.get()); i < n; ++i)
    if (S_ISREG(walk.stats[i].mode) && walk.stats[i].size >= 0) files.emplace_back(git_index_get_byindex(index.get(), i)->path);
  drop_excluded(files);
  sort_unique(files);
  return files;
}

// Submodules, and the HEAD->index lists (kept between scans).
void StatusScanner::add_index_lists(git_index* index, bool numstat, RepoStatus& st) {
  for (size_t i = 0, n = git_index_entrycount(index); i < n; ++i)
    if (const git_index_entry* e = git_index_get_byindex(index, i); e->mode == GIT_FILEMODE_COMMIT)
      st.submodules.insert(e->path);
  const Staged& staged = staged_for(index, numstat);
  st.staged = staged.paths;
  st.deleted = staged.deleted;
  if (numstat) st.diff_stats = staged.numstat;
}

// Deleted, untracked and nested repositories, as the walk found them.
void StatusScanner::add_worktree_lists(git_index* index, WorktreeResult& walk, RepoStatus& st) {
  for (size_t i = 0; i < walk.stats.size(); ++i)
    if (const git_index_entry* e = git_index_get_byindex(index, i); walk.stats[i].size < 0 && e->mode != GIT_FILEMODE_COMMIT)
      st.deleted.push_back(e->path);
  st.untracked = std::move(walk.untracked);
  st.submodules.insert(walk.nested.begin(), walk.nested.end());
  st.untracked.insert(st.untracked.end(), walk.nested.begin(), walk.nested.end());
}

// Modified entries among those whose stat changed; results kept for the next scan.
void StatusScanner::check_changed(git_index* index, const std::vector<size_t>& changed,
                                  const std::vector<FileStat>& stats, bool numstat, RepoStatus& st) {
  if (!checks_loaded_ && checks_file_) checks_file_->load(checked_);
  checks_loaded_ = true;
  CheckCache checked;
  size_t found = 0;
  if (!changed.empty()) {
    ChangeCheck check(repo_, index, checked_, checked);
    for (size_t pos : changed) check.run(pos, stats[pos], numstat, st);
    found = check.found();
  }
  checked_.swap(checked);
  // Saved whenever a scan found something new: it holds the stat-changed files only.
  if (found > 0 && checks_file_) checks_file_->save(checked_);
}

RepoStatus StatusScanner::scan(const ScanOptions& options) {
  RepoStatus st;
  GitPtr<git_index> index = repo_.index();
  const IndexLayout& layout = layout_for(index.get());
  add_index_lists(index.get(), options.numstat, st);
  std::vector<std::string> extra = st.deleted;  // staged deletions: files of the tree, not in the index
  WorktreeScan scan(repo_, index.get(), layout);
  WorktreeResult walk = scan.run({.untracked = options.untracked});
  add_worktree_lists(index.get(), walk, st);
  extra.insert(extra.end(), st.untracked.begin(), st.untracked.end());
  check_changed(index.get(), scan.changed(walk.stats), walk.stats, options.numstat, st);
  assemble_files(index.get(), std::move(walk.stats), extra, scan, st);
  for (auto* list : {&st.modified, &st.staged, &st.untracked, &st.deleted}) {
    drop_excluded(*list);
    sort_unique(*list);
  }
  return st;
}

}  // namespace acdc::repo
