#include "review_mode.hpp"

#include "commit_history.hpp"
#include "index_ops.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/sdk/utf8.hpp>

namespace acdc::repo {

namespace {

const char* status_letter(git_delta_t s) {
  switch (s) {
    case GIT_DELTA_ADDED: return "A";
    case GIT_DELTA_DELETED: return "D";
    case GIT_DELTA_RENAMED: return "R";
    case GIT_DELTA_TYPECHANGE: return "T";
    default: return "M";
  }
}

std::optional<std::string> attached_branch(git_repository* repo) {
  GitPtr<git_reference> head;
  if (git_repository_head_detached(repo) == 1 || git_repository_head(out(head), repo) < 0) return std::nullopt;
  return git_reference_shorthand(head.get());
}

}  // namespace

void ReviewMode::require_clean() {
  git_status_options o = GIT_STATUS_OPTIONS_INIT;
  o.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
  GitPtr<git_status_list> list;
  git_check(git_status_list_new(out(list), repo_.get(), &o), "reading the status");
  if (git_status_list_entrycount(list.get()) != 0)
    throw Error(ACDC_E_FAILED_PRECONDITION,
                "Cannot enter review mode: the working tree has uncommitted changes; commit or discard them first");
}

void ReviewMode::checkout(git_commit* commit, const std::string& branch) {
  git_checkout_options o = GIT_CHECKOUT_OPTIONS_INIT;
  o.checkout_strategy = GIT_CHECKOUT_SAFE;
  git_check(git_checkout_tree(repo_.get(), reinterpret_cast<git_object*>(commit), &o),
            "checking out " + (branch.empty() ? oid_hex(git_commit_id(commit)) : branch));
  if (branch.empty()) git_check(git_repository_set_head_detached(repo_.get(), git_commit_id(commit)), "detaching HEAD");
  else git_check(git_repository_set_head(repo_.get(), ("refs/heads/" + branch).c_str()), "switching to " + branch);
}

std::string ReviewMode::checkout_parent(const std::string& branch, const std::string& base_commit,
                                        const std::optional<std::string>& parent_commit) {
  auto lock = repo_.lock();
  require_clean();
  GitPtr<git_commit> tip = repo_.commit_of(branch);
  GitPtr<git_commit> base = repo_.commit_of(base_commit);
  GitPtr<git_commit> parent;
  if (parent_commit) {
    parent = repo_.commit_of(*parent_commit);
  } else {
    if (git_commit_parentcount(base.get()) == 0)
      throw Error(ACDC_E_FAILED_PRECONDITION, "Commit '" + base_commit + "' has no parent to review against");
    git_check(git_commit_parent(out(parent), base.get(), 0), "reading the base commit's parent");
  }
  std::optional<std::string> original = attached_branch(repo_.get());
  std::string original_ref = original ? *original : oid_hex(git_commit_id(repo_.head_commit().get()));
  GitPtr<git_reference> local;
  checkout(tip.get(), git_branch_lookup(out(local), repo_.get(), branch.c_str(), GIT_BRANCH_LOCAL) == 0 ? branch : "");
  checkout(parent.get(), "");
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  w.Key("status"); w.String("ok");
  w.Key("branch"); to_json(w, branch);
  w.Key("branch_tip"); to_json(w, oid_hex(git_commit_id(tip.get())));
  w.Key("base_commit"); to_json(w, oid_hex(git_commit_id(base.get())));
  w.Key("parent_commit"); to_json(w, oid_hex(git_commit_id(parent.get())));
  w.Key("original_branch"); to_json(w, to_valid_utf8(original_ref));
  w.EndObject();
  return buf.GetString();
}

void ReviewMode::soft_reset(const std::string& branch_tip, const std::string& parent_commit) {
  auto lock = repo_.lock();
  GitPtr<git_commit> tip = repo_.commit_of(branch_tip);
  GitPtr<git_commit> parent = repo_.commit_of(parent_commit);
  checkout(tip.get(), "");
  git_check(git_reset(repo_.get(), reinterpret_cast<git_object*>(parent.get()), GIT_RESET_SOFT, nullptr),
            "soft-resetting to the review parent");
}

void ReviewMode::exit(const std::string& branch_tip, const std::string& original_branch) {
  auto lock = repo_.lock();
  GitPtr<git_commit> tip = repo_.commit_of(branch_tip);
  git_check(git_reset(repo_.get(), reinterpret_cast<git_object*>(tip.get()), GIT_RESET_SOFT, nullptr),
            "soft-resetting back to the branch tip");
  GitPtr<git_reference> local;
  bool is_branch = git_branch_lookup(out(local), repo_.get(), original_branch.c_str(), GIT_BRANCH_LOCAL) == 0;
  GitPtr<git_commit> target = repo_.commit_of(original_branch);
  checkout(target.get(), is_branch ? original_branch : "");
}

GitPtr<git_diff> ReviewMode::review_diff(const std::string& path) {
  GitPtr<git_tree> head = repo_.head_tree();
  auto index = repo_.index();
  git_diff_options o = GIT_DIFF_OPTIONS_INIT;
  char* spec[] = {const_cast<char*>(path.c_str())};
  if (!path.empty()) {
    o.pathspec = git_strarray{spec, 1};
    o.flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH;
  }
  GitPtr<git_diff> diff;
  git_check(git_diff_tree_to_index(out(diff), repo_.get(), head.get(), index.get(), &o), "diffing the review");
  return diff;
}

std::string ReviewMode::changed_files() {
  auto lock = repo_.lock();
  GitPtr<git_diff> diff = review_diff("");
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartArray();
  for (size_t i = 0, n = git_diff_num_deltas(diff.get()); i < n; ++i) {
    const git_diff_delta* d = git_diff_get_delta(diff.get(), i);
    size_t ctx = 0, adds = 0, dels = 0;
    GitPtr<git_patch> patch;
    int rc = git_patch_from_diff(out(patch), diff.get(), i);
    if (rc == 0 && patch) git_patch_line_stats(&ctx, &adds, &dels, patch.get());
    w.StartObject();
    w.Key("path"); to_json(w, to_valid_utf8(d->new_file.path));
    w.Key("status"); w.String(status_letter(d->status));
    w.Key("additions"); w.Uint64(adds);
    w.Key("deletions"); w.Uint64(dels);
    w.EndObject();
  }
  w.EndArray();
  return buf.GetString();
}

std::string ReviewMode::file_diff(const std::string& path) {
  auto lock = repo_.lock();
  GitPtr<git_diff> diff = review_diff(path);
  return "{\"path\":" + to_json_text(to_valid_utf8(path)) + ",\"diff\":" + to_json_text(diff_text(diff.get())) + "}";
}

}  // namespace acdc::repo
