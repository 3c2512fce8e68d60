// LLMService: work that waits on Repo.* or the smaller model, run on the
// aux worker thread: the context breakdown, snippets, commit messages.
#include "service/llm_service.hpp"

#include "context/map_budget.hpp"
#include "edit/edit_parser.hpp"
#include "prompt/prompt_assembler.hpp"
#include "prompt/prompt_store.hpp"
#include "provider/provider_config.hpp"
#include "context/model_limits.hpp"

#include <acdc/util/json_writer.hpp>


#include <optional>

namespace acdc::llm {
namespace {

// The ranked map's cut (issue 26): its budget, how many files are in it in
// full, in the outline and left out, and why each block is in.
void write_map_figures(acdc::JsonWriter& w, const SymbolMap& map, const Placement& p) {
  if (!map.figures) return;
  const MapFigures& f = *map.figures;
  w.Key("symbol_map_details");
  w.StartObject();
  util::write_member(w, "budget_tokens", f.budget_tokens);
  util::write_member(w, "tokens", static_cast<long>(map_tokens(p)));
  w.Key("complete"); w.Bool(f.complete);
  util::write_member(w, "files_total", f.files_total);
  util::write_member(w, "files_full", f.files_full);
  util::write_member(w, "files_summary", f.files_summary);
  util::write_member(w, "files_outline", f.files_outline);
  util::write_member(w, "files_left_out", f.files_left_out);
  w.Key("outline"); acdc::to_json(w, map.outline);
  w.Key("entries");
  w.StartArray();
  for (const auto& b : map.blocks) {
    auto item = p.items.find((b.core() ? kSymbolPrefix : kFocusPrefix) + b.path);
    w.StartObject();
    w.Key("path"); acdc::to_json(w, b.path);
    w.Key("why"); acdc::to_json(w, b.why);
    w.Key("level"); w.String(b.summary ? "summary" : "full");
    util::write_member(w, "tokens", item == p.items.end() ? 0 : static_cast<long>(item->second.tokens));
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

}  // namespace

void LLMService::get_context_breakdown(acdc::Call call) {
  aux_worker_.post([this, call]() mutable {
    try {
      call.ok_raw(context_breakdown());
    } catch (const acdc::Error& e) {
      call.fail(e.status(), e.what());
    } catch (const std::exception& e) {
      call.fail(ACDC_E_APPLICATION, e.what());
    }
  });
}

// Reads every selected file and places the content as the next turn would:
// on the aux worker only. The shape of acdc-features.md §4.1.
std::string LLMService::context_breakdown() {
  std::string model;
  PromptStore prompts;
  ChatMode mode;
  bool cross_ref;
  ContextEngine* engine;
  {
    std::lock_guard lock(mu_);
    model = ProviderConfig::from_json(config_["llm"]).model;  // a broken llm.yaml is this answer's error
    prompts = PromptStore(config_["host"]);
    mode = mode_, cross_ref = cross_ref_, engine = &engine_locked();
  }
  const ModelLimits limits = model_limits_now();
  TurnContent content{.system_prompt = mode == ChatMode::doc ? prompts.doc_system_prompt() : prompts.system_prompt(),
                      .history = session_.prompt_history()};
  for (const auto& path : session_.selected()) {
    try {
      content.files.push_back(FileEntry{path, repo_.read_for_prompt(path)});
    } catch (const FileAccessError&) {
      // binary or gone: not in the prompt either
    }
  }
  MapFocus focus{.history = recent_history_text(content.history)};
  {
    std::lock_guard lock(mu_);
    focus.budget_tokens = map_budget_locked(limits);
  }
  SymbolMap map = symbols_.current(session_.selected(), mode, &focus);
  std::optional<SymbolMap> other;
  if (cross_ref) other = symbols_.current(session_.selected(), other_mode(mode), &focus);
  add_maps(content, map, other ? &*other : nullptr);
  PromptInput unused;
  const Placement p = engine->preview(content, unused);
  const SessionTotals totals = session_.totals();

  // The per-kind sums of the flat breakdown, from the placed items.
  long system = 0, symbol_map = 0, files = 0, history = 0;
  for (const auto& tier : p.tiers)
    for (const auto& item : tier) {
      long t = static_cast<long>(item.tokens);
      if (item.type == "system") system += t;
      else if (item.type == "symbols") symbol_map += t;
      else if (item.type == "file") files += t;
      else history += t;
    }
  const long legend = content.map_header_and_legend.empty() ? 0 : static_cast<long>(count_tokens_(content.map_header_and_legend));

  rapidjson::StringBuffer buf;
  acdc::JsonWriter w(buf);
  auto optional_rate = [&w](const char* key, std::optional<double> v) {
    w.Key(key);
    if (v) w.Double(*v);
    else w.Null();
  };
  w.StartObject();
  w.Key("scope"); w.String("main");
  w.Key("model"); acdc::to_json(w, model);
  w.Key("mode"); w.String(mode_name(mode));
  w.Key("cross_ref_enabled"); w.Bool(cross_ref);
  util::write_member(w, "max_input_tokens", limits.context_window);
  util::write_member(w, "max_output_tokens", limits.output_ceiling);
  if (!limits.known) {
    w.Key("model_note");
    acdc::to_json(w, limits.note);
  }
  optional_rate("cache_hit_rate", totals.last_hit_rate());
  optional_rate("session_cache_rate", totals.session_hit_rate());
  // Only a provider that reported cache fields has a rate of its own.
  optional_rate("provider_cache_rate",
                totals.last && (totals.last->cache_read_tokens || totals.last->cache_write_tokens) ? totals.last_hit_rate()
                                                                                                  : std::nullopt);
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
    w.Key("cached"); w.Bool(t != Tier::active && tokens >= static_cast<long>(limits.min_cacheable_tokens));
    util::write_member(w, "threshold", entry_n(t));
    w.Key("contents");
    w.StartArray();
    for (const auto& item : p.tiers[i]) {
      w.StartObject();
      w.Key("name"); acdc::to_json(w, item.key);
      w.Key("type"); acdc::to_json(w, item.type);
      if (auto colon = item.key.find(':'); item.type == "file" || item.key.starts_with(kSymbolPrefix) ||
                                           item.key.starts_with(kFocusPrefix)) {
        w.Key("path");
        acdc::to_json(w, item.key.substr(colon + 1));
      }
      util::write_member(w, "tokens", static_cast<long>(item.tokens));
      util::write_member(w, "n", item.n);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.Key("breakdown");
  w.StartObject();
  util::write_member(w, "system", system - legend);
  util::write_member(w, "legend", legend);
  util::write_member(w, "symbol_map", symbol_map);
  util::write_member(w, "symbol_map_files", static_cast<long>(map.blocks.size()));
  write_map_figures(w, map, p);
  if (!map.available()) {
    w.Key("symbol_map_unavailable");
    acdc::to_json(w, map.unavailable);
  }
  util::write_member(w, "files", files);
  util::write_member(w, "file_count", static_cast<long>(content.files.size()));
  w.Key("file_details");
  w.StartArray();
  for (const auto& tier : p.tiers)
    for (const auto& item : tier) {
      if (item.type != "file") continue;
      w.StartObject();
      w.Key("path"); acdc::to_json(w, item.key.substr(5));
      util::write_member(w, "tokens", static_cast<long>(item.tokens));
      w.EndObject();
    }
  w.EndArray();
  const long urls = url_methods_.write_breakdown(w);
  util::write_member(w, "history", history);
  util::write_member(w, "history_messages", static_cast<long>(content.history.size()));
  w.EndObject();
  // After the breakdown: the URL part is counted there.
  util::write_member(w, "total_tokens", system + symbol_map + files + history + urls);
  const std::vector<TierMove> moves = engine->last_changes();
  for (const char* kind : {"promotions", "demotions"}) {
    const bool up = kind[0] == 'p';
    w.Key(kind);
    w.StartArray();
    for (const auto& m : moves) {
      if ((static_cast<int>(m.to) < static_cast<int>(m.from)) != up) continue;
      w.StartObject();
      w.Key("name"); acdc::to_json(w, m.key);
      w.Key("from"); w.String(tier_name(m.from));
      w.Key("to"); w.String(tier_name(m.to));
      w.EndObject();
    }
    w.EndArray();
  }
  w.Key("session_totals");
  const std::string session = totals.to_json();
  w.RawValue(session.c_str(), session.size(), rapidjson::kObjectType);
  w.Key("last_turn");
  const std::string last = totals.last_turn_json();
  w.RawValue(last.c_str(), last.size(), last == "null" ? rapidjson::kNullType : rapidjson::kObjectType);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

void LLMService::get_snippets(acdc::Call call) {
  const char* mode;
  {
    std::lock_guard lock(mu_);
    // Each mode has its own list (§3.6); a review has the review list.
    mode = review_ ? "review" : mode_name(mode_);
  }
  host_.call("Settings.get_mode_snippets", acdc::json_array(std::string(mode)), [call](acdc::Result r) mutable {
    if (r.ok()) return call.ok_raw(r.payload);
    if (r.status == ACDC_E_NOT_FOUND) return call.ok_raw("[]");  // a build without the settings plugin
    call.fail(r.status, "snippets unavailable: " + r.payload);
  }, call.handle());
}

}  // namespace acdc::llm
