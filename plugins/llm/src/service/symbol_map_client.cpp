#include "service/symbol_map_client.hpp"

#include <acdc/sdk/call_and_wait.hpp>

namespace acdc::llm {
namespace {

// Said once in the Context tab, so it names the cause and the remedy. The
// host answers an absent class with "Method not found: X (why)".
std::string why_not(const acdc::Result& r) {
  if (!r.payload.starts_with("Method not found"))
    return "no repository map: " + (r.payload.empty() ? std::string("the symbol-index plugin did not answer") : r.payload);
  std::string out = "no repository map: the symbol-index plugin is not loaded";
  if (auto open = r.payload.find(" ("); open != std::string::npos && r.payload.ends_with(")"))
    out += " (" + r.payload.substr(open + 2, r.payload.size() - open - 3) + ")";
  return out + "; add it to the plugins in acdc.yaml, or leave out --plugins, to give the model a map";
}

}  // namespace

std::string SymbolMap::header_and_legend() const { return std::string(kRepoMapHeader) + legend + "\n"; }

std::string SymbolMap::blocks_text() const {
  std::string out;
  for (const auto& [path, block] : blocks) {
    if (!out.empty()) out += "\n\n";
    out += block;
  }
  if (!out.empty()) out += '\n';
  return out;
}

SymbolMap SymbolMapClient::for_turn(const std::vector<std::string>& in_context) const {
  acdc::Result refreshed = acdc::call_and_wait(host_, "SymbolIndex.refresh", "[]", std::chrono::seconds(60));
  if (!refreshed.ok()) return SymbolMap{.unavailable = why_not(refreshed)};
  return current(in_context);
}

SymbolMap SymbolMapClient::current(const std::vector<std::string>& in_context) const {
  acdc::Result r = acdc::call_and_wait(host_, "SymbolIndex.get_map", acdc::json_array(in_context),
                                       std::chrono::seconds(60));
  if (!r.ok()) return SymbolMap{.unavailable = why_not(r)};
  acdc::Json doc = r.json();
  if (!doc.IsObject() || !doc.HasMember("ready") || !doc["ready"].IsTrue())
    return SymbolMap{.unavailable = "the symbol index is still being built; the map joins the prompt when it is ready"};
  SymbolMap map;
  if (doc.HasMember("legend") && doc["legend"].IsString()) map.legend = doc["legend"].GetString();
  if (doc.HasMember("blocks") && doc["blocks"].IsArray())
    for (const auto& b : doc["blocks"].GetArray())
      if (b.IsObject() && b.HasMember("path") && b["path"].IsString() && b.HasMember("text") && b["text"].IsString())
        map.blocks.emplace_back(std::string(b["path"].GetString(), b["path"].GetStringLength()),
                                std::string(b["text"].GetString(), b["text"].GetStringLength()));
  return map;
}

}  // namespace acdc::llm
