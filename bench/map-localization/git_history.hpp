// git_history.hpp -- a repository's files and its commits, read with the
// git command line (the bench measures the map, not libgit2).
//
//   auto files = tracked_files("/path/repo");                  // git ls-files
//   for (const Commit& c : commits("/path/repo", 2000)) ...     // newest first, no merges
#pragma once

#include <string>
#include <vector>

namespace acdc::bench {

struct Commit {
  std::string hash;
  std::string message;             // subject and body
  std::vector<std::string> files;  // paths it touched (added, changed, deleted, renamed to)
};

std::vector<std::string> tracked_files(const std::string& repo);
// Up to `limit` non-merge commits reachable from HEAD.
std::vector<Commit> commits(const std::string& repo, int limit);

}  // namespace acdc::bench
