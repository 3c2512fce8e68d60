// render/compact_map.hpp -- the symbol map as the model reads it
// (acdc-features.md §7.2): a legend, then one block per file, sorted by path,
// joined by a blank line, the whole ending with "\n". Byte-stable for the
// same index: the map is a cache prefix (§4.6).
//
//   @1/index.py: ←7
//   i hashlib,logging
//   i→ @1/cache.py
//   c SymbolIndex(Base)
//     v _all_symbols
//     m index_repo(file_list) ←3 →_prune_stale,_resolve_call_sites
//   af fetch(url,timeout?)->bytes
//
// The LSP variant (`with_lines`) puts `:N`, the 1-based line, after each name.
//
//   std::string block = render_block(graph, id, aliases, false);
//   std::string head = map_legend(aliases, false);
#pragma once

#include "graph/symbol_graph.hpp"
#include "render/path_aliases.hpp"

#include <string>

namespace acdc::symbols {

std::string map_legend(const PathAliases& aliases, bool with_lines);

// One file's block, without a trailing newline.
std::string render_block(const SymbolGraph& graph, FileId id, const PathAliases& aliases, bool with_lines);

// A file's summary, for a map cut to a budget: its path and reference count,
// then one line per top-level symbol, a class with its members' names.
//   @1/index.py: ←7 (summary)
//   c SymbolIndex: index_repo,_prune_stale +3
//   f fetch
std::string render_summary(const SymbolGraph& graph, FileId id, const PathAliases& aliases);

// `name(a,b?,*rest)->T` as a block line shows it, for hover and completions.
std::string signature(const Symbol& s);

}  // namespace acdc::symbols
