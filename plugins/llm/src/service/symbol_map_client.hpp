// service/symbol_map_client.hpp -- the symbol-index plugin's map, as the chat
// turn and the context breakdown use it, through the host by method name
// (SymbolIndex.*; the llm plugin includes nothing of that plugin).
//
// The map is optional: without the plugin (a trimmed build, --plugins), or
// while it is still indexing, a turn goes without one and `unavailable`
// says why, for the Context tab.
//
//   SymbolMapClient symbols(host);
//   SymbolMap map = symbols.for_turn(selected);   // blocks on the chat worker
//   if (map.available()) in.map_header_and_legend = map.header_and_legend();
#pragma once

#include <acdc/sdk.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace acdc::llm {

inline constexpr std::string_view kRepoMapHeader =
    "# Repository Structure\n\nBelow is a map of the repository showing classes, functions, and their relationships.\n"
    "Use this to understand the codebase structure and find relevant code.\n\n";

struct SymbolMap {
  std::string legend;
  std::vector<std::pair<std::string, std::string>> blocks;  // (path, block), by path
  std::string unavailable;  // why there is no map, when there is none

  bool available() const { return unavailable.empty(); }
  // REPO_MAP_HEADER and the legend, then a blank line (§4.6).
  std::string header_and_legend() const;
};

// The reference graph that seeds the cache tiers (§4.7 "Initialisation").
struct ReferenceGraph {
  std::vector<std::string> by_references;           // most-referenced file first
  std::vector<std::vector<std::string>> components;  // connected files, largest group first
};

class SymbolMapClient {
 public:
  explicit SymbolMapClient(const acdc::Host& host) : host_(host) {}

  // At the start of a turn (§4.2 step 3): re-index the files changed since
  // the last turn, then the map without the files in full context. Runs on
  // a plugin thread: it waits for the answers.
  SymbolMap for_turn(const std::vector<std::string>& in_context) const;
  // The map as it is, without re-indexing (the context breakdown).
  SymbolMap current(const std::vector<std::string>& in_context) const;
  // nullopt without the plugin or before the index is ready.
  std::optional<ReferenceGraph> reference_graph() const;

 private:
  const acdc::Host& host_;
};

}  // namespace acdc::llm
