// bb7/safe_path.hpp -- the path rules of bb7.md §12: what a context or output
// path may be, where its snapshot lives, and the hard guard that no write
// leaves the project.
//
//   fs::path p = join_under(chat_dir / "output", "src/a.c");  // throws on "../x"
//   ContextPath c = classify_context_path(root, "/etc/hosts"); // external
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace acdc::adapters::bb7 {

// `rel` must be relative and free of NUL, stay under `base` after lexical
// cleaning and not enter `.git/` (acdc/util/path_rules.hpp, the repo
// plugin's rules). Throws "path escapes base directory", "invalid path",
// "paths inside .git/ are not allowed" or "absolute paths not allowed for
// internal files".
std::filesystem::path join_under(const std::filesystem::path& base, std::string_view rel);

struct ContextPath {
  std::string path;       // as stored: project-relative, or absolute when external
  bool external = false;
};

// An absolute path inside `root` becomes relative; outside it is external.
// A relative path is checked (no escape). `root` empty: every absolute path
// is external and relative paths are refused.
ContextPath classify_context_path(const std::filesystem::path& root, std::string_view path);

// Where a context entry's snapshot is stored under `context_dir` (§5).
std::filesystem::path snapshot_file(const std::filesystem::path& context_dir, const std::string& path, bool external,
                                    int start_line, int end_line);

// The hard guard (§12): `target`, with symlinks resolved on its nearest
// existing ancestor, must lie inside `root`. Throws "path escapes base directory".
void ensure_inside(const std::filesystem::path& root, const std::filesystem::path& target);

}  // namespace acdc::adapters::bb7
