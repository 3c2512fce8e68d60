#include "refs.hpp"

#include "path_guard.hpp"

#include <acdc/sdk/json.hpp>
#include <acdc/sdk/utf8.hpp>

namespace acdc::repo {

namespace {

// The branch name HEAD points to, even when it has no commits yet.
std::optional<std::string> head_branch_name(git_repository* repo) {
  GitPtr<git_reference> head;
  if (git_reference_lookup(out(head), repo, "HEAD") < 0) return std::nullopt;
  if (git_reference_type(head.get()) != GIT_REFERENCE_SYMBOLIC) return std::nullopt;
  std::string target = git_reference_symbolic_target(head.get());
  const std::string prefix = "refs/heads/";
  return target.starts_with(prefix) ? target.substr(prefix.size()) : target;
}

}  // namespace

std::string Refs::current_branch() {
  auto lock = repo_.lock();
  bool detached = git_repository_head_detached(repo_.get()) == 1;
  GitPtr<git_commit> head = repo_.head_commit();
  std::optional<std::string> branch = detached ? std::nullopt : head_branch_name(repo_.get());
  std::optional<std::string> sha;
  if (head) sha = oid_hex(git_commit_id(head.get()));
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  w.Key("branch"); to_json(w, branch ? std::optional(to_valid_utf8(*branch)) : std::nullopt);
  w.Key("sha"); to_json(w, sha);
  w.Key("detached"); w.Bool(detached);
  w.EndObject();
  return buf.GetString();
}

std::string Refs::list_branches() {
  auto lock = repo_.lock();
  bool detached = git_repository_head_detached(repo_.get()) == 1;
  std::optional<std::string> current = detached ? std::nullopt : head_branch_name(repo_.get());
  GitPtr<git_branch_iterator> it;
  git_check(git_branch_iterator_new(out(it), repo_.get(), GIT_BRANCH_LOCAL), "listing branches");
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  w.Key("branches");
  w.StartArray();
  git_reference* raw = nullptr;
  git_branch_t type;
  while (git_branch_next(&raw, &type, it.get()) == 0) {
    GitPtr<git_reference> ref(raw);
    const char* name = nullptr;
    git_branch_name(&name, ref.get());
    w.StartObject();
    w.Key("name"); to_json(w, to_valid_utf8(name ? name : ""));
    w.Key("sha");
    if (const git_oid* oid = git_reference_target(ref.get())) to_json(w, oid_hex(oid));
    else w.Null();
    w.Key("is_current"); w.Bool(current && name && *current == name);
    w.EndObject();
  }
  w.EndArray();
  w.Key("current"); to_json(w, current);
  w.EndObject();
  return buf.GetString();
}

std::string Refs::resolve(const std::string& ref) {
  auto lock = repo_.lock();
  GitPtr<git_commit> c = repo_.commit_of(ref);
  return oid_hex(git_commit_id(c.get()));
}

std::string Refs::file_at(const std::string& ref, const std::string& path) {
  auto lock = repo_.lock();
  GitPtr<git_commit> c = repo_.commit_of(ref);
  GitPtr<git_tree> tree = GitRepo::tree_of(c.get());
  GitPtr<git_tree_entry> entry;
  int rc = git_tree_entry_bypath(out(entry), tree.get(), path.c_str());
  if (rc < 0 || git_tree_entry_type(entry.get()) != GIT_OBJECT_BLOB)
    throw Error(ACDC_E_NOT_FOUND, "File not found: " + quote_path(path) + " does not exist in " + ref);
  GitPtr<git_blob> blob;
  git_check(git_blob_lookup(out(blob), repo_.get(), git_tree_entry_id(entry.get())), "reading a file from git");
  auto* data = static_cast<const char*>(git_blob_rawcontent(blob.get()));
  return std::string(data, static_cast<size_t>(git_blob_rawsize(blob.get())));
}

}  // namespace acdc::repo
