// rank/rank_model.hpp -- what ranking the map needs of one state of the
// index, worked out once per state (rank/map_ranker.hpp keeps it until the
// index changes): each file's PageRank, the files in rank order, the BM25
// index of their paths and symbol names, their neighbours in the reference
// graph, and the files by name.
//
//   TermCache cache;                                   // kept across models: only changed files are read
//   RankModel m = RankModel::build(graph, cache);
//   for (FileId id : m.by_rank()) ...                  // most central first
//   m.files_named("chat_turn.cpp");                   // by base name or stem, lower case
//
// Refers to the graph it was built from: use it only while that graph is
// unchanged and alive (the caller holds the index's read lock). Not
// thread-safe: block_tokens() fills a memo (rank/map_ranker.hpp serialises).
// Refers to the cache too, which must outlive it and be filled by no other
// build while it is in use.
#pragma once

#include "graph/symbol_graph.hpp"
#include "rank/term_cache.hpp"
#include "rank/term_index.hpp"

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace acdc::symbols {

class RankModel {
 public:
  static RankModel build(const SymbolGraph& graph, TermCache& cache);

  const std::vector<FileId>& by_path() const { return by_path_; }
  const std::vector<FileId>& by_rank() const { return by_rank_; }
  // Most incoming references first (the localization bench's baseline).
  std::vector<FileId> by_references(const SymbolGraph& graph) const;
  double rank(FileId id) const { return rank_[id]; }
  // Its block's estimated tokens (rank/token_estimate.hpp), worked out on
  // first use: a turn weighs a few hundred blocks, not every one. `block`
  // is the file's block in the index the model was built from.
  std::size_t block_tokens(FileId id, std::string_view block) const;
  const TermIndex& terms() const { return terms_; }
  // Files whose base name ("io.cpp") or stem ("io") is `name`, lower case.
  const std::vector<FileId>& files_named(const std::string& name) const;
  // Files this one references or is referenced by, with the edges' weight
  // summed over both directions, heaviest first.
  const std::vector<std::pair<FileId, std::uint32_t>>& neighbours(FileId id) const { return neighbours_[id]; }

 private:
  explicit RankModel(const TermCache& cache) : terms_(cache) {}

  std::vector<FileId> by_path_;
  std::vector<FileId> by_rank_;
  std::vector<double> rank_;
  mutable std::vector<std::uint32_t> block_tokens_;  // kUnknown until asked
  TermIndex terms_;
  std::unordered_map<std::string, std::vector<FileId>> by_name_;
  std::vector<std::vector<std::pair<FileId, std::uint32_t>>> neighbours_;
};

}  // namespace acdc::symbols
