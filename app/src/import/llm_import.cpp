// import/llm_import.cpp -- see llm_import.hpp.
#include "import/llm_import.hpp"

#include "import/json_text.hpp"
#include "import/litellm_model.hpp"

#include <yaml-cpp/yaml.h>

#include <set>
#include <utility>
#include <vector>

namespace acdc::app::importer {
namespace {

// llm.json's numeric keys that llm.yaml spells the same (§3.3).
const std::set<std::string> kSameNumbers{"max_output_tokens", "cache_min_tokens", "cache_buffer_multiplier",
                                         "request_timeout_seconds", "first_chunk_timeout_seconds",
                                         "chunk_timeout_seconds", "aux_request_timeout_seconds", "num_retries"};

// Built up, then written in llm.yaml's own order.
struct LlmYaml {
  ProviderModel main;
  std::string smaller_model;
  std::string base_url;
  std::string api_key_env;
  std::string region;
  std::string profile;
  std::vector<std::pair<std::string, std::string>> numbers;  // key, JSON text
};

class LlmConversion {
 public:
  LlmConversion(const JsonValue& llm, FileReport& report) : llm_(llm), r_(report) {}

  std::string run(const std::string& source_name);

 private:
  bool read_model();
  void read_smaller_model();
  void read_env(const JsonValue& env);
  void read_env_entry(const std::string& name, const std::string& value);
  void read_other(const std::string& key, const JsonValue& v);
  std::string emit(const std::string& source_name) const;

