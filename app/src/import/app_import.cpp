// import/app_import.cpp -- see app_import.hpp.
#include "import/app_import.hpp"

#include "import/json_text.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>

namespace acdc::app::importer {
namespace {

// Why each of AC-DC's other sections has no place in acdc.
const std::map<std::string, std::string> kNotHere{
    {"doc_convert", "acdc converts no documents"},
    {"doc_index", "acdc has no document index"},
    {"agents", "acdc has no agents"},
    {"reasoning", "acdc asks for reasoning per message (the effort chosen under the chat input); llm.yaml's "
                  "reasoning_first_chunk_timeout_seconds is how long it waits"},
    {"cache_warmup", "this acdc has no cache warmer"},
    {"cache_tiering", "acdc tiers its cache by its own rules, with no flux model"},
};

// The value as YAML text, or "" when app.json's type is not acdc's.
std::string scalar(const JsonValue& v) {
  if (v.IsNull()) return "null";
  if (v.IsBool()) return v.GetBool() ? "true" : "false";
  if (v.IsNumber()) return number_text(v);
  if (v.IsString()) return v.GetString();
  return "";
}

class AppConversion {
 public:
  AppConversion(YAML::Node yaml, FileReport& report) : yaml_(std::move(yaml)), r_(report) {}

  void section(const std::string& name, const JsonValue& v);
  bool changed() const { return changed_; }
  const YAML::Node& yaml() const { return yaml_; }

 private:
  void value(const std::string& section, const std::string& key, const JsonValue& v);

  YAML::Node yaml_;
  FileReport& r_;
  bool changed_ = false;
};

// Where AC-DC's meaning differs from acdc's, the value acdc should get, or
// "" with the reason in `why`.
std::string adapted(const std::string& name, std::string text, std::string& why) {
  // AC-DC's default is off; acdc's "auto" warms only where the provider caches prompts.
  if (name == "cache_warmup.enabled" && text == "false") {
    why = "false is AC-DC's default; acdc's auto warms the cache only where the provider caches prompts "
          "(set enabled: false in app.yaml to turn it off)";
    return "";
  }
  // AC-DC clamps its interval to 240 s (§3.4).
  if (name == "cache_warmup.interval_seconds" && std::stod(text) > 240) return "240";
  return text;
}

void AppConversion::value(const std::string& section, const std::string& key, const JsonValue& v) {
  const std::string name = section + "." + key;
  // acdc's bundled app.yaml lists every key it reads.
  YAML::Node slot = yaml_[section][key];
  if (!slot.IsDefined()) return r_.not_mapped.push_back(name + ": acdc has no such setting");
  if (!v.IsNull() && !v.IsBool() && !v.IsNumber() && !v.IsString())
    return r_.not_mapped.push_back(name + ": not a single value");
  std::string why;
  std::string text = adapted(name, scalar(v), why);
  if (!why.empty()) return r_.not_mapped.push_back(name + ": " + why);
  const bool same = v.IsNull() ? slot.IsNull() : (slot.IsScalar() && slot.Scalar() == text);
  if (same) return r_.mapped.push_back(name + ": " + text + " (acdc's default too)");
  if (v.IsNull()) slot = YAML::Null;
  else slot = text;
  changed_ = true;
  r_.mapped.push_back(name + ": " + text);
}

void AppConversion::section(const std::string& name, const JsonValue& v) {
  if (!yaml_[name].IsMap()) {
    auto why = kNotHere.find(name);
    return r_.not_mapped.push_back(name + ": " + (why != kNotHere.end() ? why->second : "acdc's app.yaml has no such section"));
  }
  if (!v.IsObject()) return r_.not_mapped.push_back(name + ": not a map of settings");
  for (const auto& m : v.GetObject()) value(name, m.name.GetString(), m.value);
}

}  // namespace

Converted convert_app(const JsonValue& app, const std::string& bundled_app_yaml, const std::string& source_name) {
  Converted c{{}, FileReport{source_name + " -> app.yaml"}};
  if (!app.IsObject()) {
    c.report.skipped.push_back("app.json is not a JSON object: nothing read from it");
    return c;
  }
  AppConversion conversion(YAML::Load(bundled_app_yaml), c.report);
  for (const auto& m : app.GetObject()) conversion.section(m.name.GetString(), m.value);
  if (!conversion.changed()) {
    c.report.written.push_back("every shared setting is acdc's default already: app.yaml is not written");
    return c;
  }
  YAML::Emitter y;
  y << YAML::Comment("acdc's app.yaml with the settings imported from " + source_name +
                     " by `acdc import-acdc`.") << YAML::Newline << conversion.yaml();
  c.text = std::string(y.c_str()) + "\n";
  c.report.next.push_back("app.yaml is managed by acdc: a release that changes it keeps your copy beside it "
                          "(app.yaml.<date>-<version>); carry these values over then");
  return c;
}

}  // namespace acdc::app::importer
