// repo_map.hpp -- a real repository's ranked symbol map for the context
// bench (issue 26): indexed once, then built for each turn's question and
// selection as a chat turn builds it (MapRanker, the default budget of a
// 200k-token model), and the files a session selects, read from disk.
//
//   RepoMap repo("/tmp/rocksdb", 25000);
//   auto picked = repo.pick_files(5);
//   TurnContent c;
//   repo.fill(c, "why does the iterator skip?", picked);
#pragma once

#include "context/context_engine.hpp"
#include "index/repo_index.hpp"
#include "rank/map_ranker.hpp"

#include <set>
#include <string>
#include <vector>

namespace acdc::bench {

class RepoMap {
 public:
  RepoMap(const std::string& root, std::size_t budget_tokens);

  std::size_t files() const { return files_; }
  // `n` indexed files spread over the repository, 2-40 KB each.
  std::vector<std::string> pick_files(std::size_t n) const;
  std::string read(const std::string& path) const;
  // The map's header, legend, blocks and outline, as add_maps puts them;
  // returns the paths of its core.
  std::vector<std::string> fill(llm::TurnContent& content, const std::string& question,
                                const std::set<std::string>& selected);

 private:
  std::string root_;
  std::size_t budget_;
  symbols::RepoIndex index_;
  symbols::MapRanker ranker_;
  std::size_t files_ = 0;
};

}  // namespace acdc::bench
