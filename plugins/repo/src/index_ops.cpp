#include "index_ops.hpp"

#include "path_guard.hpp"

#include <acdc/sdk/utf8.hpp>

#include <filesystem>

namespace fs = std::filesystem;

namespace acdc::repo {

namespace {

// A git_strarray view of `paths`, valid while `paths` lives.
struct PathSpec {
  explicit PathSpec(const std::vector<std::string>& paths) {
    for (const auto& p : paths) ptrs.push_back(const_cast<char*>(p.c_str()));
    array = git_strarray{ptrs.data(), ptrs.size()};
  }
  std::vector<char*> ptrs;
  git_strarray array{};
};

void require_paths(const std::vector<std::string>& paths, const char* what) {
  if (paths.empty()) throw invalid_params(std::string(what) + " needs at least one path");
}

}  // namespace

std::string diff_text(git_diff* diff) {
  BufGuard b;
  git_check(git_diff_to_buf(&b.buf, diff, GIT_DIFF_FORMAT_PATCH), "formatting a diff");
  return to_valid_utf8(std::string_view(b.buf.ptr ? b.buf.ptr : "", b.buf.size));
}

void IndexOps::stage(const std::vector<std::string>& paths) {
  require_paths(paths, "stage_files");
  auto lock = repo_.lock();
  auto index = repo_.index();
  PathSpec spec(paths);
  // Pathspecs, as `git add -A -- p`: a directory stages what is under it.
  git_check(git_index_add_all(index.get(), &spec.array, GIT_INDEX_ADD_DEFAULT, nullptr, nullptr), "staging files");
  git_check(git_index_update_all(index.get(), &spec.array, nullptr, nullptr), "staging deletions");
  git_check(git_index_write(index.get()), "writing the index");
}

void IndexOps::stage_all() {
  auto lock = repo_.lock();
  auto index = repo_.index();
  git_check(git_index_add_all(index.get(), nullptr, GIT_INDEX_ADD_DEFAULT, nullptr, nullptr), "staging all files");
  git_check(git_index_update_all(index.get(), nullptr, nullptr, nullptr), "staging deletions");
  git_check(git_index_write(index.get()), "writing the index");
}

void IndexOps::unstage(const std::vector<std::string>& paths) {
  require_paths(paths, "unstage_files");
  auto lock = repo_.lock();
  PathSpec spec(paths);
  GitPtr<git_commit> head = repo_.head_commit();
  repo_.index();  // git_reset_default writes the cached index: bring it up to date first
  git_check(git_reset_default(repo_.get(), reinterpret_cast<git_object*>(head.get()), &spec.array),
            "unstaging files");
}

// The files HEAD has at `path`: the file itself, or every file of a folder.
// Empty when HEAD has nothing there.
std::vector<std::string> IndexOps::head_files(git_tree* head, const std::string& path) {
  std::vector<std::string> files;
  if (!head) return files;
  GitPtr<git_tree_entry> entry;
  if (git_tree_entry_bypath(out(entry), head, path.c_str()) != 0) return files;
  if (git_tree_entry_type(entry.get()) != GIT_OBJECT_TREE) return {path};
  GitPtr<git_tree> dir;
  git_check(git_tree_lookup(out(dir), repo_.get(), git_tree_entry_id(entry.get())), "reading " + quote_path(path));
  struct Walk {
    const std::string& base;
    std::vector<std::string>& files;
  } walk{path, files};
  git_check(git_tree_walk(
      dir.get(), GIT_TREEWALK_PRE,
      [](const char* root, const git_tree_entry* e, void* payload) {
        auto* w = static_cast<Walk*>(payload);
        if (git_tree_entry_type(e) != GIT_OBJECT_TREE) w->files.push_back(w->base + "/" + root + git_tree_entry_name(e));
        return 0;
      },
      &walk), "reading " + quote_path(path));
  return files;
}

std::vector<std::string> IndexOps::discard(const std::vector<std::string>& paths) {
  require_paths(paths, "discard_changes");
  auto lock = repo_.lock();
  GitPtr<git_tree> head = repo_.head_tree();
  std::vector<std::string> tracked;
  auto index = repo_.index();
  try {
    for (const auto& p : paths) {
      // As `git checkout HEAD -- p`: only what HEAD has is restored, so a new
      // file staged inside a folder being discarded is kept.
      if (auto files = head_files(head.get(), p); !files.empty()) {
        tracked.insert(tracked.end(), files.begin(), files.end());
        continue;
      }
      const fs::path abs = repo_.root() / p;
      std::error_code ec;
      if (fs::is_directory(fs::symlink_status(abs, ec))) {
        remove_untracked_under(index.get(), p);
        continue;
      }
      // A file HEAD does not have: untracked, or only staged. It goes.
      git_index_remove_bypath(index.get(), p.c_str());
      if (!fs::remove(abs, ec) && ec)
        throw Error(ACDC_E_APPLICATION, "cannot remove " + quote_path(p) + ": " + ec.message() + ": check its permissions");
    }
    git_check(git_index_write(index.get()), "writing the index");
  } catch (...) {
    git_index_read(index.get(), 1);  // nothing half removed stays in the cached index
    throw;
  }
  if (!tracked.empty()) {
    PathSpec spec(tracked);
    git_checkout_options o = GIT_CHECKOUT_OPTIONS_INIT;
    o.checkout_strategy = GIT_CHECKOUT_FORCE | GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH;
    o.paths = spec.array;
    git_check(git_checkout_tree(repo_.get(), reinterpret_cast<git_object*>(head.get()), &o), "discarding changes");
  }
  return paths;
}

// As `git clean -f -- dir`: the untracked files under a folder HEAD does not
// have go; staged and ignored files and nested repositories stay, and so do
// the folders still holding them.
void IndexOps::remove_untracked_under(git_index* index, const std::string& dir) {
  const fs::path root = repo_.root();
  std::vector<fs::path> folders{root / dir};
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root / dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const std::string rel = it->path().lexically_relative(root).generic_string();
    if (it->is_directory(ec) && !it->is_symlink(ec)) {
      if (fs::exists(it->path() / ".git", ec)) it.disable_recursion_pending();  // a nested repository
      else folders.push_back(it->path());
      continue;
    }
    int ignored = 0;
    if (git_index_get_bypath(index, rel.c_str(), 0) ||
        (git_ignore_path_is_ignored(&ignored, repo_.get(), rel.c_str()) == 0 && ignored))
      continue;
    if (!fs::remove(it->path(), ec) && ec) break;
  }
  if (ec) throw Error(ACDC_E_APPLICATION, "cannot remove what is untracked in " + quote_path(dir) + ": " + ec.message() + ": check its permissions");
  // Deepest first; a folder that still holds something stays.
  for (auto f = folders.rbegin(); f != folders.rend(); ++f) fs::remove(*f, ec);
}

