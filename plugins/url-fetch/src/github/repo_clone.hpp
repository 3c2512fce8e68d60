// github/repo_clone.hpp -- a GitHub repository URL read as its README and
// symbol map (acdc-features.md §6 "GitHub repo", the ADVANCED path).
//
// libgit2 clones the default branch anonymously over HTTPS into a temporary
// directory that is always removed. No SSH first (the reference's): an SSH
// attempt needs the user's keys and agent, and an unattended fetch must not
// prompt; public repositories clone over HTTPS. Bookworm's libgit2 (1.5)
// has no shallow clone, so the clone is bounded by a deadline and a size
// cap instead, checked as objects arrive.
//
//   RepoClone clone = clone_repository("https://github.com/o/r.git", {.timeout = 120s});
//   if (clone.error.empty()) { use(clone.readme); map(clone.work_tree()); }   // dir lives as long as `clone`
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <string>

namespace acdc::urls {

struct CloneLimits {
  std::chrono::milliseconds timeout{120000};  // §6: 120 s
  std::size_t max_bytes = 200u << 20;
};

class RepoClone {
 public:
  RepoClone() = default;
  RepoClone(RepoClone&& other) noexcept;
  RepoClone& operator=(RepoClone&&) = delete;
  ~RepoClone();  // removes dir

  std::filesystem::path dir;  // the temporary directory
  std::filesystem::path work_tree() const { return dir / "repo"; }
  std::string readme;       // its text, or empty
  std::string readme_name;  // "README.md", ...
  std::string branch;
  std::string error;
};

RepoClone clone_repository(const std::string& clone_url, const CloneLimits& limits);
// §6 "README search": the priority list, then any README* in any case.
std::filesystem::path find_readme(const std::filesystem::path& dir);

}  // namespace acdc::urls
