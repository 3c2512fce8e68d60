// context/stability_tracker.hpp -- which prompt content has stayed the same
// long enough to sit in a cached tier (acdc-features.md §4.7, model A: the
// classic N-counter cascade).
//
// Every turn's content is a set of items ("system:prompt", "symbol:<path>",
// "file:<path>", "history:<index>"), each with a content hash and a token
// count. An item that stays unchanged counts up; at n >= 3 it is ripe to
// graduate from active into L3, and from there to climb L3 -> L2 -> L1 -> L0
// (promotion at n >= 6, 9, 12) -- but it moves only on an update that
// rewrites the prompt where it lands anyway (issue 26): one change opens one
// path upward instead of invalidating a cached prefix, and a turn that only
// appends to the conversation moves nothing. A changed item drops to active
// and breaks its tier.
//
//   StabilityTracker t(/*cache_target=*/1126);
//   t.update({{"file:a.py", {hash, 900}}, ...}, exists);   // once per successful turn
//   Tier where = t.tier_of("file:a.py");                    // Tier::active until it graduates
//   for (auto& m : t.last_changes()) ...                     // what moved on that update
//
// Not thread-safe: the context engine that owns it serialises access.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace acdc::llm {

// Lower is more stable; active is the uncached tail of the prompt.
enum class Tier : int { L0 = 0, L1 = 1, L2 = 2, L3 = 3, active = 4 };
inline constexpr int kTierCount = 5;

const char* tier_name(Tier t);
// The n an item has when it enters `t`, and the n at which it leaves it upward.
int entry_n(Tier t);
int promote_n(Tier t);

struct ItemState {
  std::string hash;  // empty: a placeholder from seeding, replaced by the first real hash
  std::size_t tokens = 0;
};

struct TrackedItem {
  std::string key;
  Tier tier = Tier::active;
  int n = 0;
  ItemState state;
};

struct TierMove {
  std::string key;
  Tier from, to;
};

class StabilityTracker {
 public:
  // `cache_target`: the tokens a tier needs to be worth a cache marker
  // (the model's cache minimum x 1.1, §4.5).
  explicit StabilityTracker(std::size_t cache_target) : target_(cache_target) {}

  // One successful turn's items. `exists(path)` answers for file-ish keys
  // (Phase 0: a file deleted on disk leaves the tracker).
  void update(const std::map<std::string, ItemState>& items, const std::function<bool(const std::string&)>& exists);

  // Seeds the tiers from the reference graph before the first turn (§4.7
  // "Initialisation"): `by_references` sorted most-referenced first fills L0
  // up to the cache target; `components` (connected files, largest first)
  // are bin-packed across L1 and L2 (not L3: see the .cpp). Keys are
  // "symbol:<path>", each counted at a 400-token placeholder until its
  // first real update.
  void seed(const std::vector<std::string>& by_references, const std::vector<std::vector<std::string>>& components);

  // Compaction and new sessions: every history item leaves, its tier breaks.
  void purge_history();
  // rebuild_cache: everything but history back to nothing, to be seeded again.
  void clear_except_history();

  Tier tier_of(const std::string& key) const;
  const TrackedItem* find(const std::string& key) const;
  std::size_t tier_tokens(Tier t) const;
  std::vector<const TrackedItem*> items_in(Tier t) const;
  bool empty() const { return items_.empty(); }
  std::size_t cache_target() const { return target_; }
  // What moved on the last update(), in the order it moved.
  const std::vector<TierMove>& last_changes() const { return changes_; }

 private:
  void move(TrackedItem& item, Tier to, int n);
  std::array<bool, kTierCount> rewritten_anyway() const;
  void graduate(const std::array<bool, kTierCount>& free);
  void piggyback_history(const std::array<bool, kTierCount>& free);
  void cascade(const std::array<bool, kTierCount>& open_at_entry);
  void demote_underfilled(const std::array<bool, kTierCount>& free);

  std::size_t target_;
  std::map<std::string, TrackedItem> items_;
  std::array<bool, kTierCount> broken_{};             // where this update changes a cached prefix
  std::array<bool, kTierCount> pending_broken_{};     // broken between updates (purge, rebuild)
  std::vector<TierMove> changes_;
};

}  // namespace acdc::llm
