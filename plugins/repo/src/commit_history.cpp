#include "commit_history.hpp"

#include <acdc/sdk/utf8.hpp>

#include <algorithm>
#include <cstdio>
#include <ctime>

namespace acdc::repo {

namespace {

std::string iso_date(const git_time& t) {
  std::time_t local = static_cast<std::time_t>(t.time + t.offset * 60);
  std::tm tm{};
  gmtime_r(&local, &tm);
  char buf[64];
  int off = std::abs(t.offset);
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d%c%02d:%02d", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, t.offset < 0 ? '-' : '+', off / 60, off % 60);
  return buf;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

GitPtr<git_revwalk> new_walk(git_repository* repo) {
  GitPtr<git_revwalk> walk;
  git_check(git_revwalk_new(out(walk), repo), "starting a history walk");
  git_revwalk_sorting(walk.get(), GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME);
  return walk;
}

int clamp_limit(int limit) { return std::clamp(limit, 1, 10000); }

}  // namespace

void write_commit(JsonWriter& w, git_commit* c) {
  const git_signature* a = git_commit_author(c);
  w.StartObject();
  w.Key("sha"); to_json(w, oid_hex(git_commit_id(c)));
  w.Key("short_sha"); to_json(w, short_hex(git_commit_id(c)));
  w.Key("message"); to_json(w, to_valid_utf8(git_commit_message(c) ? git_commit_message(c) : ""));
  w.Key("author"); to_json(w, to_valid_utf8(a && a->name ? a->name : ""));
  w.Key("email"); to_json(w, to_valid_utf8(a && a->email ? a->email : ""));
  w.Key("date"); to_json(w, iso_date(a ? a->when : git_time{}));
  w.Key("parents");
  w.StartArray();
  for (unsigned i = 0; i < git_commit_parentcount(c); ++i) to_json(w, oid_hex(git_commit_parent_id(c, i)));
  w.EndArray();
  w.EndObject();
}

std::string sha_pair_json(const git_oid* oid) {
  return "{\"sha\":\"" + oid_hex(oid) + "\",\"short_sha\":\"" + short_hex(oid) + "\"}";
}

std::string CommitHistory::search(const std::string& query, const std::optional<std::string>& branch, int limit) {
  auto lock = repo_.lock();
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartArray();
  GitPtr<git_commit> start = branch ? repo_.commit_of(*branch) : repo_.head_commit();
  if (start && !query.empty()) {
    auto walk = new_walk(repo_.get());
    git_check(git_revwalk_push(walk.get(), git_commit_id(start.get())), "walking history");
    std::string needle = lower(query);
    git_oid oid;
    for (int found = 0; found < clamp_limit(limit) && git_revwalk_next(&oid, walk.get()) == 0;) {
      GitPtr<git_commit> c;
      if (git_commit_lookup(out(c), repo_.get(), &oid) < 0) continue;
      const git_signature* a = git_commit_author(c.get());
      std::string hay = lower(std::string(git_commit_message(c.get())) + "\n" + (a ? a->name : "") + "\n" +
                              (a ? a->email : "") + "\n" + oid_hex(&oid));
      if (hay.find(needle) == std::string::npos) continue;
      write_commit(w, c.get());
      ++found;
    }
  }
  w.EndArray();
  return buf.GetString();
}

// Writes the branches array and pushes every branch tip onto `walk`.
static void write_branches(JsonWriter& w, git_repository* repo, git_revwalk* walk, bool include_remote) {
  GitPtr<git_branch_iterator> it;
  git_check(git_branch_iterator_new(out(it), repo, include_remote ? GIT_BRANCH_ALL : GIT_BRANCH_LOCAL),
            "listing branches");
  w.StartArray();
  git_reference* raw = nullptr;
  git_branch_t type;
  while (git_branch_next(&raw, &type, it.get()) == 0) {
    GitPtr<git_reference> ref(raw);
    GitPtr<git_reference> direct;
    const char* name = nullptr;
    if (git_reference_resolve(out(direct), ref.get()) < 0 || git_branch_name(&name, ref.get()) < 0) continue;
    const git_oid* tip = git_reference_target(direct.get());
    if (!tip || git_revwalk_push(walk, tip) < 0) continue;
    w.StartObject();
    w.Key("name"); to_json(w, to_valid_utf8(name));
    w.Key("sha"); to_json(w, oid_hex(tip));
    w.Key("is_current"); w.Bool(type == GIT_BRANCH_LOCAL && git_branch_is_head(ref.get()) == 1);
    w.Key("is_remote"); w.Bool(type == GIT_BRANCH_REMOTE);
    w.EndObject();
  }
  w.EndArray();
}

std::string CommitHistory::graph(int limit, int offset, bool include_remote) {
  auto lock = repo_.lock();
  auto walk = new_walk(repo_.get());
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  w.Key("branches");
  write_branches(w, repo_.get(), walk.get(), include_remote);
  if (git_repository_head_detached(repo_.get()) == 1)
    if (GitPtr<git_commit> head = repo_.head_commit()) git_revwalk_push(walk.get(), git_commit_id(head.get()));
  w.Key("commits");
  w.StartArray();
  git_oid oid;
  int skipped = 0, written = 0;
  bool more = false;
  while (git_revwalk_next(&oid, walk.get()) == 0) {
    if (skipped < std::max(offset, 0)) { ++skipped; continue; }
    if (written == clamp_limit(limit)) { more = true; break; }
    GitPtr<git_commit> c;
    git_check(git_commit_lookup(out(c), repo_.get(), &oid), "reading a commit");
    write_commit(w, c.get());
    ++written;
  }
  w.EndArray();
  w.Key("has_more"); w.Bool(more);
  w.EndObject();
  return buf.GetString();
}

std::string CommitHistory::log(const std::string& base, const std::optional<std::string>& head, int limit) {
  auto lock = repo_.lock();
  GitPtr<git_commit> from = repo_.commit_of(base);
  GitPtr<git_commit> to = repo_.commit_of(head.value_or("HEAD"));
  auto walk = new_walk(repo_.get());
  git_check(git_revwalk_push(walk.get(), git_commit_id(to.get())), "walking history");
  git_check(git_revwalk_hide(walk.get(), git_commit_id(from.get())), "walking history");
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartArray();
  git_oid oid;
  for (int n = 0; n < clamp_limit(limit) && git_revwalk_next(&oid, walk.get()) == 0; ++n) {
    GitPtr<git_commit> c;
    git_check(git_commit_lookup(out(c), repo_.get(), &oid), "reading a commit");
    write_commit(w, c.get());
  }
  w.EndArray();
  return buf.GetString();
}

namespace {

// The id of `path`'s entry in `c`'s tree; zero when the path is absent there.
git_oid entry_id(git_commit* c, const std::string& path) {
  git_oid none{};
  GitPtr<git_tree> tree;
  if (git_commit_tree(out(tree), c) < 0) return none;
  git_tree_entry* raw = nullptr;
  if (git_tree_entry_bypath(&raw, tree.get(), path.c_str()) < 0) return none;
  git_oid id = *git_tree_entry_id(raw);
  git_tree_entry_free(raw);
  return id;
}

}  // namespace

std::string CommitHistory::path_log(const std::string& path, int limit) {
  auto lock = repo_.lock();
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartArray();
  if (GitPtr<git_commit> head = repo_.head_commit()) {
    auto walk = new_walk(repo_.get());
    git_check(git_revwalk_push(walk.get(), git_commit_id(head.get())), "walking history");
    git_oid oid;
    for (int found = 0; found < clamp_limit(limit) && git_revwalk_next(&oid, walk.get()) == 0;) {
      GitPtr<git_commit> c;
      if (git_commit_lookup(out(c), repo_.get(), &oid) < 0) continue;
      bool changed = true;
      if (!path.empty()) {
        const git_oid mine = entry_id(c.get(), path);
        const unsigned parents = git_commit_parentcount(c.get());
        changed = parents == 0 ? !git_oid_is_zero(&mine) : true;
        for (unsigned i = 0; i < parents && changed; ++i) {
          GitPtr<git_commit> p;
          if (git_commit_parent(out(p), c.get(), i) < 0) continue;
          const git_oid theirs = entry_id(p.get(), path);
          changed = git_oid_cmp(&mine, &theirs) != 0;
        }
      }
      if (!changed) continue;
      write_commit(w, c.get());
      ++found;
    }
  }
  w.EndArray();
  return buf.GetString();
}

std::string CommitHistory::parent(const std::string& commit) {
  auto lock = repo_.lock();
  GitPtr<git_commit> c = repo_.commit_of(commit);
  if (git_commit_parentcount(c.get()) == 0)
    throw Error(ACDC_E_NOT_FOUND, "Commit '" + commit + "' is the first commit: it has no parent");
  return sha_pair_json(git_commit_parent_id(c.get(), 0));
}

std::string CommitHistory::merge_base(const std::string& ref1, const std::optional<std::string>& ref2) {
  auto lock = repo_.lock();
  GitPtr<git_commit> a = repo_.commit_of(ref1);
  std::string other = ref2.value_or("HEAD");
  if (!ref2) {
    GitPtr<git_object> probe;
    for (const char* name : {"refs/heads/main", "refs/heads/master"})
      if (git_revparse_single(out(probe), repo_.get(), name) == 0) {
        other = name;
        break;
      }
  }
  GitPtr<git_commit> b = repo_.commit_of(other);
  git_oid base;
  if (git_merge_base(&base, repo_.get(), git_commit_id(a.get()), git_commit_id(b.get())) < 0)
    throw Error(ACDC_E_NOT_FOUND, "'" + ref1 + "' and '" + other + "' have no common ancestor");
  return sha_pair_json(&base);
}

}  // namespace acdc::repo
