#include "clients/symbol_map_client.hpp"

#include <acdc/sdk/call_and_wait.hpp>

#include <algorithm>

namespace acdc::llm {
namespace {

// Said once in the Context tab, so it names the cause and the remedy. The
// host answers an absent class with "Method not found: X (why)".
std::string why_not(const acdc::Result& r, ChatMode kind) {
  const std::string what = kind == ChatMode::doc ? "no document map: " : "no repository map: ";
  if (!r.payload.starts_with("Method not found"))
    return what + (r.payload.empty() ? std::string("the symbol-index plugin did not answer") : r.payload);
  std::string out = what + "the symbol-index plugin is not loaded";
  if (auto open = r.payload.find(" ("); open != std::string::npos && r.payload.ends_with(")"))
    out += " (" + r.payload.substr(open + 2, r.payload.size() - open - 3) + ")";
  return out + "; add it to the plugins in acdc.yaml, or leave out --plugins, to give the model a map";
}

long member_long(const acdc::JsonValue& o, const char* key) {
  auto it = o.FindMember(key);
  return it != o.MemberEnd() && it->value.IsInt64() ? static_cast<long>(it->value.GetInt64()) : 0;
}

void read_figures(const acdc::Json& doc, SymbolMap& map) {
  MapFigures f;
  if (auto it = doc.FindMember("complete"); it != doc.MemberEnd() && it->value.IsBool()) f.complete = it->value.GetBool();
  f.budget_tokens = member_long(doc, "budget_tokens");
  if (doc.HasMember("indexing_percent")) f.indexing_percent = member_long(doc, "indexing_percent");
  if (auto it = doc.FindMember("files"); it != doc.MemberEnd() && it->value.IsObject()) {
    f.files_total = member_long(it->value, "total");
    f.files_full = member_long(it->value, "full");
    f.files_summary = member_long(it->value, "summary");
    f.files_outline = member_long(it->value, "outline");
    f.files_left_out = member_long(it->value, "left_out");
  }
  if (auto it = doc.FindMember("outline"); it != doc.MemberEnd() && it->value.IsString()) map.outline = it->value.GetString();
  map.figures = std::move(f);
}

}  // namespace

std::string SymbolMap::header_and_legend() const {
  return std::string(kind == ChatMode::doc ? kDocMapHeader : kRepoMapHeader) + legend + "\n";
}

void add_maps(TurnContent& content, const SymbolMap& primary, const SymbolMap* secondary) {
  for (const SymbolMap* map : {&primary, secondary}) {
    if (!map || !map->available()) continue;
    content.map_header_and_legend += map->header_and_legend();
    for (const auto& b : map->blocks) (b.core() ? content.symbol_blocks : content.focus_blocks).emplace_back(b.path, b.text);
    content.map_outline += map->outline;
  }
  // One order whatever the maps: the engine keys blocks by path.
  if (secondary) std::sort(content.symbol_blocks.begin(), content.symbol_blocks.end());
}

SymbolMap SymbolMapClient::for_turn(const std::vector<std::string>& in_context, ChatMode kind,
                                    const MapFocus* focus) const {
  acdc::Result refreshed = acdc::call_and_wait(host_, "SymbolIndex.refresh", "[]", std::chrono::seconds(60));
  if (!refreshed.ok()) return SymbolMap{.kind = kind, .unavailable = why_not(refreshed, kind)};
  return current(in_context, kind, focus);
}

SymbolMap SymbolMapClient::current(const std::vector<std::string>& in_context, ChatMode kind,
                                   const MapFocus* focus) const {
  const bool ranked = focus && kind == ChatMode::code;
  const char* method = kind == ChatMode::doc ? "SymbolIndex.get_doc_map"
                       : ranked              ? "SymbolIndex.get_ranked_map"
                                             : "SymbolIndex.get_map";
  const std::string args = ranked ? acdc::json_array(in_context, focus->budget_tokens, focus->message, focus->history)
                                  : acdc::json_array(in_context);
  acdc::Result r = acdc::call_and_wait(host_, method, args, std::chrono::seconds(60));
  if (!r.ok()) return SymbolMap{.kind = kind, .unavailable = why_not(r, kind)};
  acdc::Json doc = r.json();
  if (!doc.IsObject() || !doc.HasMember("ready") || !doc["ready"].IsTrue())
    return SymbolMap{.kind = kind,
                     .unavailable = "the symbol index is still being built; the map joins the prompt when it is ready"};
  SymbolMap map{.kind = kind};
  if (doc.HasMember("legend") && doc["legend"].IsString()) map.legend = doc["legend"].GetString();
  if (doc.HasMember("blocks") && doc["blocks"].IsArray())
    for (const auto& b : doc["blocks"].GetArray())
      if (b.IsObject() && b.HasMember("path") && b["path"].IsString() && b.HasMember("text") && b["text"].IsString()) {
        MapBlock block{.path = std::string(b["path"].GetString(), b["path"].GetStringLength()),
                       .text = std::string(b["text"].GetString(), b["text"].GetStringLength())};
        if (b.HasMember("why") && b["why"].IsString()) block.why = b["why"].GetString();
        block.summary = b.HasMember("level") && b["level"] == "summary";
        map.blocks.push_back(std::move(block));
      }
  if (ranked) read_figures(doc, map);
  return map;
}

std::optional<ReferenceGraph> SymbolMapClient::reference_graph() const {
  acdc::Result r = acdc::call_and_wait(host_, "SymbolIndex.reference_graph", "[]", std::chrono::seconds(60));
  if (!r.ok()) return std::nullopt;
  acdc::Json doc = r.json();
  if (!doc.IsObject()) return std::nullopt;
  ReferenceGraph g;
  std::vector<std::pair<unsigned, std::string>> files;
  if (auto f = doc.FindMember("files"); f != doc.MemberEnd() && f->value.IsArray())
    for (const auto& e : f->value.GetArray()) {
      if (!e.IsObject()) continue;
      auto path = e.FindMember("path"), refs = e.FindMember("references");
      if (path == e.MemberEnd() || !path->value.IsString() || refs == e.MemberEnd() || !refs->value.IsUint()) continue;
      files.emplace_back(refs->value.GetUint(), path->value.GetString());
    }
  std::stable_sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (auto& [refs, path] : files) g.by_references.push_back(std::move(path));
  if (auto c = doc.FindMember("components"); c != doc.MemberEnd() && c->value.IsArray())
    for (const auto& component : c->value.GetArray()) {
      if (!component.IsArray()) continue;
      std::vector<std::string> paths;
      for (const auto& p : component.GetArray())
        if (p.IsString()) paths.emplace_back(p.GetString(), p.GetStringLength());
      if (!paths.empty()) g.components.push_back(std::move(paths));
    }
  std::stable_sort(g.components.begin(), g.components.end(),
                   [](const auto& a, const auto& b) { return a.size() > b.size(); });
  return g;
}

}  // namespace acdc::llm
