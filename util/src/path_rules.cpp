// path_rules.cpp -- see acdc/util/path_rules.hpp.
#include <acdc/util/path_rules.hpp>

#include <algorithm>
#include <cctype>
#include <string>

namespace acdc::util {

namespace fs = std::filesystem;

namespace {

bool is_absolute_form(std::string_view p) {
  if (!p.empty() && (p[0] == '/' || p[0] == '\\' || p[0] == '~')) return true;
  return p.size() >= 2 && p[1] == ':' && std::isalpha(static_cast<unsigned char>(p[0]));
}

}  // namespace

std::optional<PathFault> relative_path_fault(std::string_view raw) {
  if (raw.empty()) return PathFault::empty;
  if (raw.find('\0') != std::string_view::npos) return PathFault::nul_byte;
  if (is_absolute_form(raw)) return PathFault::absolute;
  size_t start = 0;
  while (start <= raw.size()) {
    size_t end = std::min(raw.find_first_of("/\\", start), raw.size());
    std::string_view segment = raw.substr(start, end - start);
    if (segment == "..") return PathFault::traversal;
    if (is_git_dir_name(segment)) return PathFault::git_dir;
    start = end + 1;
  }
  return std::nullopt;
}

bool is_git_dir_name(std::string_view segment) {
  return segment.size() == 4 && segment[0] == '.' &&
         std::equal(segment.begin() + 1, segment.end(), "git",
                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

bool is_within(const fs::path& root, const fs::path& path) {
  auto r = root.begin(), p = path.begin();
  for (; r != root.end(); ++r, ++p) {
    if (r->empty()) continue;  // a trailing separator
    if (p == path.end() || *r != *p) return false;
  }
  return true;
}

std::string fault_message(PathFault fault, std::string_view path) {
  const std::string quoted = "'" + std::string(path) + "'";
  switch (fault) {
    case PathFault::absolute: return quoted + " is absolute: give a path relative to the repository's root";
    case PathFault::traversal: return quoted + " leads outside the repository: paths stay inside it";
    case PathFault::git_dir: return quoted + " is inside .git, which acdc does not serve";
    case PathFault::empty: return "the path is empty";
    case PathFault::nul_byte: return "the path contains a NUL byte";
  }
  return quoted + " is not a path acdc serves";
}

}  // namespace acdc::util
