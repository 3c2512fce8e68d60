// provider/provider_config.cpp -- see provider_config.hpp.
#include "provider/provider_config.hpp"

#include "provider/aws_credentials.hpp"

#include <acdc/sdk/error.hpp>
#include <acdc/sdk/json.hpp>

#include <array>
#include <cstdlib>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

namespace acdc::llm {
namespace {

const rapidjson::Value* member(const rapidjson::Value& obj, const char* key) {
  auto it = obj.FindMember(key);
  return it == obj.MemberEnd() || it->value.IsNull() ? nullptr : &it->value;
}

void read_string(const rapidjson::Value& obj, const char* key, std::string& out) {
  if (const auto* v = member(obj, key)) {
    if (!v->IsString())
      throw invalid_params(std::string("llm.yaml: '") + key + "' is " + acdc::to_json_text(*v) + ": it must be text");
    out = v->GetString();
  }
}

template <class Number>
void read_number(const rapidjson::Value& obj, const char* key, Number& out) {
  if (const auto* v = member(obj, key)) {
    if (!v->IsNumber())
      throw invalid_params(std::string("llm.yaml: '") + key + "' is " + acdc::to_json_text(*v) + ": it must be a number");
    const double d = v->GetDouble();
    // A cast of a double out of the integer's range is undefined (found by
    // fuzz/yaml_config: max_tokens: 7.7e62).
    if constexpr (std::is_integral_v<Number>)
      if (!(d >= static_cast<double>(std::numeric_limits<Number>::min()) &&
            d <= static_cast<double>(std::numeric_limits<Number>::max())))
        throw invalid_params(std::string("llm.yaml: '") + key + "' is out of range (" + std::to_string(d) +
                             "): give a whole number up to " + std::to_string(std::numeric_limits<Number>::max()));
    out = static_cast<Number>(d);
  }
}

constexpr std::array<std::pair<ProviderKind, const char*>, 4> kKinds{{{ProviderKind::openai, "openai"},
                                                                     {ProviderKind::anthropic, "anthropic"},
                                                                     {ProviderKind::ollama, "ollama"},
                                                                     {ProviderKind::bedrock, "bedrock"}}};

ProviderKind kind_of(const std::string& name) {
  for (const auto& [kind, n] : kKinds)
    if (name == n) return kind;
  throw invalid_params("llm.yaml: provider '" + name +
                       "' is not one of openai (any OpenAI-compatible endpoint), anthropic, ollama, bedrock");
}

void apply_kind_defaults(ProviderConfig& c) {
  if (c.kind == ProviderKind::anthropic) {
    c.base_url = "https://api.anthropic.com/v1";
    c.api_key_env = "ANTHROPIC_API_KEY";
  } else if (c.kind == ProviderKind::ollama) {
    c.base_url = "http://localhost:11434";
    c.api_key_env = "";
  } else if (c.kind == ProviderKind::bedrock) {
    c.base_url = "";  // from the region, once it is known
    c.api_key_env = "AWS_BEARER_TOKEN_BEDROCK";
    c.model = "global.anthropic.claude-sonnet-4-5-20250929-v1:0";
    c.smaller_model = "global.anthropic.claude-haiku-4-5-20251001-v1:0";
  }
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

}  // namespace

const char* kind_name(ProviderKind kind) {
  for (const auto& [k, name] : kKinds)
    if (k == kind) return name;
  return "openai";
}

ProviderConfig ProviderConfig::from_json(const rapidjson::Value& llm) {
  if (!llm.IsObject()) throw invalid_params("llm.yaml: the provider settings must be a mapping");
  ProviderConfig c;
  std::string provider = "openai";
  read_string(llm, "provider", provider);
  c.kind = kind_of(provider);
  apply_kind_defaults(c);
  read_string(llm, "base_url", c.base_url);
  while (c.base_url.ends_with('/')) c.base_url.pop_back();
  read_string(llm, "model", c.model);
  read_string(llm, "smaller_model", c.smaller_model);
  read_string(llm, "api_key_env", c.api_key_env);
  read_number(llm, "max_output_tokens", c.max_output_tokens);
  read_number(llm, "connect_timeout_seconds", c.connect_timeout_seconds);
  read_number(llm, "request_timeout_seconds", c.request_timeout_seconds);
  read_number(llm, "first_chunk_timeout_seconds", c.first_chunk_timeout_seconds);
  read_number(llm, "chunk_timeout_seconds", c.chunk_timeout_seconds);
  read_number(llm, "aux_request_timeout_seconds", c.aux_request_timeout_seconds);
  read_number(llm, "num_retries", c.num_retries);
  read_number(llm, "reasoning_first_chunk_timeout_seconds", c.reasoning_first_chunk_timeout_seconds);
  read_string(llm, "region", c.region);
  read_string(llm, "profile", c.profile);
  if (c.kind == ProviderKind::bedrock) {
    if (c.region.empty()) c.region = env("AWS_REGION");
    if (c.region.empty()) c.region = env("AWS_DEFAULT_REGION");
    if (c.region.empty()) c.region = aws_profile_region(c.profile);
    if (c.base_url.empty() && !c.region.empty())
      c.base_url = "https://bedrock-runtime." + c.region + ".amazonaws.com";
  }
  if (const auto* o = member(llm, "ollama")) {
    if (!o->IsObject()) throw invalid_params("llm.yaml: 'ollama' must be a mapping (num_ctx_max, keep_alive)");
    read_number(*o, "num_ctx_max", c.num_ctx_max);
    if (c.num_ctx_max < 1) throw invalid_params("llm.yaml: 'ollama.num_ctx_max' must be a whole number above 0");
    if (const auto* k = member(*o, "keep_alive")) {
      if (!k->IsString() && !k->IsNumber())
        throw invalid_params("llm.yaml: 'ollama.keep_alive' is " + acdc::to_json_text(*k) +
                             ": give a duration (\"30m\", \"1h\"), seconds, or -1 to keep the model loaded");
      c.keep_alive_json = acdc::to_json_text(*k);
    }
  }
  if (const auto* h = member(llm, "extra_headers")) {
    if (!h->IsObject()) throw invalid_params("llm.yaml: 'extra_headers' must be a mapping");
    for (auto& m : h->GetObject()) {
      if (!m.value.IsString())
        throw invalid_params(std::string("llm.yaml: extra_headers '") + m.name.GetString() +
                             "' must be a string");
      c.extra_headers[m.name.GetString()] = m.value.GetString();
    }
  }
  return c;
}

ProviderConfig ProviderConfig::for_aux() const {
  ProviderConfig aux = *this;
  if (!smaller_model.empty()) aux.model = smaller_model;
  aux.num_ctx = 0;  // the smaller model's own is set for it
  aux.request_timeout_seconds = aux_request_timeout_seconds;
  return aux;
}

std::string ProviderConfig::missing_key() const {
  if (kind == ProviderKind::bedrock) {
    if (region.empty())
      return "No AWS region for Bedrock: set region in llm.yaml or export AWS_REGION, then restart acdc";
    if (!api_key_env.empty() && !env(api_key_env.c_str()).empty()) return {};
    const std::string others = (api_key_env.empty() ? std::string("AWS_BEARER_TOKEN_BEDROCK") : api_key_env) +
                               ", or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary "
                               "credentials)";
    try {
      // Temporary credentials found here are kept for the request that follows.
      if (find_aws_credentials(profile, region)) return {};
      return "No AWS credentials for Bedrock: export " + others +
             ", or set up a profile in ~/.aws (aws configure) and name it with profile: in llm.yaml or AWS_PROFILE; "
             "then restart acdc";
    } catch (const acdc::Error& e) {
      return "No AWS credentials for Bedrock: " + std::string(e.what()) + ". Or export " + others;
    }
  }
  if (!api_key.empty() || api_key_env.empty()) return {};
  const char* key = std::getenv(api_key_env.c_str());
  if (key && *key) return {};
  return api_key_env + " (api_key_env in llm.yaml) is not set: export " + api_key_env +
         "=<your key> and restart acdc, or set api_key_env to the variable that holds your key "
         "(empty for an endpoint that needs none)";
}

}  // namespace acdc::llm