void IndexOps::rename(const std::string& from, const std::string& to) {
  auto lock = repo_.lock();
  fs::path src = repo_.root() / from, dst = repo_.root() / to;
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(src, ec))) throw Error(ACDC_E_NOT_FOUND, "Nothing to rename: " + quote_path(from) + " does not exist");
  if (fs::exists(fs::symlink_status(dst, ec))) throw Error(ACDC_E_FAILED_PRECONDITION, "Cannot rename to " + quote_path(to) + ": it already exists");
  // Like `git mv`: tracked entries under the old name move in the index as
  // they are there, so edits not staged before stay unstaged after. The
  // index is read before anything moves on disk.
  auto index = repo_.index();
  const std::string prefix = from + "/";
  struct Move {
    git_index_entry entry;  // its path points into the index: replaced before use
    std::string old_path, new_path;
  };
  std::vector<Move> moved;
  for (size_t i = 0, n = git_index_entrycount(index.get()); i < n; ++i) {
    const git_index_entry* e = git_index_get_byindex(index.get(), i);
    std::string p = e->path;
    if (p == from || p.starts_with(prefix)) moved.push_back(Move{*e, p, to + p.substr(from.size())});
  }
  fs::create_directories(dst.parent_path(), ec);
  fs::rename(src, dst, ec);
  if (ec) throw Error(ACDC_E_APPLICATION, "cannot rename " + quote_path(from) + " to " + quote_path(to) + ": " + ec.message());
  try {
    for (auto& m : moved) {
      git_check(git_index_remove(index.get(), m.old_path.c_str(), git_index_entry_stage(&m.entry)), "renaming in the index");
      m.entry.path = m.new_path.c_str();
      git_check(git_index_add(index.get(), &m.entry), "renaming in the index");
    }
    git_check(git_index_write(index.get()), "writing the index");
  } catch (const std::exception& e) {
    // Leave nothing half done: the index as on disk, the files where they were.
    git_index_read(index.get(), 1);
    fs::rename(dst, src, ec);
    if (ec)
      throw Error(ACDC_E_APPLICATION, std::string(e.what()) + "; moving " + quote_path(to) + " back to " +
                                          quote_path(from) + " failed too (" + ec.message() + "): move it back by hand");
    throw;
  }
}

