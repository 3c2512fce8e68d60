#include "snippets.hpp"

#include "file_store.hpp"
#include "schema.hpp"

#include <acdc/sdk/json.hpp>

#include <yaml-cpp/yaml.h>

namespace acdc::settings {

namespace {

void write_snippet(JsonWriter& w, const YAML::Node& item) {
  w.StartObject();
  for (const char* key : {"icon", "tooltip", "message"}) {
    w.Key(key);
    to_json(w, item[key] ? item[key].Scalar() : std::string());
  }
  w.EndObject();
}

std::string render(const YAML::Node& root, std::string_view mode) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartArray();
  if (const YAML::Node grouped = root[std::string(mode)]; grouped && grouped.IsSequence())
    for (const auto& item : grouped) write_snippet(w, item);
  if (const YAML::Node flat = root["snippets"]; flat && flat.IsSequence())
    for (const auto& item : flat)
      if ((item["mode"] ? item["mode"].Scalar() : std::string("code")) == mode) write_snippet(w, item);
  w.EndArray();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace

std::string Snippets::for_mode(const std::vector<std::filesystem::path>& candidates,
                               std::string_view mode, const Warn& warn) {
  for (const auto& file : candidates) {
    auto text = FileStore::read(file);
    if (!text) continue;
    try {
      Schema::check(FileKind::snippets, *text);
      return render(YAML::Load(*text), mode);
    } catch (const ConfigProblem& p) {
      warn(file.string() + ": " + p.what() + " -- skipped; fix the file or delete it");
    }
  }
  return "[]";
}

}  // namespace acdc::settings
