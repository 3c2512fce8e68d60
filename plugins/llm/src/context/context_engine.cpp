#include "context/context_engine.hpp"

#include "util/bytes.hpp"

#include <algorithm>
#include <cmath>

namespace acdc::llm {
namespace {

constexpr std::size_t kTokenMemoLimit = 100000;

int tier_index(Tier t) { return static_cast<int>(t); }

void append_block(std::string& blocks, const std::string& block) {
  // The map's own layout (§7.2): a blank line between blocks, a newline at the end.
  if (!blocks.empty()) blocks += '\n';
  blocks += block;
  blocks += '\n';
}

}  // namespace

std::size_t Placement::tokens(Tier t) const {
  std::size_t n = 0;
  for (const auto& item : tiers[tier_index(t)]) n += item.tokens;
  return n;
}

void ContextEngine::set_cache_target(std::size_t min_cacheable_tokens) {
  // §4.5: cache_target_tokens = min_cacheable x 1.1.
  auto target = static_cast<std::size_t>(std::ceil(static_cast<double>(min_cacheable_tokens) * 1.1));
  std::lock_guard lock(mu_);
  if (target == tracker_.cache_target()) return;
  tracker_ = StabilityTracker(target);
  seeded_ = false;
}

std::size_t ContextEngine::cache_target() const {
  std::lock_guard lock(mu_);
  return tracker_.cache_target();
}

ItemState ContextEngine::state_of(const std::string& text) {
  std::string hash = sha256_hex(text);
  auto it = tokens_by_hash_.find(hash);
  if (it == tokens_by_hash_.end()) {
    if (tokens_by_hash_.size() > kTokenMemoLimit) tokens_by_hash_.clear();
    it = tokens_by_hash_.emplace(hash, count_(text)).first;
  }
  return ItemState{std::move(hash), it->second};
}

std::size_t ContextEngine::history_tokens(const ChatMessage& m) {
  return state_of(m.role + ":" + m.content).tokens + kImageTokens * m.images.size();
}

Placement ContextEngine::place(const TurnContent& c, PromptInput& in) {
  std::lock_guard lock(mu_);
  Placement p;
  auto tier_for = [this](const std::string& key) { return tiering_ ? tracker_.tier_of(key) : Tier::active; };
  auto record = [&](const std::string& key, const char* type, ItemState state, Tier t) {
    const TrackedItem* tracked = tracker_.find(key);
    p.tiers[tier_index(t)].push_back(PlacedItem{key, type, state.tokens, tracked ? tracked->n : 0});
    p.items.emplace(key, std::move(state));
  };

  in.system_prompt = c.system_prompt;
  in.map_header_and_legend = c.map_header_and_legend;
  record("system:prompt", "system", state_of(c.system_prompt + c.map_header_and_legend), Tier::L0);

  for (const auto& [path, block] : c.symbol_blocks) {
    std::string key = "symbol:" + path;
    // Untiered, the map rides in the system message as it always did.
    Tier t = tiering_ ? tracker_.tier_of(key) : Tier::L0;
    append_block(t == Tier::active ? in.active_symbol_blocks : in.tiers[tier_index(t)].symbol_blocks, block);
    record(key, "symbols", state_of(block), t);
  }

  // Files: in a tier by path (stable whatever the selection order), active
  // ones as the user ordered them.
  for (const auto& f : c.files) {
    std::string key = "file:" + f.path;
    Tier t = tier_for(key);
    (t == Tier::active ? in.active_files : in.tiers[tier_index(t)].files).push_back(f);
    record(key, "file", state_of(f.path + "\n" + f.content), t);
  }
  for (auto& tier : in.tiers)
    std::sort(tier.files.begin(), tier.files.end(), [](const FileEntry& a, const FileEntry& b) { return a.path < b.path; });

  // History keeps its order: a message never sits in a more stable tier
  // than one before it.
  Tier floor = Tier::L0;
  for (std::size_t i = 0; i < c.history.size(); ++i) {
    std::string key = "history:" + std::to_string(i);
    const ChatMessage& m = c.history[i];
    Tier t = std::max(floor, tier_for(key));
    floor = t;
    (t == Tier::active ? in.active_history : in.tiers[tier_index(t)].history).push_back(m);
    ItemState state = state_of(m.role + ":" + m.content);
    state.tokens = history_tokens(m);
    record(key, "history", std::move(state), t);
  }
  for (Tier t : {Tier::L0, Tier::L1, Tier::L2, Tier::L3}) in.tiers[tier_index(t)].tokens = p.tokens(t);
  return p;
}

void ContextEngine::update(const Placement& sent, const std::vector<ChatMessage>& history_after,
                           const std::function<bool(const std::string&)>& exists) {
  std::lock_guard lock(mu_);
  std::map<std::string, ItemState> items;
  for (const auto& [key, state] : sent.items)
    if (!key.starts_with("history:")) items.emplace(key, state);
  for (std::size_t i = 0; i < history_after.size(); ++i) {
    const ChatMessage& m = history_after[i];
    ItemState state = state_of(m.role + ":" + m.content);
    state.tokens = history_tokens(m);
    items.emplace("history:" + std::to_string(i), std::move(state));
  }
  tracker_.update(items, exists);
  seeded_ = true;
}

bool ContextEngine::needs_seed() const {
  std::lock_guard lock(mu_);
  return tiering_ && !seeded_;
}

void ContextEngine::seed(const std::vector<std::string>& by_references,
                         const std::vector<std::vector<std::string>>& components) {
  std::lock_guard lock(mu_);
  tracker_.seed(by_references, components);
  seeded_ = true;
}

void ContextEngine::purge_history() {
  std::lock_guard lock(mu_);
  tracker_.purge_history();
}

void ContextEngine::rebuild() {
  std::lock_guard lock(mu_);
  tracker_.clear_except_history();
  seeded_ = false;
}

std::vector<TierMove> ContextEngine::last_changes() const {
  std::lock_guard lock(mu_);
  return tracker_.last_changes();
}

}  // namespace acdc::llm
