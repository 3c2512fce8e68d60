#include "context/context_engine.hpp"

#include <acdc/util/sha256.hpp>

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

CacheMarks Placement::marks(std::size_t min_cacheable_tokens) const {
  std::array<std::size_t, 4> tier_tokens{};
  for (std::size_t i = 0; i < tier_tokens.size(); ++i) tier_tokens[i] = tokens(static_cast<Tier>(i));
  std::size_t conversation = 0;
  bool history = false;
  for (const auto& item : tiers[static_cast<std::size_t>(Tier::active)]) {
    if (item.key.starts_with(kFocusPrefix)) continue;
    conversation += item.tokens;
    history = history || item.type == "history";
  }
  return plan_cache_marks(tier_tokens, conversation, history, min_cacheable_tokens);
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
  std::string hash = util::sha256_hex(text);
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

std::map<std::string, ItemState> ContextEngine::items_of(const TurnContent& c) {
  std::map<std::string, ItemState> items;
  items.emplace("system:prompt", state_of(c.system_prompt + c.map_header_and_legend));
  if (!c.map_outline.empty()) items.emplace(kOutlineKey, state_of(c.map_outline));
  for (const auto& [path, block] : c.symbol_blocks) items.emplace(kSymbolPrefix + path, state_of(block));
  for (const auto& [path, block] : c.focus_blocks) items.emplace(kFocusPrefix + path, state_of(block));
  for (const auto& f : c.files) items.emplace("file:" + f.path, state_of(f.path + "\n" + f.content));
  for (std::size_t i = 0; i < c.history.size(); ++i) {
    ItemState state = state_of(c.history[i].role + ":" + c.history[i].content);
    state.tokens = history_tokens(c.history[i]);
    items.emplace("history:" + std::to_string(i), std::move(state));
  }
  return items;
}

Placement ContextEngine::place(const TurnContent& c, PromptInput& in,
                               const std::function<bool(const std::string&)>& exists) {
  std::lock_guard lock(mu_);
  std::map<std::string, ItemState> items = items_of(c);
  if (tiering_) {
    std::map<std::string, ItemState> tracked = items;
    std::erase_if(tracked, [](const auto& kv) { return kv.first.starts_with(kFocusPrefix); });
    tracker_.update(tracked, exists);
  }
  seeded_ = true;
  return layout(c, items, in);
}

Placement ContextEngine::preview(const TurnContent& c, PromptInput& in) {
  std::lock_guard lock(mu_);
  return layout(c, items_of(c), in);
}

Placement ContextEngine::layout(const TurnContent& c, const std::map<std::string, ItemState>& items,
                                PromptInput& in) const {
  Placement p;
  // An item whose content differs from what the tracker knows (a preview
  // before the turn that will see the change) goes to active, where that
  // turn puts it.
  auto tier_for = [this](const std::string& key, const ItemState& now) {
    if (!tiering_) return Tier::active;
    const TrackedItem* tracked = tracker_.find(key);
    if (!tracked || (!tracked->state.hash.empty() && tracked->state.hash != now.hash)) return Tier::active;
    return tracked->tier;
  };
  auto record = [&](const std::string& key, const char* type, Tier t) {
    const ItemState& state = items.at(key);
    const TrackedItem* tracked = tracker_.find(key);
    p.tiers[tier_index(t)].push_back(PlacedItem{key, type, state.tokens, tracked ? tracked->n : 0});
    p.items.emplace(key, state);
  };

  in.system_prompt = c.system_prompt;
  in.map_header_and_legend = c.map_header_and_legend;
  record("system:prompt", "system", Tier::L0);

  // The outline is tiered as a block is; it heads its tier's blocks.
  if (!c.map_outline.empty()) {
    Tier t = tiering_ ? tier_for(kOutlineKey, items.at(kOutlineKey)) : Tier::L0;
    append_block(t == Tier::active ? in.active_symbol_blocks : in.tiers[tier_index(t)].symbol_blocks, c.map_outline);
    record(kOutlineKey, "symbols", t);
  }
  for (const auto& [path, block] : c.symbol_blocks) {
    std::string key = kSymbolPrefix + path;
    // Untiered, the map rides in the system message as it always did.
    Tier t = tiering_ ? tier_for(key, items.at(key)) : Tier::L0;
    append_block(t == Tier::active ? in.active_symbol_blocks : in.tiers[tier_index(t)].symbol_blocks, block);
    record(key, "symbols", t);
  }

  for (const auto& [path, block] : c.focus_blocks) {
    append_block(in.focus_symbol_blocks, block);
    record(kFocusPrefix + path, "symbols", Tier::active);
  }

  // Files: in a tier by path (stable whatever the selection order), active
  // ones as the user ordered them.
  for (const auto& f : c.files) {
    std::string key = "file:" + f.path;
    Tier t = tier_for(key, items.at(key));
    (t == Tier::active ? in.active_files : in.tiers[tier_index(t)].files).push_back(f);
    record(key, "file", t);
  }
  for (auto& tier : in.tiers)
    std::sort(tier.files.begin(), tier.files.end(), [](const FileEntry& a, const FileEntry& b) { return a.path < b.path; });

  // History keeps its order: a message never sits in a more stable tier
  // than one before it.
  Tier floor = Tier::L0;
  for (std::size_t i = 0; i < c.history.size(); ++i) {
    std::string key = "history:" + std::to_string(i);
    Tier t = std::max(floor, tier_for(key, items.at(key)));
    floor = t;
    (t == Tier::active ? in.active_history : in.tiers[tier_index(t)].history).push_back(c.history[i]);
    record(key, "history", t);
  }
  for (Tier t : {Tier::L0, Tier::L1, Tier::L2, Tier::L3}) in.tiers[tier_index(t)].tokens = p.tokens(t);
  return p;
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
