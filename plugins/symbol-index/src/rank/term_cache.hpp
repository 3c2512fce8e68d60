// rank/term_cache.hpp -- each indexed file's BM25 words (its path's and its
// symbols' names, split into subwords) as interned term ids, kept from one
// rank model to the next (rank/map_ranker.hpp owns it). A new index state
// then reads only the files whose content changed: on boost, rebuilding the
// model after a one-file edit went from 223 ms (every record unpacked and
// split again) to the PageRank and the postings (bench/map-localization).
//
//   TermCache cache;
//   const std::vector<TermId>& t = cache.terms(id, record);   // computed once per content
//   std::optional<TermId> q = cache.find("parser");           // a query word, if any file has it
//
// Not thread-safe (the ranker serialises its builds).
#pragma once

#include "index/file_record.hpp"
#include "graph/symbol_graph.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace acdc::symbols {

using TermId = std::uint32_t;

class TermCache {
 public:
  // The term ids of `record`, the file in slot `id`, sorted, repeats kept
  // (their count is the term's frequency in the file).
  const std::vector<TermId>& terms(FileId id, const FileRecord& record);
  std::optional<TermId> find(std::string_view word) const;
  std::size_t term_count() const { return words_.size(); }

 private:
  TermId intern(std::string word);

  struct Entry {
    std::string path;
    std::uint64_t content_hash = 0;
    Language language = Language::none;  // a .h file is read as C or C++ by the repository
    bool filled = false;
    std::vector<TermId> terms;
  };
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, TermId, Hash, std::equal_to<>> ids_;
  std::vector<std::string_view> words_;  // by TermId, into ids_'s keys
  std::vector<Entry> by_file_;           // by FileId
};

}  // namespace acdc::symbols
