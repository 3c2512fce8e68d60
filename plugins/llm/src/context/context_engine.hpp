// context/context_engine.hpp -- sorts one turn's content into cache tiers
// (acdc-features.md §4.2 step 7, §4.6, §4.7): the system prompt, the
// symbol map's per-file blocks, the selected files and the history each
// become a tracked item; the stability tracker says which tier each sits
// in, and the engine fills the PromptInput the assembler renders, in an
// order that is the same from one turn to the next, so an unchanged prefix
// is byte-identical and the provider's cache reads it.
//
// The tracker learns each turn's items before that turn is assembled, not
// after its answer (§4.2 step 14 does it after): the items are the same,
// but a change and the promotions it opens then land in one rewrite of the
// cached prefix instead of two, one turn apart.
//
//   ContextEngine engine(count_tokens);
//   engine.set_cache_target(min_cacheable_tokens(model));
//   Placement sent = engine.place(content, input, exists);  // the turn's request
//   Placement now = engine.preview(content, input);         // the Context tab: no update
//
// Thread-safe: the chat turn, the context breakdown and compaction call it
// from different workers; each call takes the engine's mutex.
#pragma once

#include "context/stability_tracker.hpp"
#include "prompt/cache_marks.hpp"
#include "prompt/prompt_input.hpp"

#include <array>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace acdc::llm {

struct TurnContent {
  std::string system_prompt;
  std::string map_header_and_legend;  // empty without a symbol map
  std::vector<std::pair<std::string, std::string>> symbol_blocks;  // (path, block), in a stable order
  std::string map_outline;            // a ranked map's other files by directory, or ""
  // A ranked map's per-turn focus (path, block): always active, never
  // tracked, so a focus that changes from turn to turn breaks no tier.
  std::vector<std::pair<std::string, std::string>> focus_blocks;
  std::vector<FileEntry> files;       // the selection that could be read, in selection order
  std::vector<ChatMessage> history;   // the conversation before this turn's message
};

// The keys of a map's items (PlacedItem::key; the tracker's keys). The
// outline is not a path: the tracker never asks whether it exists on disk.
// Focus items are never tracked.
inline const std::string kOutlineKey = "outline:map";
inline const std::string kSymbolPrefix = "symbol:";
inline const std::string kFocusPrefix = "focus:";

struct PlacedItem {
  std::string key;   // "system:prompt", "outline:map", "symbol:a.py", "focus:a.py", "file:a.py", "history:3"
  std::string type;  // "system", "symbols" (a map or focus block, the outline), "file", "history"
  std::size_t tokens = 0;
  int n = 0;         // its stability count when placed
};

struct Placement {
  std::array<std::vector<PlacedItem>, kTierCount> tiers;  // by Tier
  std::map<std::string, ItemState> items;                 // every item placed
  std::size_t tokens(Tier t) const;
  // Which blocks the request carries a cache marker on (the assembler's
  // rule, prompt/cache_marks.hpp): the active block's part before the map's
  // focus is the conversation (URL context left out of the count).
  CacheMarks marks(std::size_t min_cacheable_tokens) const;
};

class ContextEngine {
 public:
  // `tiering` false: the layout before tiering existed (system prompt and
  // map cached in L0, everything else active), for comparison.
  explicit ContextEngine(TokenCounter count, bool tiering = true) : count_(std::move(count)), tiering_(tiering) {}

  // The model's cache minimum; a change of model starts the tiers afresh.
  void set_cache_target(std::size_t min_cacheable_tokens);
  // One turn: the tracker updates with `content`'s items (`exists` answers
  // for paths: deleted files leave), then fills `in`'s system prompt, map
  // header, tiers and active part.
  Placement place(const TurnContent& content, PromptInput& in, const std::function<bool(const std::string&)>& exists);
  // The same layout without updating the tracker: what the tiers hold now.
  Placement preview(const TurnContent& content, PromptInput& in);

  // True until seeded or placed once: the reference graph may seed it.
  bool needs_seed() const;
  void seed(const std::vector<std::string>& by_references, const std::vector<std::vector<std::string>>& components);
  void purge_history();  // compaction, new or loaded session
  void rebuild();        // rebuild_cache: tiers (not history) emptied, to be seeded again
  std::vector<TierMove> last_changes() const;
  std::size_t cache_target() const;

 private:
  ItemState state_of(const std::string& text);
  std::size_t history_tokens(const ChatMessage& m);
  std::map<std::string, ItemState> items_of(const TurnContent& c);
  Placement layout(const TurnContent& c, const std::map<std::string, ItemState>& items, PromptInput& in) const;

  TokenCounter count_;
  const bool tiering_;
  mutable std::mutex mu_;
  StabilityTracker tracker_{1126};
  bool seeded_ = false;
  std::unordered_map<std::string, std::size_t> tokens_by_hash_;  // counting is the costly part
};

}  // namespace acdc::llm
