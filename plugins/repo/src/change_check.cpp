#include "change_check.hpp"

#include "file_store.hpp"

#include <sys/stat.h>
#include <unistd.h>

namespace acdc::repo {

ChangeCheck::ChangeCheck(GitRepo& repo, git_index* index, const CheckCache& previous, CheckCache& next)
    : repo_(repo), index_(index), previous_(previous), next_(next), settled_before_(settled_before_ns()) {
  GitPtr<git_config> config;
  int value = 1;
  if (git_repository_config_snapshot(out(config), repo.get()) == 0 && config &&
      git_config_get_bool(&value, config.get(), "core.filemode") == 0)
    filemode_ = value != 0;
}

bool ChangeCheck::read_content(const char* path, const FileStat& now, std::string& data) const {
  std::filesystem::path abs = repo_.root() / path;
  if (!S_ISLNK(now.mode)) return read_file_within(abs, SIZE_MAX, data);
  // A symlink's blob is its target.
  data.resize(static_cast<size_t>(now.size) + 1);
  ssize_t n = ::readlink(abs.c_str(), data.data(), data.size());
  if (n < 0) return false;
  data.resize(static_cast<size_t>(n));
  return true;
}

// The content as the object database stores it: CRLF and .gitattributes filters applied.
const std::string& ChangeCheck::to_odb(const char* path) {
  GitPtr<git_filter_list> filters;
  git_check(git_filter_list_load(out(filters), repo_.get(), nullptr, path, GIT_FILTER_TO_ODB, GIT_FILTER_ALLOW_UNSAFE),
            "loading the filters of " + std::string(path));
  if (!filters) return data_;
  BufGuard buf;
  git_check(git_filter_list_apply_to_buffer(&buf.buf, filters.get(), data_.data(), data_.size()),
            "filtering " + std::string(path));
  filtered_.assign(buf.buf.ptr, buf.buf.size);
  return filtered_;
}

// False when the file is gone.
bool ChangeCheck::compute(const git_index_entry* e, const FileStat& now, bool numstat, CheckedEntry& result) {
  if (!read_content(e->path, now, data_)) return false;
  const std::string& clean = S_ISREG(now.mode) ? to_odb(e->path) : data_;
  git_oid id;
  git_check(git_odb_hash(&id, clean.data(), clean.size(), GIT_OBJECT_BLOB), "hashing " + std::string(e->path));
  bool content_changed = !git_oid_equal(&id, &e->id);
  // As git status and libgit2 do: a new size is a change even when the
  // filtered content is the same (a file rewritten with CRLF, say).
  bool size_changed = e->file_size != 0 && static_cast<uint32_t>(now.size) != e->file_size;
  result = CheckedEntry{e->id, now, content_changed || size_changed || mode_differs(e, now, filemode_), numstat, {}};
  if (numstat && content_changed) result.lines = count_lines(e, clean);
  return true;
}

void ChangeCheck::run(size_t pos, const FileStat& now, bool numstat, RepoStatus& status) {
  const git_index_entry* e = git_index_get_byindex(index_, pos);
  CheckedEntry result;
  auto it = previous_.find(e->path);
  bool reuse = it != previous_.end() && git_oid_equal(&it->second.index_id, &e->id) && it->second.stat == now &&
               (it->second.counted || !numstat);
  if (reuse) result = it->second;
  else if (S_ISDIR(now.mode) || !compute(e, now, numstat, result)) {
    status.deleted.emplace_back(e->path);
    return;
  }
  if (now.mtime_ns < settled_before_ && next_.emplace(e->path, result).second && !reuse) ++found_;
  if (result.modified) status.modified.emplace_back(e->path);
  if (numstat && (result.lines.additions || result.lines.deletions)) {
    LineStats& sum = status.diff_stats[e->path];
    sum.additions += result.lines.additions;
    sum.deletions += result.lines.deletions;
  }
}

LineStats ChangeCheck::count_lines(const git_index_entry* e, const std::string& data) const {
  GitPtr<git_blob> blob;
  if (git_blob_lookup(out(blob), repo_.get(), &e->id) < 0) return {};  // a missing object: no line counts
  git_diff_options o = GIT_DIFF_OPTIONS_INIT;
  GitPtr<git_patch> patch;
  if (git_patch_from_blob_and_buffer(out(patch), blob.get(), e->path, data.data(), data.size(), e->path, &o) < 0) return {};
  if (!patch) return {};
  size_t context = 0, adds = 0, dels = 0;
  if (git_patch_line_stats(&context, &adds, &dels, patch.get()) < 0) return {};
  return LineStats{static_cast<int>(adds), static_cast<int>(dels)};
}

}  // namespace acdc::repo
