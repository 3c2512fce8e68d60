// rank/term_index.hpp -- BM25 over each indexed file's path and symbol
// names: which files a chat message's words point at (rank/focus.hpp), and
// on its own the lexical baseline the localization bench compares with.
//
//   TermIndex idx;
//   idx.add(id, split_subwords(path + " " + names));   // once per file
//   idx.finish();
//   for (auto [id, score] : idx.score(query_terms(message))) ...   // best first
//
// Not thread-safe to build; const methods may run on any thread.
#pragma once

#include "graph/symbol_graph.hpp"

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace acdc::symbols {

class TermIndex {
 public:
  void add(FileId id, std::vector<std::string> terms);
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
  std::unordered_map<std::string, std::vector<Posting>> postings_;
  std::vector<std::uint32_t> length_;  // by FileId; 0 for no document
  std::size_t documents_ = 0;
  double average_length_ = 1;
};

}  // namespace acdc::symbols
