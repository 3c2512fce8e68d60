#include "path_guard.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/sdk/utf8.hpp>
#include <acdc/util/path_rules.hpp>

#include <algorithm>

namespace fs = std::filesystem;

namespace acdc::repo {

namespace {

[[noreturn]] void refuse(const std::string& reason, std::string_view raw) {
  throw Error(ACDC_E_PERMISSION_DENIED, reason + ": " + quote_path(raw));
}

}  // namespace

std::string quote_path(std::string_view path) {
  std::string text = to_valid_utf8(path);
  char q = text.find('\'') != std::string::npos && text.find('"') == std::string::npos ? '"' : '\'';
  return q + text + q;
}

PathGuard::PathGuard(fs::path root) : root_(fs::canonical(root)) {}

std::string PathGuard::normalize(std::string_view raw) const {
  if (auto fault = util::relative_path_fault(raw)) {
    switch (*fault) {
      case util::PathFault::empty: break;  // below, with "/" and "./"
      case util::PathFault::nul_byte: refuse("Path contains a NUL byte", raw);
      case util::PathFault::absolute: refuse("Absolute paths not accepted", raw);
      case util::PathFault::traversal: refuse("Path traversal not allowed", raw);
      case util::PathFault::git_dir: refuse("Paths inside .git/ are not accessible", raw);
    }
  }
  std::string p(raw);
  std::replace(p.begin(), p.end(), '\\', '/');
  std::string clean;
  size_t start = 0;
  while (start <= p.size()) {
    size_t end = std::min(p.find('/', start), p.size());
    std::string_view seg(p.data() + start, end - start);
    if (!seg.empty() && seg != ".") clean += (clean.empty() ? "" : "/") + std::string(seg);
    start = end + 1;
  }
  if (clean.empty()) throw invalid_params("Empty path: name a file relative to the repository root");
  return clean;
}

fs::path PathGuard::resolve(std::string_view raw) const { return resolve_normalized(normalize(raw)); }

fs::path PathGuard::resolve_normalized(const std::string& rel) const {
  std::error_code ec;
  // weakly_canonical follows every symlink that exists, so a link anywhere on
  // the way (directory or final file) that points outside is caught.
  fs::path real = fs::weakly_canonical(root_ / rel, ec);
  if (ec) throw Error(ACDC_E_APPLICATION, "cannot resolve " + quote_path(rel) + ": " + ec.message());
  if (!util::is_within(root_, real)) refuse("Path resolves outside the repository (through a symlink)", rel);
  fs::path inside = real.lexically_relative(root_);
  if (!inside.empty() && util::is_git_dir_name(inside.begin()->string()))
    refuse("Paths inside .git/ are not accessible", rel);
  return real;
}

}  // namespace acdc::repo
