#include "service/symbol_map_client.hpp"

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

}  // namespace

std::string SymbolMap::header_and_legend() const {
  return std::string(kind == ChatMode::doc ? kDocMapHeader : kRepoMapHeader) + legend + "\n";
}

void add_maps(TurnContent& content, const SymbolMap& primary, const SymbolMap* secondary) {
  for (const SymbolMap* map : {&primary, secondary}) {
    if (!map || !map->available()) continue;
    content.map_header_and_legend += map->header_and_legend();
    content.symbol_blocks.insert(content.symbol_blocks.end(), map->blocks.begin(), map->blocks.end());
  }
  // One order whatever the maps: the engine keys blocks by path.
  if (secondary) std::sort(content.symbol_blocks.begin(), content.symbol_blocks.end());
}

SymbolMap SymbolMapClient::for_turn(const std::vector<std::string>& in_context, ChatMode kind) const {
  acdc::Result refreshed = acdc::call_and_wait(host_, "SymbolIndex.refresh", "[]", std::chrono::seconds(60));
  if (!refreshed.ok()) return SymbolMap{.kind = kind, .unavailable = why_not(refreshed, kind)};
  return current(in_context, kind);
}

SymbolMap SymbolMapClient::current(const std::vector<std::string>& in_context, ChatMode kind) const {
  const char* method = kind == ChatMode::doc ? "SymbolIndex.get_doc_map" : "SymbolIndex.get_map";
  acdc::Result r = acdc::call_and_wait(host_, method, acdc::json_array(in_context), std::chrono::seconds(60));
  if (!r.ok()) return SymbolMap{.kind = kind, .unavailable = why_not(r, kind)};
  acdc::Json doc = r.json();
  if (!doc.IsObject() || !doc.HasMember("ready") || !doc["ready"].IsTrue())
    return SymbolMap{.kind = kind,
                     .unavailable = "the symbol index is still being built; the map joins the prompt when it is ready"};
  SymbolMap map{.kind = kind};
  if (doc.HasMember("legend") && doc["legend"].IsString()) map.legend = doc["legend"].GetString();
  if (doc.HasMember("blocks") && doc["blocks"].IsArray())
    for (const auto& b : doc["blocks"].GetArray())
      if (b.IsObject() && b.HasMember("path") && b["path"].IsString() && b.HasMember("text") && b["text"].IsString())
        map.blocks.emplace_back(std::string(b["path"].GetString(), b["path"].GetStringLength()),
                                std::string(b["text"].GetString(), b["text"].GetStringLength()));
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
