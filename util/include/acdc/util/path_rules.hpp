// acdc/util/path_rules.hpp -- the one set of rules for a client's path into
// a project, kept by the repo plugin's PathGuard and by BB-7's context and
// output paths alike: no NUL byte, not absolute, no `..` that climbs out,
// nothing inside `.git/`, no symlink that leads outside. Each caller words
// a refusal in its own protocol's terms.
//
//   if (auto fault = relative_path_fault("src/../../x")) refuse(*fault);   // PathFault::traversal
//   if (!is_within(real_root, fs::weakly_canonical(root / rel))) refuse(...);   // a symlink out
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace acdc::util {

enum class PathFault { empty, nul_byte, absolute, traversal, git_dir };

// The first fault of `raw` read as a relative path (`/` and `\` both
// separate segments; `/x`, `\x`, `~x` and `C:x` are absolute), or nullopt.
// A `..` segment is a fault wherever it stands: clean the path lexically
// first where `a/../b` is to be allowed.
std::optional<PathFault> relative_path_fault(std::string_view raw);

// A fault worded for the model or agent that gave `path` (a tool's
// argument), with what to give instead: "'../x' leads outside the
// repository: paths stay inside it".
std::string fault_message(PathFault fault, std::string_view path);

// `.git` in any letter case (a case-insensitive file system opens .GIT too).
bool is_git_dir_name(std::string_view segment);

// True when `path` is `root` or lies below it, compared segment by segment
// (a trailing separator on `root` is ignored).
bool is_within(const std::filesystem::path& root, const std::filesystem::path& path);

}  // namespace acdc::util
