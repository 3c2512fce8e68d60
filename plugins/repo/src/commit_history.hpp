// commit_history.hpp -- reading history: search, graph, log, parents, bases.
//
// Methods take the repository lock and return JSON text. A commit is
// {sha, short_sha, message, author, email, date, parents}; `message` is the
// full message, `date` ISO 8601 with the author's offset.
//
//   CommitHistory history(repo);
//   history.graph(100, 0, false);   // {"commits":[...],"branches":[...],"has_more":false}
//   history.merge_base("feature", std::nullopt);   // {"sha":..,"short_sha":..}
#pragma once

#include "git_repo.hpp"

#include <acdc/sdk/json.hpp>

#include <optional>
#include <string>

namespace acdc::repo {

class CommitHistory {
 public:
  explicit CommitHistory(GitRepo& repo) : repo_(repo) {}

  // Commits from `branch` (default HEAD) whose message, author or sha
  // contains `query` (case-insensitive).
  std::string search(const std::string& query, const std::optional<std::string>& branch, int limit);
  // Every local (and optionally remote) branch's history, newest first.
  std::string graph(int limit, int offset, bool include_remote);
  // Commits reachable from `head` (default HEAD) and not from `base`.
  std::string log(const std::string& base, const std::optional<std::string>& head, int limit);
  // Commits of HEAD's history that changed `path` (a file or a directory,
  // relative to the root; empty: every commit), newest first: a commit
  // counts when the path's entry differs from each of its parents', as
  // `git log -- path` simplifies merges.
  std::string path_log(const std::string& path, int limit);
  std::string parent(const std::string& commit);
  // Against `ref2`, or else the first of main, master, HEAD that exists.
  std::string merge_base(const std::string& ref1, const std::optional<std::string>& ref2);

 private:
  GitRepo& repo_;
};

// Writes {sha, short_sha, message, author, email, date, parents} for `c`.
void write_commit(JsonWriter& w, git_commit* c);
std::string sha_pair_json(const git_oid* oid);

}  // namespace acdc::repo
