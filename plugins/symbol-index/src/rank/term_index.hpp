// rank/term_index.hpp -- BM25 over each indexed file's path and symbol
// names: which files a chat message's words point at (rank/focus.hpp), and
// on its own the lexical baseline the localization bench compares with.
// Terms are the ids of a TermCache (rank/term_cache.hpp), which the index
// is built from and queried through.
//
//   TermIndex idx(cache);
//   idx.add(id, cache.terms(id, record));   // once per file
//   idx.finish();
//   for (auto [id, score] : idx.score(query_terms(message))) ...   // best first
//
// Not thread-safe to build; const methods may run on any thread while the
// cache is not being filled.
#pragma once

#include "graph/symbol_graph.hpp"
#include "rank/term_cache.hpp"

#include <string>
#include <utility>
#include <vector>

namespace acdc::symbols {

class TermIndex {
 public:
  explicit TermIndex(const TermCache& cache) : cache_(&cache) {}

  // `terms`: sorted term ids, repeats counting as frequency.
  void add(FileId id, const std::vector<TermId>& terms);
  // After the last add(): fixes the average document length.
  void finish();

  // Files with a score above 0 for `query` (repeats count once), best
  // first, ties by FileId.
  std::vector<std::pair<FileId, double>> score(const std::vector<std::string>& query) const;

 private:
  struct Posting {
    FileId id;
    std::uint32_t tf;
  };
  const TermCache* cache_;
  std::vector<std::vector<Posting>> postings_;  // by TermId
  std::vector<std::uint32_t> length_;           // by FileId; 0 for no document
  std::size_t documents_ = 0;
  double average_length_ = 1;
};

}  // namespace acdc::symbols
