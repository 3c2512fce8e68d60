// rank/map_ranker.hpp -- the symbol map cut to a token budget, ranked for
// the conversation and still a stable cache prefix (issue 26; ARCHITECTURE.md
// "The chat turn").
//
// When the whole map fits the budget it is sent whole, as before. Otherwise
// the budget is split in three, each part in its own place of the prompt:
//   - the core (what is left after the other two): the files most central
//     in the reference graph (PageRank), in full. It depends only on the
//     index, the budget and the files in full context, so turn after turn it
//     is byte-identical and the cache tiers hold it;
//   - the outline (kOutlineShare): every other file by directory, with
//     counts, and names where room is left (render/dir_outline.hpp), so the
//     model can ask for any file; it changes only with the core;
//   - the focus (kFocusShare): the files this turn's message, the recent
//     history and the selection point at (rank/focus.hpp), best first: in
//     full, or as a summary (render_summary) when its score is low, or the
//     whole block would take more than kFullShare of the focus or no longer
//     fits. It is the only
//     part that changes from turn to turn, and the chat puts it after the
//     cached tiers.
// Sizes are estimated (rank/token_estimate.hpp); the llm plugin counts the
// real tokens and cuts what still does not fit.
//
//   MapRanker ranker;
//   RankedMap m = ranker.build(index, {.budget_tokens = 25000, .exclude = selected, .message = text});
//   for (const MapEntry& b : m.blocks) ...   // b.why: ranked, mentioned, neighbour (all: the whole map)
//
// Thread-safe: builds are serialised; the index is read under its lock.
#pragma once

#include "index/repo_index.hpp"
#include "rank/focus.hpp"
#include "rank/rank_model.hpp"
#include "rank/token_estimate.hpp"
#include "render/dir_outline.hpp"

#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace acdc::symbols {

// The focus is the one part of the map sent fresh every turn (after the
// conversation's cache marker): its share is what a turn cannot read from
// the cache. Measured on three histories (bench/context, bench/map-
// localization, issue 26): from 0.30 to 0.20 the input read from cache rose
// by 3-4 points (rocksdb 67.0 -> 71.0% tiered) while recall held (0.713 ->
// 0.704 on rocksdb; fastapi and leveldb the same or better); at 0.15 the
// cache gained 1.5 more and whole-block recall on rocksdb fell to 0.257.
inline constexpr double kFocusShare = 0.20;
inline constexpr double kOutlineShare = 0.10;
inline constexpr double kFullShare = 0.25;
inline constexpr std::size_t kMaxFocusFiles = 150;
// A focus file scoring below this (rank/focus.cpp: a file named scores 5 or
// more, the best word match 3) gets its summary only: a weak match costs a
// few lines, not a block. Measured on four histories (bench/map-localization):
// at 4.0 more files are found, at 2.5 more of them whole.
inline constexpr double kFullScore = 3.0;

struct MapRequest {
  std::size_t budget_tokens = 0;  // 0: no budget, the whole map
  std::set<std::string> exclude;  // the files in full context
  std::string message;
  std::string history;            // the recent conversation
};

struct MapEntry {
  std::string path;
  std::string text;
  Why why = Why::all;
  bool summary = false;  // render_summary's form, not the whole block
};

struct RankedMap {
  std::string legend;
  std::vector<MapEntry> blocks;  // the core by path, then the focus by path
  std::string outline;           // "" when the whole map is sent
  std::size_t budget_tokens = 0;
  std::size_t estimated_tokens = 0;  // legend, blocks and outline
  std::size_t files_total = 0;       // indexed, less those in full context
  std::size_t files_full = 0, files_summary = 0, files_outline = 0, files_left_out = 0;
  bool complete = true;  // every file in full
};

class MapRanker {
 public:
  RankedMap build(const RepoIndex& index, const MapRequest& request);
  // Builds the rank model of the index as it is now (PageRank over the
  // graph, 0.3 s on boost), so the first map asked for does not pay it.
  void warm(const RepoIndex& index);

 private:
  struct Core {
    std::uint64_t generation = 0;
    std::size_t budget_tokens = 0;
    std::vector<FileId> files;  // by path
    std::vector<char> in_core;  // by FileId
    OutlineResult outline;
    std::vector<FileId> outline_files;  // the outline's input, aligned with outline.is_named
  };
  void refresh_model(const SymbolGraph& graph, std::uint64_t generation);
  // The whole map, when it fits the budget (or there is none); false, with
  // only files_total set, when it does not.
  bool add_whole_map(const SymbolGraph& graph, const std::vector<std::string>& blocks, const MapRequest& request,
                     std::size_t legend_tokens, RankedMap& out) const;
  // The core, the outline and the focus.
  void add_ranked_map(const SymbolGraph& graph, const std::vector<std::string>& blocks, const PathAliases& aliases,
                      const MapRequest& request, std::size_t legend_tokens, std::uint64_t generation, RankedMap& out);
  // Fills `out` with the focus; returns the tokens it takes.
  std::size_t add_focus(const SymbolGraph& graph, const std::vector<std::string>& blocks, const PathAliases& aliases,
                        const MapRequest& request, std::vector<char>& in_focus, RankedMap& out) const;
  void refresh_core(const SymbolGraph& graph, const std::vector<std::string>& blocks, const MapRequest& request,
                    std::size_t legend_tokens, std::uint64_t generation);

  std::mutex mu_;
  TermCache terms_;  // before model_, which refers to it
  std::optional<RankModel> model_;
  std::uint64_t model_generation_ = 0;
  std::optional<Core> core_;
};

}  // namespace acdc::symbols
