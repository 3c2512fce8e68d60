// import/snippets_import.cpp -- see snippets_import.hpp.
#include "import/snippets_import.hpp"

#include "import/json_text.hpp"

#include <yaml-cpp/yaml.h>

#include <map>
#include <vector>

namespace acdc::app::importer {
namespace {

struct Snippet {
  std::string icon, tooltip, message;
};

using ByMode = std::map<std::string, std::vector<Snippet>>;

void add(const std::string& mode, const JsonValue& item, size_t index, ByMode& out, FileReport& r) {
  const std::string where = mode + "[" + std::to_string(index) + "]";
  Snippet s{string_member(item, "icon"), string_member(item, "tooltip"), string_member(item, "message")};
  if (s.message.empty()) return r.skipped.push_back(where + ": no message (the text a snippet inserts)");
  if (mode != "code" && mode != "review" && mode != "doc")
    return r.not_mapped.push_back(where + ": mode '" + mode + "' is never shown in acdc (modes: code, review, doc)");
  out[mode].push_back(std::move(s));
}

void add_list(const std::string& mode, const JsonValue& list, bool flat, ByMode& out, FileReport& r) {
  if (!list.IsArray()) return r.not_mapped.push_back(mode + ": not a list of snippets");
  size_t i = 0;
  for (const auto& item : list.GetArray()) {
    if (!item.IsObject()) r.skipped.push_back(mode + "[" + std::to_string(i) + "]: not a snippet");
    else if (flat) add(string_member(item, "mode").empty() ? "code" : string_member(item, "mode"), item, i, out, r);
    else add(mode, item, i, out, r);
    ++i;
  }
}

std::string emit(const ByMode& by_mode, const std::string& source_name) {
  YAML::Emitter y;
  y << YAML::Comment("Snippets imported from " + source_name + " by `acdc import-acdc`.") << YAML::Newline;
  y << YAML::BeginMap;
  for (const char* mode : {"code", "review", "doc"}) {
    auto it = by_mode.find(mode);
    if (it == by_mode.end()) continue;
    y << YAML::Key << mode << YAML::Value << YAML::BeginSeq;
    for (const auto& s : it->second) {
      y << YAML::BeginMap;
      if (!s.icon.empty()) y << YAML::Key << "icon" << YAML::Value << YAML::DoubleQuoted << s.icon;
      if (!s.tooltip.empty()) y << YAML::Key << "tooltip" << YAML::Value << s.tooltip;
      y << YAML::Key << "message" << YAML::Value << s.message << YAML::EndMap;
    }
    y << YAML::EndSeq;
  }
  y << YAML::EndMap;
  return std::string(y.c_str()) + "\n";
}

}  // namespace

Converted convert_snippets(const JsonValue& snippets, const std::string& source_name) {
  Converted c{{}, FileReport{source_name + " -> snippets.yaml"}};
  if (!snippets.IsObject()) {
    c.report.skipped.push_back("snippets.json is not a JSON object: nothing read from it");
    return c;
  }
  ByMode by_mode;
  for (const auto& m : snippets.GetObject()) {
    std::string mode = m.name.GetString();
    add_list(mode, m.value, mode == "snippets", by_mode, c.report);
  }
  if (by_mode.empty()) {
    c.report.written.push_back("no snippet to import: snippets.yaml is not written");
    return c;
  }
  for (const auto& [mode, list] : by_mode)
    c.report.mapped.push_back(std::to_string(list.size()) + " " + mode + " snippets");
  c.text = emit(by_mode, source_name);
  return c;
}

}  // namespace acdc::app::importer