CommitResult IndexOps::commit(const std::string& message) {
  if (message.find_first_not_of(" \t\r\n") == std::string::npos)
    throw invalid_params("Commit message is empty: write what the commit changes");
  auto lock = repo_.lock();
  const std::vector<git_oid> merged = merge_heads();
  auto index = repo_.index();
  if (git_index_has_conflicts(index.get()))
    throw Error(ACDC_E_FAILED_PRECONDITION,
                "Unresolved merge conflicts: fix the conflicted files, stage them, then commit");
  git_oid tree_id, commit_id;
  git_check(git_index_write_tree(&tree_id, index.get()), "writing the index as a tree");
  GitPtr<git_commit> parent = repo_.head_commit();
  // A merge may well leave HEAD's tree as it was: it is still a commit to make.
  if (merged.empty() && ((parent && git_oid_equal(&tree_id, git_commit_tree_id(parent.get()))) ||
                         (!parent && git_index_entrycount(index.get()) == 0)))
    throw Error(ACDC_E_FAILED_PRECONDITION, "Nothing staged to commit: stage files first (stage_files or stage_all)");
  GitPtr<git_tree> tree;
  git_check(git_tree_lookup(out(tree), repo_.get(), &tree_id), "reading the new tree");
  GitPtr<git_signature> sig;
  if (git_signature_default(out(sig), repo_.get()) < 0)
    throw Error(ACDC_E_FAILED_PRECONDITION,
                "No commit identity: set one with `git config user.name \"Your Name\"` and `git config user.email you@example.com`");
  std::vector<GitPtr<git_commit>> owned;
  std::vector<const git_commit*> parents;
  if (parent) parents.push_back(parent.get());
  for (const auto& id : merged) {
    git_check(git_commit_lookup(out(owned.emplace_back()), repo_.get(), &id), "reading the commit being merged");
    parents.push_back(owned.back().get());
  }
  git_check(git_commit_create(&commit_id, repo_.get(), "HEAD", sig.get(), sig.get(), nullptr, message.c_str(),
                              tree.get(), parents.size(), parents.data()),
            "creating the commit");
  // The merge is done: MERGE_HEAD and MERGE_MSG go, as after `git commit`.
  if (!merged.empty())
    git_check(git_repository_state_cleanup(repo_.get()),
              "ending the merge (the commit is made; run `git merge --quit` to clear MERGE_HEAD)");
  return CommitResult{oid_hex(&commit_id), message};
}

// The commits a merge in progress brings in (MERGE_HEAD); none when no
// merge is. Throws for states a commit here would leave broken.
std::vector<git_oid> IndexOps::merge_heads() {
  const int state = git_repository_state(repo_.get());
  if (state == GIT_REPOSITORY_STATE_NONE || state == GIT_REPOSITORY_STATE_BISECT) return {};
  if (state != GIT_REPOSITORY_STATE_MERGE)
    throw Error(ACDC_E_FAILED_PRECONDITION,
                "A rebase, cherry-pick or revert is in progress: finish or abort it in a terminal "
                "(git status says which), then commit here");
  std::vector<git_oid> ids;
  git_check(git_repository_mergehead_foreach(
                repo_.get(),
                [](const git_oid* id, void* payload) {
                  static_cast<std::vector<git_oid>*>(payload)->push_back(*id);
                  return 0;
                },
                &ids),
            "reading MERGE_HEAD");
  return ids;
}

void IndexOps::reset_hard() {
  auto lock = repo_.lock();
  GitPtr<git_commit> head = repo_.head_commit();
  if (!head) throw Error(ACDC_E_FAILED_PRECONDITION, "Cannot reset: this branch has no commits yet");
  git_checkout_options o = GIT_CHECKOUT_OPTIONS_INIT;
  o.checkout_strategy = GIT_CHECKOUT_FORCE;
  git_check(git_reset(repo_.get(), reinterpret_cast<git_object*>(head.get()), GIT_RESET_HARD, &o), "resetting to HEAD");
}

bool IndexOps::is_clean() {
  auto lock = repo_.lock();
  git_status_options o = GIT_STATUS_OPTIONS_INIT;
  o.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
  GitPtr<git_status_list> list;
  git_check(git_status_list_new(out(list), repo_.get(), &o), "reading the status");
  return git_status_list_entrycount(list.get()) == 0;
}

std::string IndexOps::staged_diff() {
  auto lock = repo_.lock();
  GitPtr<git_tree> head = repo_.head_tree();
  auto index = repo_.index();
  GitPtr<git_diff> diff;
  git_check(git_diff_tree_to_index(out(diff), repo_.get(), head.get(), index.get(), nullptr), "diffing the index");
  return diff_text(diff.get());
}

std::string IndexOps::unstaged_diff() {
  auto lock = repo_.lock();
  auto index = repo_.index();
  GitPtr<git_diff> diff;
  git_check(git_diff_index_to_workdir(out(diff), repo_.get(), index.get(), nullptr), "diffing the working tree");
  return diff_text(diff.get());
}

std::string IndexOps::diff_to(const std::string& ref) {
  auto lock = repo_.lock();
  GitPtr<git_commit> commit = repo_.commit_of(ref);
  GitPtr<git_tree> tree = GitRepo::tree_of(commit.get());
  GitPtr<git_diff> diff;
  git_check(git_diff_tree_to_workdir_with_index(out(diff), repo_.get(), tree.get(), nullptr),
            "diffing the working tree against " + ref);
  return diff_text(diff.get());
}

}  // namespace acdc::repo
