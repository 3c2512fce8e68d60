// model/symbol.hpp -- what the extractors find in one source file
// (acdc-features.md §7.1): symbols with their signatures, nesting and call
// sites, and the file's imports. Plain values: a FileSymbols is built on an
// indexing thread, then only read.
//
//   FileSymbols f = extract_symbols(Language::python, "a.py", source);
//   for (const Symbol& s : f.symbols) use(s.name, s.kind, s.children);
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace acdc::symbols {

enum class SymbolKind : std::uint8_t { class_, method, function, variable, property, import };

// 0-based, as tree-sitter reports; the LSP methods turn them 1-based.
struct Range {
  std::uint32_t start_line = 0, start_col = 0, end_line = 0, end_col = 0;
};

struct Parameter {
  std::string name;
  bool has_default = false;
  bool is_vararg = false;  // *args, ...rest, C's `...`
  bool is_kwarg = false;   // **kwargs
};

struct CallSite {
  std::string name;  // the called name, without object or scope: a.b.run() -> run
  std::uint32_t line = 0;
  bool is_conditional = false;  // inside an if, loop, try, switch or ?:
};

struct Symbol {
  std::string name;
  SymbolKind kind = SymbolKind::function;
  Range range;
  std::vector<Parameter> parameters;
  std::string return_type;
  std::vector<std::string> bases;
  std::vector<Symbol> children;
  std::vector<std::string> instance_vars;  // self.x = ... in a class's methods
  std::vector<CallSite> call_sites;
  bool is_async = false;
};

struct Import {
  std::string module;              // as written: "os.path", "./util", "vector", "a/b.h"
  std::vector<std::string> names;  // imported names; empty for a whole module
  std::string alias;
  int level = 0;         // Python's leading dots; C/C++: 1 for "quoted", 0 for <system>
  std::uint32_t line = 0;
};

struct FileSymbols {
  std::string path;  // relative to the indexed root, '/'-separated
  std::vector<Symbol> symbols;
  std::vector<Import> imports;
  // Calls made outside any function (module code, initialisers): they count
  // in the reference graph but belong to no symbol line.
  std::vector<CallSite> file_calls;
};

// The name calls use for a symbol: "A::run" and "ns::A::run" -> "run".
inline std::string_view call_name(std::string_view symbol_name) {
  auto colons = symbol_name.rfind("::");
  return colons == std::string_view::npos ? symbol_name : symbol_name.substr(colons + 2);
}

// Visits every symbol of a tree, parents before children.
template <class Fn>
void for_each_symbol(const std::vector<Symbol>& symbols, Fn&& fn) {
  for (const Symbol& s : symbols) {
    fn(s);
    for_each_symbol(s.children, fn);
  }
}

template <class Fn>
void for_each_symbol(std::vector<Symbol>& symbols, Fn&& fn) {
  for (Symbol& s : symbols) {
    fn(s);
    for_each_symbol(s.children, fn);
  }
}

}  // namespace acdc::symbols
