// path_guard.hpp -- turns a client's path into a safe path inside the repository.
//
// acdc-features.md §2.1: paths are repository-relative; `\` becomes `/`,
// trailing `/` is dropped; empty, absolute and `..` paths, anything inside
// `.git/`, and paths whose symlinks lead outside the root are refused with
// ACDC_E_PERMISSION_DENIED and a message naming the path and the reason.
//
//   PathGuard guard(repo_root);
//   std::string rel = guard.normalize("src\\main.cpp");   // "src/main.cpp"
//   fs::path abs = guard.resolve("src/main.cpp");         // <root>/src/main.cpp
//   guard.resolve("../etc/passwd");   // throws "Path traversal not allowed: '../etc/passwd'"
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace acdc::repo {

class PathGuard {
 public:
  explicit PathGuard(std::filesystem::path root);

  // The cleaned relative form of `raw`; throws when it is not acceptable.
  std::string normalize(std::string_view raw) const;
  // The absolute path of `raw`, checked against symlinks leading outside.
  std::filesystem::path resolve(std::string_view raw) const;
  // resolve() for a path already normalized.
  std::filesystem::path resolve_normalized(const std::string& rel) const;

  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;  // canonical
};

// Python-repr-like quoting used in every message that names a path: 'a b'.
std::string quote_path(std::string_view path);

}  // namespace acdc::repo
