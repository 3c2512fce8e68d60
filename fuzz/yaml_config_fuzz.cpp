// fuzz/yaml_config_fuzz.cpp -- config file text into the YAML loaders: the
// host's acdc.yaml (host/src/config), the settings plugin's schema checks of
// every file kind and its secret scanner (plugins/settings), and llm.yaml as
// the llm plugin reads it (YAML -> JSON -> ProviderConfig).
//
// The first byte picks the loader. Each may refuse the text only with the
// exception its callers catch (ConfigError, ConfigProblem, acdc::Error): any
// other escapes a caller and ends the process, so the fuzzer reports it.
#include "config/yaml_json.hpp"
#include "provider/provider_config.hpp"
#include "schema.hpp"
#include "secrets.hpp"

#include <acdc/host/host_config.hpp>
#include <acdc/host/json.hpp>
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

void host_config(const std::string& text) {
  try {
    acdc::config::parse_host_config(text, "acdc.yaml");
  } catch (const acdc::config::ConfigError&) {
  }
}

void schema(acdc::settings::FileKind kind, const std::string& text) {
  try {
    acdc::settings::Schema::check(kind, text);
  } catch (const acdc::settings::ConfigProblem&) {
  }
}

// llm.yaml as the host hands it to the llm plugin: YAML read into JSON text
// (config_files.cpp), which must be valid JSON, then the provider settings.
void llm_provider(const std::string& text) {
  YAML::Node node;
  try {
    node = YAML::Load(text);
  } catch (const YAML::ParserException&) {
    return;  // config_files.cpp falls back to the bundled copy
  }
  std::string json = acdc::config::yaml_to_json(node);
  if (!acdc::rpc::is_valid_json(json)) {
    std::fprintf(stderr, "yaml_to_json made invalid JSON: %s\n", json.c_str());
    std::abort();
  }
  rapidjson::Document doc;
  if (acdc::rpc::parse_limited(json, doc, acdc::rpc::kMaxDepth) != acdc::rpc::ParseOutcome::ok) return;
  try {
    acdc::llm::ProviderConfig::from_json(doc);
  } catch (const acdc::Error&) {
  }
}

// The scanner runs over every file a client reads or writes. In prose only
// key-shaped values count, so once redacted none may be left (in settings
// the mask itself still counts as a secret, on purpose).
void secrets(const std::string& text, acdc::settings::Secrets::Text kind) {
  using acdc::settings::Secrets;
  Secrets::find(text, kind);
  std::string shown = Secrets::redact(text, kind);
  if (kind == Secrets::Text::prose && Secrets::find(shown, kind)) {
    std::fprintf(stderr, "a key is still found after redaction:\n%s\n", shown.c_str());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  using acdc::settings::FileKind;
  switch (data[0] % 8) {
    case 0: host_config(text); break;
    case 1: schema(FileKind::llm, text); break;
    case 2: schema(FileKind::app, text); break;
    case 3: schema(FileKind::snippets, text); break;
    case 4: schema(FileKind::host, text); break;
    case 5: llm_provider(text); break;
    case 6: secrets(text, acdc::settings::Secrets::Text::settings); break;
    case 7: secrets(text, acdc::settings::Secrets::Text::prose); break;
  }
  return 0;
}
