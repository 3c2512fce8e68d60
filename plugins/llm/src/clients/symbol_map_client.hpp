// clients/symbol_map_client.hpp -- the symbol-index plugin's maps (the
// symbol map of code mode, the doc outlines of doc mode), as the chat turn
// and the context breakdown use them, through the host by method name
// (SymbolIndex.*; the llm plugin includes nothing of that plugin).
//
// The map is optional: without the plugin (a trimmed build, --plugins), or
// while it is still indexing, a turn goes without one and `unavailable`
// says why, for the Context tab.
//
// In code mode with a MapFocus the map is ranked and cut to its budget
// (SymbolIndex.get_ranked_map, issue 26): a stable core, an outline of the
// rest, and the files this turn's message and history point at.
//
//   SymbolMapClient symbols(host);
//   SymbolMap map = symbols.for_turn(selected, ChatMode::code, &focus);   // blocks on the chat worker
//   SymbolMap docs = symbols.current(selected, ChatMode::doc);    // cross-reference
//   add_maps(content, map, &docs);
#pragma once

#include "context/context_engine.hpp"
#include "context/chat_mode.hpp"

#include <acdc/sdk.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace acdc::llm {

inline constexpr std::string_view kRepoMapHeader =
    "# Repository Structure\n\nBelow is a map of the repository showing classes, functions, and their relationships.\n"
    "Use this to understand the codebase structure and find relevant code.\n\n";

inline constexpr std::string_view kDocMapHeader =
    "# Document Structure\n\nBelow is an outline map of documentation files showing headings, keywords, and "
    "cross-references.\nUse this to navigate and reference documentation without loading every file.\n\n";

// What a turn asks of a ranked map.
struct MapFocus {
  long budget_tokens = 0;  // 0: the whole map
  std::string message;
  std::string history;     // the recent conversation
};

// How a ranked map was cut (the Context tab shows it).
struct MapFigures {
  bool complete = true;  // every file in full
  long budget_tokens = 0;
  long files_total = 0, files_full = 0, files_summary = 0, files_outline = 0, files_left_out = 0;
  long indexing_percent = -1;  // >= 0: a first index is still running; the map has what is done
};

// One file's block of a map.
struct MapBlock {
  std::string path;
  std::string text;
  std::string why = "all";  // a ranked map's: ranked, mentioned, neighbour; "all" for a whole map
  bool summary = false;     // its symbols' names only, not the whole block
  // The stable part of the map; the rest is a ranked map's per-turn focus.
  bool core() const { return why == "all" || why == "ranked"; }
};

struct SymbolMap {
  ChatMode kind = ChatMode::code;  // the symbol map, or the doc outlines
  std::string legend;
  std::vector<MapBlock> blocks;  // a ranked map's core by path, then its focus
  std::string outline;      // a ranked map's other files by directory, "" when complete
  std::optional<MapFigures> figures;  // a ranked map's
  std::string unavailable;  // why there is no map, when there is none

  bool available() const { return unavailable.empty(); }
  // REPO_MAP_HEADER (DOC_MAP_HEADER for the doc outlines) and the legend,
  // then a blank line (§4.6).
  std::string header_and_legend() const;
};

// The reference graph that seeds the cache tiers (§4.7 "Initialisation").
struct ReferenceGraph {
  std::vector<std::string> by_references;           // most-referenced file first
  std::vector<std::vector<std::string>> components;  // connected files, largest group first
};

// Puts the mode's map into a turn's content and, with cross-reference, the
// other one's header and legend after it and its blocks among the blocks
// (§4.6 L0: primary header and legend, then the opposite one's); a ranked
// map's focus goes into focus_blocks. Either map may be unavailable;
// `secondary` may be null.
void add_maps(TurnContent& content, const SymbolMap& primary, const SymbolMap* secondary);

class SymbolMapClient {
 public:
  explicit SymbolMapClient(const acdc::Host& host) : host_(host) {}

  // At the start of a turn (§4.2 step 3): re-index the files changed since
  // the last turn, then the map without the files in full context. Runs on
  // a plugin thread: it waits for the answers.
  // With `focus` (code mode only) the map is ranked and budgeted.
  SymbolMap for_turn(const std::vector<std::string>& in_context, ChatMode kind = ChatMode::code,
                     const MapFocus* focus = nullptr) const;
  // The map as it is, without re-indexing (the context breakdown, the
  // other mode's map for cross-reference).
  SymbolMap current(const std::vector<std::string>& in_context, ChatMode kind = ChatMode::code,
                    const MapFocus* focus = nullptr) const;
  // nullopt without the plugin or before the index is ready.
  std::optional<ReferenceGraph> reference_graph() const;

 private:
  const acdc::Host& host_;
};

}  // namespace acdc::llm
