// acdc/util/glob.hpp -- path globs as agents and users write them (the repo
// plugin's search and file tools, app.yaml's permissions: rules): `*` and `?` within one
// path segment, `**` across segments (`src/**/*.cpp` matches src/a.cpp and
// src/x/y/b.cpp), `{a,b}` not supported. A glob without `/` matches the file
// name in any directory (`*.py`), as .gitignore reads it.
//
//   glob_match("src/**/*.cpp", "src/net/http.cpp");   // true
//   matches_any({"*.md", "docs/**"}, "README.md");      // true; an empty list matches everything
//   glob_root("src/net/*.cpp");                         // "src/net": every match lies below it
#pragma once

#include <string_view>
#include <vector>
#include <string>

namespace acdc::util {

bool glob_match(std::string_view glob, std::string_view path);
bool matches_any(const std::vector<std::string>& globs, std::string_view path);
// The directory every path `glob` matches lies in, so a walk for its matches
// need go no further: the part before the segment with the first wildcard
// ("smart_ptr" for "smart_ptr/**", "src" for "src/main.c"); "" when that is
// the whole repository ("*.py" matches in any directory, "**/x.h", "s*/x").
std::string glob_root(std::string_view glob);

}  // namespace acdc::util
