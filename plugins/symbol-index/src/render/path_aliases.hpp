// render/path_aliases.hpp -- the map's path aliases (acdc-features.md §7.2):
// directory prefixes of at least 8 characters used by at least 3 files,
// ranked by savings (len-3)*count, then length, then name; at most 5, a
// prefix skipped when an alias already chosen starts with it. A path takes
// the longest alias that prefixes it.
//
// Computed over every indexed file, not over the files a map shows, so that
// selecting a file never changes the aliases of the others (the map is a
// cache prefix and must stay byte-stable).
//
//   PathAliases a = PathAliases::compute(paths);
//   a.apply("src/ac_dc/symbol_index/cache.py");   // "@1/cache.py"
//   a.legend();                                   // "# @1/=src/ac_dc/symbol_index/\n"
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace acdc::symbols {

class PathAliases {
 public:
  static PathAliases compute(const std::vector<std::string_view>& paths);

  std::string apply(std::string_view path) const;
  std::string legend() const;
  const std::vector<std::string>& prefixes() const { return prefixes_; }
  bool operator==(const PathAliases&) const = default;

 private:
  std::vector<std::string> prefixes_;  // prefixes_[i] is @(i+1)/
};

}  // namespace acdc::symbols
