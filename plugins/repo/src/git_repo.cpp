#include "git_repo.hpp"

#include <dlfcn.h>

#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace acdc::repo {

namespace {

// libgit2 keeps each thread's last error in thread-local state that its
// global shutdown frees for the calling thread only. The host's threads call
// into this plugin and outlive it, so a shutdown when the plugin stops (or
// is swapped) orphaned their state: 232 bytes per thread, reported as a
// leak at exit. Initialised once and never shut down, libgit2 frees each
// thread's state when that thread ends; the library is pinned in memory
// (RTLD_NODELETE) so that its thread-exit destructor is still there after
// this plugin is unloaded.
void keep_libgit2() {
  static const bool kept = [] {
    git_libgit2_init();
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&git_libgit2_init), &info) && info.dli_fname)
      dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    return true;
  }();
  (void)kept;
}

[[noreturn]] void not_a_repository(const fs::path& root, const std::string& why) {
  throw Error(ACDC_E_FAILED_PRECONDITION,
              "'" + root.string() + "' is not a git repository (" + why +
                  "): run `git init` there, or start acdc with --repo <path of a repository>");
}

}  // namespace

GitRepo::GitRepo(const fs::path& root, bool allow_plain) {
  keep_libgit2();
  std::error_code ec;
  root_ = fs::canonical(root, ec);
  if (ec) not_a_repository(root, ec.message());
  int rc = git_repository_open_ext(out(repo_), root_.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr);
  if (rc < 0 && allow_plain) return;  // a plain directory: get() says why git is unavailable
  if (rc < 0 || git_repository_is_bare(repo_.get())) {
    repo_.reset();
    not_a_repository(root_, rc < 0 ? "no .git directory there" : "it is a bare repository");
  }
}

GitRepo::~GitRepo() = default;

git_repository* GitRepo::get() const {
  if (!repo_)
    throw Error(ACDC_E_FAILED_PRECONDITION,
                "'" + root_.string() + "' is not a git repository: this needs git; run `git init` there to use it");
  return repo_.get();
}

GitPtr<git_commit> GitRepo::head_commit() const {
  GitPtr<git_reference> head;
  int rc = git_repository_head(out(head), get());
  if (rc == GIT_EUNBORNBRANCH || rc == GIT_ENOTFOUND) return nullptr;
  git_check(rc, "reading HEAD");
  GitPtr<git_commit> commit;
  git_check(git_commit_lookup(out(commit), get(), git_reference_target(head.get())),
            "looking up HEAD's commit");
  return commit;
}

GitPtr<git_tree> GitRepo::head_tree() const {
  GitPtr<git_commit> commit = head_commit();
  return commit ? tree_of(commit.get()) : nullptr;
}

GitPtr<git_tree> GitRepo::tree_of(git_commit* commit) {
  GitPtr<git_tree> tree;
  git_check(git_commit_tree(out(tree), commit), "reading a commit's tree");
  return tree;
}

GitPtr<git_index> GitRepo::index() const {
  GitPtr<git_index> idx;
  git_check(git_repository_index(out(idx), get()), "opening the index");
  // libgit2 keeps the index in memory: without this, staging in a terminal
  // would be invisible here, and the next write would undo it.
  git_check(git_index_read(idx.get(), 0), "reading the index");
  return idx;
}

GitPtr<git_commit> GitRepo::commit_of(const std::string& ref) const {
  if (ref.empty()) throw invalid_params("a ref is required (a branch, tag or commit sha)");
  GitPtr<git_object> obj;
  if (git_revparse_single(out(obj), get(), ref.c_str()) < 0)
    throw Error(ACDC_E_NOT_FOUND, "Unknown ref: '" + ref + "' (no branch, tag or commit has that name)");
  GitPtr<git_object> peeled;
  if (git_object_peel(out(peeled), obj.get(), GIT_OBJECT_COMMIT) < 0)
    throw Error(ACDC_E_NOT_FOUND, "'" + ref + "' does not name a commit");
  return GitPtr<git_commit>(reinterpret_cast<git_commit*>(peeled.release()));
}

void GitRepo::exclude_state_dir() const {
  if (!repo_) return;
  // The common directory: a linked worktree shares the main one's info/exclude.
  fs::path info = fs::path(git_repository_commondir(repo_.get())) / "info";
  fs::path exclude = info / "exclude";
  std::ifstream in(exclude);
  std::string line;
  bool last_line_open = false;
  std::stringstream all;
  all << in.rdbuf();
  std::istringstream lines(all.str());
  while (std::getline(lines, line))
    if (line == ".acdc/" || line == ".acdc" || line == "/.acdc/" || line == "/.acdc") return;
  last_line_open = !all.str().empty() && all.str().back() != '\n';
  std::error_code ec;
  fs::create_directories(info, ec);
  std::ofstream append(exclude, std::ios::app);
  append << (last_line_open ? "\n" : "") << "# acdc's per-repository state\n.acdc/\n";
  if (!append) throw Error(ACDC_E_APPLICATION, "could not add .acdc/ to " + exclude.string());
}

std::string oid_hex(const git_oid* oid) {
  char buf[GIT_OID_HEXSZ + 1];
  git_oid_tostr(buf, sizeof buf, oid);
  return buf;
}

std::string short_hex(const git_oid* oid) { return oid_hex(oid).substr(0, 7); }

}  // namespace acdc::repo
