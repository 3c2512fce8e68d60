// service/context_breakdown.cpp -- see context_breakdown.hpp.
#include "service/context_breakdown.hpp"

#include "context/map_budget.hpp"

#include <acdc/util/json_writer.hpp>

#include <optional>

namespace acdc::llm {
namespace {

// The per-kind sums of the flat breakdown, from the placed items.
struct KindSums {
  long system = 0, symbol_map = 0, files = 0, history = 0;
};

KindSums sums_of(const Placement& p) {
  KindSums s;
  for (const auto& tier : p.tiers)
    for (const auto& item : tier) {
      long t = static_cast<long>(item.tokens);
      if (item.type == "system") s.system += t;
      else if (item.type == "symbols") s.symbol_map += t;
      else if (item.type == "file") s.files += t;
      else s.history += t;
    }
  return s;
}

void write_rates(acdc::JsonWriter& w, const SessionTotals& totals) {
  util::write_member(w, "cache_hit_rate", totals.last_hit_rate());
  util::write_member(w, "session_cache_rate", totals.session_hit_rate());
  // Only a provider that reported cache fields has a rate of its own.
  const bool reported = totals.last && (totals.last->cache_read_tokens || totals.last->cache_write_tokens);
  util::write_member(w, "provider_cache_rate", reported ? totals.last_hit_rate() : std::nullopt);
}

void write_tier_item(acdc::JsonWriter& w, const PlacedItem& item) {
  w.StartObject();
  w.Key("name"); acdc::to_json(w, item.key);
  w.Key("type"); acdc::to_json(w, item.type);
  if (auto colon = item.key.find(':');
      item.type == "file" || item.key.starts_with(kSymbolPrefix) || item.key.starts_with(kFocusPrefix)) {
    w.Key("path");
    acdc::to_json(w, item.key.substr(colon + 1));
  }
  util::write_member(w, "tokens", static_cast<long>(item.tokens));
  util::write_member(w, "n", item.n);
  w.EndObject();
}

void write_blocks(acdc::JsonWriter& w, const Placement& p, const ModelLimits& limits) {
  const CacheMarks marks = p.marks(limits.min_cacheable_tokens);
  w.Key("blocks");
  w.StartArray();
  for (int i = 0; i < kTierCount; ++i) {
    const Tier t = static_cast<Tier>(i);
    const long tokens = static_cast<long>(p.tokens(t));
    w.StartObject();
    w.Key("name"); w.String(tier_name(t));
    w.Key("tier"); w.String(tier_name(t));
    util::write_member(w, "tokens", tokens);
    util::write_member(w, "count", static_cast<long>(p.tiers[i].size()));
    w.Key("cached"); w.Bool(t == Tier::active ? marks.conversation : marks.tiers[static_cast<std::size_t>(i)] && tokens > 0);
    util::write_member(w, "threshold", entry_n(t));
    w.Key("contents");
    w.StartArray();
    for (const auto& item : p.tiers[i]) write_tier_item(w, item);
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
}

// The ranked map's cut (issue 26): its budget, how many files are in it in
// full, in the outline and left out, and why each block is in.
void write_map_figures(acdc::JsonWriter& w, const SymbolMap& map, const Placement& p) {
  if (!map.figures) return;
  const MapFigures& f = *map.figures;
  w.Key("symbol_map_details");
  w.StartObject();
  util::write_member(w, "budget_tokens", f.budget_tokens);
  util::write_member(w, "tokens", static_cast<long>(map_tokens(p)));
  util::write_member(w, "complete", f.complete);
  util::write_member(w, "files_total", f.files_total);
  util::write_member(w, "files_full", f.files_full);
  util::write_member(w, "files_summary", f.files_summary);
  util::write_member(w, "files_outline", f.files_outline);
  util::write_member(w, "files_left_out", f.files_left_out);
  if (f.indexing_percent >= 0) util::write_member(w, "indexing_percent", f.indexing_percent);
  util::write_member(w, "outline", map.outline);
  w.Key("entries");
  w.StartArray();
  for (const auto& b : map.blocks) {
    auto item = p.items.find((b.core() ? kSymbolPrefix : kFocusPrefix) + b.path);
    w.StartObject();
    util::write_member(w, "path", b.path);
    util::write_member(w, "why", b.why);
    w.Key("level"); w.String(b.summary ? "summary" : "full");
    util::write_member(w, "tokens", item == p.items.end() ? 0 : static_cast<long>(item->second.tokens));
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

void write_file_details(acdc::JsonWriter& w, const Placement& p) {
  w.Key("file_details");
  w.StartArray();
  for (const auto& tier : p.tiers)
    for (const auto& item : tier) {
      if (item.type != "file") continue;
      w.StartObject();
      util::write_member(w, "path", item.key.substr(5));
      util::write_member(w, "tokens", static_cast<long>(item.tokens));
      w.EndObject();
    }
  w.EndArray();
}

// The flat breakdown by kind; returns the URL tokens, counted there.
long write_by_kind(acdc::JsonWriter& w, const BreakdownInput& in, const KindSums& s,
                   const UrlBreakdownWriter& write_urls) {
  w.Key("breakdown");
  w.StartObject();
  util::write_member(w, "system", s.system - in.legend_tokens);
  util::write_member(w, "legend", in.legend_tokens);
  util::write_member(w, "symbol_map", s.symbol_map);
  util::write_member(w, "symbol_map_files", static_cast<long>(in.map.blocks.size()));
  write_map_figures(w, in.map, in.placement);
  if (!in.map.available()) util::write_member(w, "symbol_map_unavailable", in.map.unavailable);
  util::write_member(w, "files", s.files);
  util::write_member(w, "file_count", static_cast<long>(in.content.files.size()));
  write_file_details(w, in.placement);
  const long urls = write_urls(w);
  util::write_member(w, "history", s.history);
  util::write_member(w, "history_messages", static_cast<long>(in.content.history.size()));
  w.EndObject();
  return urls;
}

void write_moves(acdc::JsonWriter& w, const std::vector<TierMove>& moves) {
  for (const char* kind : {"promotions", "demotions"}) {
    const bool up = kind[0] == 'p';
    w.Key(kind);
    w.StartArray();
    for (const auto& m : moves) {
      if ((static_cast<int>(m.to) < static_cast<int>(m.from)) != up) continue;
      w.StartObject();
      util::write_member(w, "name", m.key);
      w.Key("from"); w.String(tier_name(m.from));
      w.Key("to"); w.String(tier_name(m.to));
      w.EndObject();
    }
    w.EndArray();
  }
}

void write_totals(acdc::JsonWriter& w, const SessionTotals& totals) {
  w.Key("session_totals");
  const std::string session = totals.to_json();
  w.RawValue(session.c_str(), session.size(), rapidjson::kObjectType);
  w.Key("last_turn");
  const std::string last = totals.last_turn_json();
  w.RawValue(last.c_str(), last.size(), last == "null" ? rapidjson::kNullType : rapidjson::kObjectType);
}

}  // namespace

std::string breakdown_json(const BreakdownInput& in, const UrlBreakdownWriter& write_urls) {
  const KindSums sums = sums_of(in.placement);
  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  w.StartObject();
  w.Key("scope"); w.String("main");
  util::write_member(w, "model", in.model);
  w.Key("mode"); w.String(mode_name(in.mode));
  util::write_member(w, "cross_ref_enabled", in.cross_ref);
  util::write_member(w, "max_input_tokens", in.limits.context_window);
  util::write_member(w, "window_source", in.limits.window_source);
  util::write_member(w, "max_output_tokens", in.limits.output_ceiling);
  if (!in.limits.known) util::write_member(w, "model_note", in.limits.note);
  write_rates(w, in.totals);
  write_blocks(w, in.placement, in.limits);
  const long urls = write_by_kind(w, in, sums, write_urls);
  // After the breakdown: the URL part is counted there.
  util::write_member(w, "total_tokens", sums.system + sums.symbol_map + sums.files + sums.history + urls);
  write_moves(w, in.moves);
  write_totals(w, in.totals);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace acdc::llm