  const JsonValue& llm_;
  FileReport& r_;
  LlmYaml out_;
  bool key_in_env_ = false;
};

bool LlmConversion::read_model() {
  std::string model = string_member(llm_, "model");
  if (model.empty()) {
    r_.not_mapped.push_back("model: llm.json names none; llm.yaml needs one, so it is not written");
    return false;
  }
  ModelMapping m = map_litellm_model(model);
  if (!m.mapped) {
    r_.not_mapped.push_back("model '" + model + "': " + m.why + "; llm.yaml is not written");
    return false;
  }
  out_.main = *m.mapped;
  out_.base_url = m.mapped->base_url;
  out_.api_key_env = m.mapped->key_env;
  r_.mapped.push_back("model " + model + " -> provider: " + out_.main.provider + ", model: " + out_.main.model);
  return true;
}

void LlmConversion::read_smaller_model() {
  std::string smaller = string_member(llm_, "smaller_model");
  if (smaller.empty()) smaller = string_member(llm_, "smallerModel");  // §3.3's one camelCase alias
  if (smaller.empty()) return;
  ModelMapping m = map_litellm_model(smaller);
  if (!m.mapped) return r_.not_mapped.push_back("smaller_model '" + smaller + "': " + m.why);
  if (m.mapped->provider != out_.main.provider || m.mapped->base_url != out_.main.base_url)
    return r_.not_mapped.push_back("smaller_model '" + smaller +
                                   "': acdc calls both models through one provider, and this one is another's; "
                                   "set smaller_model to a " + out_.main.provider + " model");
  out_.smaller_model = m.mapped->model;
  r_.mapped.push_back("smaller_model " + smaller + " -> " + out_.smaller_model);
}

void LlmConversion::read_env(const JsonValue& env) {
  if (!env.IsObject()) return r_.not_mapped.push_back("env: not a map of variables");
  for (const auto& m : env.GetObject()) {
    std::string name(m.name.GetString(), m.name.GetStringLength());
    if (!m.value.IsString()) {
      r_.not_mapped.push_back("env." + name + ": not a text value");
      continue;
    }
    read_env_entry(name, std::string(m.value.GetString(), m.value.GetStringLength()));
  }
}

void LlmConversion::read_env_entry(const std::string& name, const std::string& value) {
  const bool bedrock = out_.main.provider == "bedrock";
  if (name == out_.api_key_env && !name.empty()) {
    key_in_env_ = true;
    r_.mapped.push_back("env." + name + " -> api_key_env: " + name + " (the name only; the key stays out of files)");
    r_.next.push_back("export " + name + "=<the value in llm.json's env> before starting acdc");
  } else if (bedrock && (name == "AWS_REGION" || name == "AWS_REGION_NAME" || name == "AWS_DEFAULT_REGION")) {
    out_.region = value;
    r_.mapped.push_back("env." + name + " -> region: " + value);
  } else if (bedrock && (name == "AWS_PROFILE" || name == "AWS_PROFILE_NAME")) {
    out_.profile = value;
    r_.mapped.push_back("env." + name + " -> profile: " + value);
  } else if (name == "AWS_ACCESS_KEY_ID" || name == "AWS_SECRET_ACCESS_KEY" || name == "AWS_SESSION_TOKEN") {
    r_.not_mapped.push_back("env." + name + ": a credential, never written to a file");
    if (bedrock) r_.next.push_back("export " + name + " (or keep the credentials in an ~/.aws profile)");
  } else if (name == "OLLAMA_API_BASE" && !out_.main.api_base_suffix.empty() && !llm_.HasMember("api_base")) {
    std::string root = value;
    while (root.ends_with('/')) root.pop_back();
    out_.base_url = root + out_.main.api_base_suffix;
    r_.mapped.push_back("env." + name + " " + value + " -> base_url: " + out_.base_url);
  } else if (name.ends_with("_API_KEY") || name == "AWS_BEARER_TOKEN_BEDROCK") {
    r_.not_mapped.push_back("env." + name + ": a key for another provider than " + out_.main.provider);
  } else {
    r_.not_mapped.push_back("env." + name +
                            ": acdc does not export variables from its config; export it yourself if something needs it");
  }
}

void LlmConversion::read_other(const std::string& key, const JsonValue& v) {
  if (key == "model" || key == "smaller_model" || key == "smallerModel" || key == "env") return;
  if (key == "api_base" || key == "base_url") {
    std::string url = v.IsString() ? v.GetString() : "";
    if (!url.starts_with("http://") && !url.starts_with("https://"))
      return r_.not_mapped.push_back(key + ": not an http(s) URL");
    while (url.ends_with('/')) url.pop_back();
    out_.base_url = url + out_.main.api_base_suffix;
    return r_.mapped.push_back(key + " " + url + " -> base_url: " + out_.base_url);
  }
  if (key == "api_key")
    return r_.not_mapped.push_back("api_key: a key is never written to acdc's files; export it as " +
                                   (out_.api_key_env.empty() ? std::string("a variable named in api_key_env")
                                                             : out_.api_key_env));
  if (kSameNumbers.contains(key)) {
    if (!v.IsNumber()) return r_.not_mapped.push_back(key + ": not a number");
    out_.numbers.emplace_back(key, number_text(v));
    return r_.mapped.push_back(key + ": " + number_text(v));
  }
  r_.not_mapped.push_back(key + ": acdc's llm.yaml has no such setting");
}

std::string LlmConversion::emit(const std::string& source_name) const {
  YAML::Emitter y;
  y << YAML::Comment("Imported from " + source_name +
                     " by `acdc import-acdc`. Every setting: the bundled llm.yaml, or Settings -> llm.");
  y << YAML::Newline << YAML::BeginMap;
  y << YAML::Key << "provider" << YAML::Value << out_.main.provider;
  if (!out_.base_url.empty()) y << YAML::Key << "base_url" << YAML::Value << out_.base_url;
  y << YAML::Key << "model" << YAML::Value << out_.main.model;
  if (!out_.smaller_model.empty()) y << YAML::Key << "smaller_model" << YAML::Value << out_.smaller_model;
  // Written even when it is the provider's default, so the user sees which
  // variable to export; empty for an endpoint that needs no key (Ollama).
  y << YAML::Key << "api_key_env" << YAML::Value;
  if (out_.api_key_env.empty()) y << YAML::DoubleQuoted;
  y << out_.api_key_env;
  if (!out_.region.empty()) y << YAML::Key << "region" << YAML::Value << out_.region;
  if (!out_.profile.empty()) y << YAML::Key << "profile" << YAML::Value << out_.profile;
  for (const auto& [key, text] : out_.numbers) y << YAML::Key << key << YAML::Value << text;
  y << YAML::EndMap;
  return std::string(y.c_str()) + "\n";
}

std::string LlmConversion::run(const std::string& source_name) {
  if (!llm_.IsObject()) {
    r_.skipped.push_back("llm.json is not a JSON object: nothing read from it");
    return {};
  }
  if (!read_model()) return {};
  read_smaller_model();
  if (auto env = llm_.FindMember("env"); env != llm_.MemberEnd()) read_env(env->value);
  for (const auto& m : llm_.GetObject()) read_other(m.name.GetString(), m.value);
  if (!key_in_env_ && !out_.api_key_env.empty() && out_.main.provider != "bedrock")
    r_.next.push_back("export " + out_.api_key_env + "=<your key> before starting acdc");
  if (out_.main.provider == "bedrock" && !key_in_env_)
    r_.next.push_back("acdc finds AWS credentials as the AWS CLI does: AWS_* variables, else AWS_PROFILE or "
                      "[default] in ~/.aws (profile: in llm.yaml names another)");
  if (out_.main.provider == "bedrock" && out_.region.empty())
    r_.next.push_back("llm.json names no AWS region: export AWS_REGION or set region: in llm.yaml");
  return emit(source_name);
}

}  // namespace

Converted convert_llm(const JsonValue& llm, const std::string& source_name) {
  Converted c{{}, FileReport{source_name + " -> llm.yaml"}};
  c.text = LlmConversion(llm, c.report).run(source_name);
  return c;
}

}  // namespace acdc::app::importer
