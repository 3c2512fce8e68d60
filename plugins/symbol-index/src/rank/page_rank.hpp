// rank/page_rank.hpp -- how central each file is in the reference graph:
// PageRank over the file -> file edges (resolved calls and imports, by
// weight), the stable part of the map's ranking (rank/ranked_map.hpp).
//
// Deterministic for a graph: the edges are summed in (from, to) order, so
// the same index gives bit-identical scores and the same map, turn after
// turn (the map is a cache prefix).
//
//   std::vector<double> r = page_rank(graph);   // r[id], summing to 1 over live files
#pragma once

#include "graph/symbol_graph.hpp"

#include <vector>

namespace acdc::symbols {

// By FileId (graph.slot_count() entries); free slots score 0.
std::vector<double> page_rank(const SymbolGraph& graph);

}  // namespace acdc::symbols
