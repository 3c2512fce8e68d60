// extract/extractors.hpp -- one function per language family that reads a
// parsed tree into FileSymbols (acdc-features.md §7.1). A tree with syntax
// errors still gives what its well-formed parts hold: ERROR nodes at the top
// level are searched like the file itself, never a reason to drop the file.
//
//   extract_python(ts_tree_root_node(tree), source, out);
#pragma once

#include "lang/language.hpp"
#include "model/symbol.hpp"

#include <tree_sitter/api.h>

#include <string_view>

namespace acdc::symbols {

void extract_python(TSNode root, std::string_view source, FileSymbols& out);
// JavaScript, TypeScript and TSX: `lang` picks the grammar's node names.
void extract_script(Language lang, TSNode root, std::string_view source, FileSymbols& out);
// C and C++.
void extract_c_family(Language lang, TSNode root, std::string_view source, FileSymbols& out);

inline Range range_of(TSNode node) {
  TSPoint s = ts_node_start_point(node), e = ts_node_end_point(node);
  return {s.row, s.column, e.row, e.column};
}

}  // namespace acdc::symbols
