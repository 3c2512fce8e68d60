// bb7/config.cpp -- see config.hpp.
#include "bb7/config.hpp"

#include "bb7/chat.hpp"
#include "bb7/files.hpp"

#include <acdc/host/json.hpp>
#include <acdc/sdk/error.hpp>

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

namespace acdc::adapters::bb7 {

namespace fs = std::filesystem;

fs::path home_dir() {
  if (const char* home = std::getenv("HOME"); home && *home) return home;
  if (const passwd* pw = ::getpwuid(::getuid()); pw && pw->pw_dir) return pw->pw_dir;
  return "/";
}

fs::path bb7_config_dir(const fs::path& home) { return home / ".config" / "bb7"; }

namespace {

bool flag(const rapidjson::Value& doc, const char* key, bool fallback) {
  auto it = doc.FindMember(key);
  return it != doc.MemberEnd() && it->value.IsBool() ? it->value.GetBool() : fallback;
}

}  // namespace

Bb7Config load_bb7_config(const fs::path& home) {
  auto text = read_file(bb7_config_dir(home) / "config.json");
  if (!text) throw Error(ACDC_E_FAILED_PRECONDITION, "Config file not found: ~/.config/bb7/config.json");
  rapidjson::Document doc;
  if (rpc::parse_limited(*text, doc, rpc::kMaxDepth) != rpc::ParseOutcome::ok || !doc.IsObject())
    throw Error(ACDC_E_INVALID_PARAMS, "invalid config JSON");
  Bb7Config c;
  c.api_key = string_member(doc, "api_key");
  if (c.api_key.empty()) throw Error(ACDC_E_FAILED_PRECONDITION, "API key not set in config");
  if (std::string base = string_member(doc, "base_url"); !base.empty()) c.base_url = base;
  while (!c.base_url.empty() && c.base_url.back() == '/') c.base_url.pop_back();
  if (std::string model = string_member(doc, "default_model"); !model.empty()) {
    c.default_model = model;
    c.default_model_explicit = true;
  }
  c.title_model = string_member(doc, "title_model");
  if (std::string mode = string_member(doc, "diff_mode"); !mode.empty()) {
    if (mode != "search_replace" && mode != "search_replace_multi" && mode != "anchored" && mode != "off")
      throw Error(ACDC_E_INVALID_PARAMS, "invalid diff_mode \"" + mode +
                                             "\": must be one of search_replace, search_replace_multi, anchored, off");
    c.diff_mode = mode;
  }
  c.allow_training = flag(doc, "allow_training", false);
  c.allow_data_retention = flag(doc, "allow_data_retention", true);
  c.explicit_cache_key = flag(doc, "explicit_cache_key", false);
  c.auto_retry_partial_edits = flag(doc, "auto_retry_partial_edits", false);
  return c;
}

}  // namespace acdc::adapters::bb7
