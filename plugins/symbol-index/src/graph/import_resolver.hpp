// graph/import_resolver.hpp -- which repository file an import names
// (acdc-features.md §7.1 "Import resolution"):
//   Python   a.b -> a/b.py or a/b/__init__.py, from the root or any directory
//            above the importer (src/ layouts); relative imports by level;
//            `from pkg import mod` names pkg/mod.py when that exists.
//   JS/TS    ./x and ../x relative to the importer, probing .ts .tsx .js .jsx
//            .mjs .cjs .d.ts and x/index.*; a written .js may be a .ts file.
//   C/C++    "x.h" next to the includer first; "x.h" and <x.h> anywhere in the
//            repository whose path ends with /x.h, the nearest one winning.
// Anything else is external and resolves to "".
//
//   ImportResolver r(all_paths);
//   std::string target = r.resolve(Language::python, "pkg/a.py", import);
#pragma once

#include "lang/language.hpp"
#include "model/symbol.hpp"

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace acdc::symbols {

class ImportResolver {
 public:
  explicit ImportResolver(const std::vector<std::string>& paths);

  // The file `imp` (found in `from`) names, or "" when it names none here.
  std::string resolve(Language lang, std::string_view from, const Import& imp) const;
  // The extra files of `from pkg import a, b` that are modules themselves.
  std::vector<std::string> python_submodules(std::string_view from, const Import& imp) const;

 private:
  bool has(const std::string& path) const { return paths_.count(path) != 0; }
  std::string python(std::string_view from, const Import& imp) const;
  std::string python_module(std::string_view from, std::string dotted, int level) const;
  std::string script(std::string_view from, const std::string& spec) const;
  std::string c_include(std::string_view from, const Import& imp) const;

  std::unordered_set<std::string> paths_;
  std::unordered_map<std::string, std::vector<std::string>> by_basename_;
};

// "a/b/c.py" -> "a/b"; "c.py" -> "".
std::string_view parent_dir(std::string_view path);
// Joins and normalises "a/b" + "../c/./d" -> "a/c/d"; "" when it climbs above the root.
std::string join_path(std::string_view dir, std::string_view relative);

}  // namespace acdc::symbols
