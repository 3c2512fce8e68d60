#include <acdc/util/glob.hpp>

#include <algorithm>

namespace acdc::util {
namespace {

bool match(std::string_view g, std::string_view p) {
  while (!g.empty()) {
    if (g.starts_with("**")) {
      g.remove_prefix(2);
      const bool dir = g.starts_with('/');
      if (dir) g.remove_prefix(1);  // `**/` also matches no directory at all
      for (size_t i = 0; i <= p.size(); ++i)
        if ((!dir || i == 0 || p[i - 1] == '/') && match(g, p.substr(i))) return true;
      return false;
    }
    if (g.front() == '*') {
      g.remove_prefix(1);
      for (size_t i = 0; i <= p.size(); ++i) {
        if (match(g, p.substr(i))) return true;
        if (i < p.size() && p[i] == '/') return false;
      }
      return false;
    }
    if (p.empty()) return false;
    if (g.front() == '?' ? p.front() == '/' : g.front() != p.front()) return false;
    g.remove_prefix(1);
    p.remove_prefix(1);
  }
  return p.empty();
}

}  // namespace

bool glob_match(std::string_view glob, std::string_view path) {
  if (glob.starts_with("./")) glob.remove_prefix(2);
  if (glob.find('/') == std::string_view::npos) {
    auto slash = path.rfind('/');
    return match(glob, slash == std::string_view::npos ? path : path.substr(slash + 1));
  }
  if (glob.ends_with('/')) return match(std::string(glob) + "**", path);  // a directory: all below it
  return match(glob, path);
}

bool matches_any(const std::vector<std::string>& globs, std::string_view path) {
  if (globs.empty()) return true;
  for (const auto& g : globs)
    if (glob_match(g, path)) return true;
  return false;
}

std::string glob_root(std::string_view glob) {
  if (glob.starts_with("./")) glob.remove_prefix(2);
  if (glob.find('/') == std::string_view::npos) return {};
  // A literal path's matches are itself: its directory holds it.
  const auto wildcard = std::min(glob.find_first_of("*?"), glob.size());
  const auto slash = glob.substr(0, wildcard).rfind('/');
  return slash == std::string_view::npos ? std::string() : std::string(glob.substr(0, slash));
}

}  // namespace acdc::util
