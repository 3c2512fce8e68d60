#include "path_guard.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/sdk/utf8.hpp>

#include <algorithm>

namespace fs = std::filesystem;

namespace acdc::repo {

namespace {

[[noreturn]] void refuse(const std::string& reason, std::string_view raw) {
  throw Error(ACDC_E_PERMISSION_DENIED, reason + ": " + quote_path(raw));
}

bool is_absolute_form(std::string_view p) {
  if (!p.empty() && (p[0] == '/' || p[0] == '\\' || p[0] == '~')) return true;
  return p.size() >= 2 && p[1] == ':' && std::isalpha(static_cast<unsigned char>(p[0]));
}

bool is_git_dir_name(std::string_view segment) {
  std::string lower(segment);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower == ".git";
}

// True when `path` is `root` or lies below it (both canonical or weakly so).
bool is_within(const fs::path& root, const fs::path& path) {
  auto r = root.begin(), p = path.begin();
  for (; r != root.end(); ++r, ++p)
    if (p == path.end() || *r != *p) return false;
  return true;
}

}  // namespace

std::string quote_path(std::string_view path) {
  std::string text = to_valid_utf8(path);
  char q = text.find('\'') != std::string::npos && text.find('"') == std::string::npos ? '"' : '\'';
  return q + text + q;
}

PathGuard::PathGuard(fs::path root) : root_(fs::canonical(root)) {}

std::string PathGuard::normalize(std::string_view raw) const {
  if (raw.find('\0') != std::string_view::npos) refuse("Path contains a NUL byte", raw);
  if (is_absolute_form(raw)) refuse("Absolute paths not accepted", raw);
  std::string p(raw);
  std::replace(p.begin(), p.end(), '\\', '/');
  while (!p.empty() && p.back() == '/') p.pop_back();
  if (p.empty()) throw invalid_params("Empty path: name a file relative to the repository root");
  std::string clean;
  size_t start = 0;
  while (start <= p.size()) {
    size_t end = std::min(p.find('/', start), p.size());
    std::string_view seg(p.data() + start, end - start);
    if (seg == "..") refuse("Path traversal not allowed", raw);
    if (is_git_dir_name(seg)) refuse("Paths inside .git/ are not accessible", raw);
    if (!seg.empty() && seg != ".") clean += (clean.empty() ? "" : "/") + std::string(seg);
    start = end + 1;
  }
  if (clean.empty()) throw invalid_params("Empty path: name a file relative to the repository root");
  return clean;
}

fs::path PathGuard::resolve(std::string_view raw) const { return resolve_normalized(normalize(raw)); }

fs::path PathGuard::resolve_normalized(const std::string& rel) const {
  fs::path full = root_ / rel;
  std::error_code ec;
  // weakly_canonical follows every symlink that exists, so a link anywhere on
  // the way (directory or final file) that points outside is caught.
  fs::path real = fs::weakly_canonical(full, ec);
  if (ec) throw Error(ACDC_E_APPLICATION, "cannot resolve " + quote_path(rel) + ": " + ec.message());
  if (!is_within(root_, real)) refuse("Path resolves outside the repository (through a symlink)", rel);
  fs::path inside = real.lexically_relative(root_);
  if (!inside.empty() && is_git_dir_name(inside.begin()->string()))
    refuse("Paths inside .git/ are not accessible", rel);
  return real;
}

}  // namespace acdc::repo
