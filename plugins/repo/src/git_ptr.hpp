// git_ptr.hpp -- owning smart pointers for libgit2 objects, and the one place
// a libgit2 error code becomes an acdc::Error.
//
//   GitPtr<git_commit> commit;
//   git_check(git_commit_lookup(out(commit), repo, &oid), "looking up HEAD's commit");
//   GitPtr<git_tree> tree = commit_tree(commit.get());
#pragma once

#include <acdc/sdk/error.hpp>
#include <git2.h>

#include <memory>
#include <string>

namespace acdc::repo {

template <class T> struct GitFree;
#define ACDC_REPO_GIT_FREE(T, fn) \
  template <> struct GitFree<T> { void operator()(T* p) const { fn(p); } }
ACDC_REPO_GIT_FREE(git_repository, git_repository_free);
ACDC_REPO_GIT_FREE(git_index, git_index_free);
ACDC_REPO_GIT_FREE(git_odb, git_odb_free);
ACDC_REPO_GIT_FREE(git_object, git_object_free);
ACDC_REPO_GIT_FREE(git_commit, git_commit_free);
ACDC_REPO_GIT_FREE(git_tree, git_tree_free);
ACDC_REPO_GIT_FREE(git_reference, git_reference_free);
ACDC_REPO_GIT_FREE(git_diff, git_diff_free);
ACDC_REPO_GIT_FREE(git_patch, git_patch_free);
ACDC_REPO_GIT_FREE(git_status_list, git_status_list_free);
ACDC_REPO_GIT_FREE(git_signature, git_signature_free);
ACDC_REPO_GIT_FREE(git_revwalk, git_revwalk_free);
ACDC_REPO_GIT_FREE(git_branch_iterator, git_branch_iterator_free);
ACDC_REPO_GIT_FREE(git_blob, git_blob_free);
ACDC_REPO_GIT_FREE(git_tree_entry, git_tree_entry_free);
ACDC_REPO_GIT_FREE(git_config, git_config_free);
ACDC_REPO_GIT_FREE(git_filter_list, git_filter_list_free);
#undef ACDC_REPO_GIT_FREE

template <class T>
using GitPtr = std::unique_ptr<T, GitFree<T>>;

// Adapter for libgit2's `T** out` parameters: git_x_lookup(out(ptr), ...).
// The owner takes the object when the full expression ends, so test the
// owner in the next statement, never in the same condition as the call.
template <class T>
class OutPtr {
 public:
  explicit OutPtr(GitPtr<T>& owner) : owner_(owner) {}
  ~OutPtr() { owner_.reset(raw_); }
  operator T**() { return &raw_; }

 private:
  GitPtr<T>& owner_;
  T* raw_ = nullptr;
};
template <class T>
OutPtr<T> out(GitPtr<T>& owner) { return OutPtr<T>(owner); }

// libgit2's last error message for `code`, prefixed with what we were doing.
inline std::string git_message(int code, const std::string& doing) {
  const git_error* e = git_error_last();
  std::string detail = e && e->message ? e->message : ("libgit2 error " + std::to_string(code));
  return "git failed while " + doing + ": " + detail;
}

// Throws acdc::Error (ACDC_E_APPLICATION) when `code` is a libgit2 error.
inline void git_check(int code, const std::string& doing) {
  if (code < 0) throw Error(ACDC_E_APPLICATION, git_message(code, doing));
}

// Frees a git_buf when it leaves scope.
struct BufGuard {
  git_buf buf = GIT_BUF_INIT;
  ~BufGuard() { git_buf_dispose(&buf); }
};

}  // namespace acdc::repo
