// rank/focus.hpp -- the map's per-turn part: the files this conversation
// points at, scored (rank/map_ranker.hpp fills the focus budget from the
// best). A file scores for
//   - being named: its path, its file name or stem ("chat_turn.cpp",
//     "chat_turn"), or a symbol only it (or a few files) define
//     ("add_maps", "ChatTurn");
//   - its path and symbol names sharing the message's words (BM25);
//   - being a neighbour in the reference graph of a selected file or of a
//     file named;
// the message counting fully, the recent history less; PageRank breaks ties.
//
//   auto focus = focus_files(model, graph, {.message = "why does add_maps sort?", .selected = ids});
//   // focus[0].id: the file defining add_maps, why == Why::mentioned
#pragma once

#include "graph/symbol_graph.hpp"
#include "rank/rank_model.hpp"

#include <string>
#include <vector>

namespace acdc::symbols {

enum class Why { all, ranked, mentioned, neighbour };
const char* why_name(Why why);

struct FocusQuery {
  std::string message;
  std::string history;           // the recent conversation, weighed less
  std::vector<FileId> selected;  // in full context: their neighbours count
};

struct FocusFile {
  FileId id;
  double score;
  Why why;
};

// Files with a reason to be in focus, best first (ties by path), the best 1,000.
std::vector<FocusFile> focus_files(const RankModel& model, const SymbolGraph& graph, const FocusQuery& query);

}  // namespace acdc::symbols
