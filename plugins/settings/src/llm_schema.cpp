// llm.yaml (/work/briefs/llm_yaml.md, acdc-features.md §3.3).
#include "yaml_rules.hpp"

#include <regex>

namespace acdc::settings {

namespace {

const char* kKnown =
    "provider, base_url, model, smaller_model, api_key_env, max_output_tokens, extra_headers, "
    "cache_min_tokens, cache_buffer_multiplier, connect_timeout_seconds, request_timeout_seconds, "
    "first_chunk_timeout_seconds, reasoning_first_chunk_timeout_seconds, chunk_timeout_seconds, "
    "aux_request_timeout_seconds, num_retries, region, profile, models, ollama";

void check_provider(const YAML::Node& v, YamlRules& r) {
  std::string kind = r.text(v, "provider");
  if (kind != "openai" && kind != "anthropic" && kind != "ollama" && kind != "bedrock")
    YamlRules::fail(v, "'provider' must be openai (any OpenAI-compatible endpoint: OpenAI, "
                       "OpenRouter, Ollama, llama.cpp, vLLM), anthropic, ollama or bedrock (AWS); got '" +
                           kind + "'");
}

void check_base_url(const YAML::Node& v, YamlRules& r) {
  std::string url = r.text(v, "base_url");
  if (!url.starts_with("http://") && !url.starts_with("https://"))
    YamlRules::fail(v, "'base_url' must start with http:// or https://; got '" + url + "'");
}

void check_key_env(const YAML::Node& v, YamlRules& r) {
  static const std::regex name("[A-Za-z_][A-Za-z0-9_]*");
  // Empty: the endpoint needs no key (a local Ollama, say).
  std::string env = r.text(v, "api_key_env", true);
  if (!env.empty() && !std::regex_match(env, name))
    YamlRules::fail(v, "'api_key_env' is the NAME of the environment variable holding the key "
                       "(like OPENAI_API_KEY), never the key itself");
}

void check_headers(const YAML::Node& v, YamlRules& r) {
  r.map(v, "extra_headers");
  if (v.IsNull()) return;
  // A plain 5 or true would reach the llm plugin as a number, not a header value.
  r.each(v, [&](const std::string& header, const YAML::Node& value) {
    r.text(value, header, true);
    double number = 0;
    bool flag = false;
    if (value.Tag() != "!" && (YAML::convert<double>::decode(value, number) || YAML::convert<bool>::decode(value, flag)))
      YamlRules::fail(value, "the header '" + header + "' must be text: put its value in quotes");
  });
}

// models: {<id or part of it>: {context_window, max_output_tokens, cache_min_tokens,
//          price_input, price_output, price_cache_read, price_cache_write, tools, images}}
void check_models(const YAML::Node& v, YamlRules& r) {
  r.map(v, "models");
  if (v.IsNull()) return;
  r.each(v, [&](const std::string& model, const YAML::Node& limits) {
    r.map(limits, model);
    if (limits.IsNull()) return;
    r.each(limits, [&](const std::string& key, const YAML::Node& n) {
      if (key == "context_window" || key == "max_output_tokens") r.integer(n, key, YamlRules::kPositive);
      else if (key == "cache_min_tokens") r.integer(n, key, YamlRules::kNonNegative);
      else if (key == "price_input" || key == "price_output" || key == "price_cache_read" || key == "price_cache_write")
        r.number(n, key, YamlRules::kNonNegative);  // USD per million tokens
      else if (key == "tools")
        r.boolean(n, model + ".tools");  // false: the model does not call tools (no Agent mode)
      else if (key == "images")
        r.boolean(n, model + ".images");  // whether a tool's images are sent to it or described
      else
        r.unknown(model + "." + key, n,
                  "context_window, max_output_tokens, cache_min_tokens, price_input, price_output, price_cache_read, "
                  "price_cache_write, tools, images");
    });
  });
}

// ollama: {num_ctx_max, keep_alive}
void check_ollama(const YAML::Node& v, YamlRules& r) {
  r.map(v, "ollama");
  if (v.IsNull()) return;
  r.each(v, [&](const std::string& key, const YAML::Node& n) {
    if (key == "num_ctx_max") {
      r.integer(n, "ollama.num_ctx_max", YamlRules::kPositive);  // the largest window asked of Ollama
    } else if (key == "keep_alive") {
      // Ollama's: a duration ("30m", "1h"), seconds, or -1 (stay loaded).
      long long seconds = 0;
      if (!n.IsScalar() || (!YAML::convert<long long>::decode(n, seconds) && n.as<std::string>().empty()))
        YamlRules::fail(n, "'ollama.keep_alive' is " + YamlRules::shown(n) +
                               ": give a duration (\"30m\", \"1h\"), seconds, or -1 to keep the model loaded");
    } else {
      r.unknown("ollama." + key, n, "num_ctx_max, keep_alive");
    }
  });
}

}  // namespace

void check_llm(const YAML::Node& root, YamlRules& r) {
  r.each(root, [&](const std::string& key, const YAML::Node& v) {
    if (key == "provider") check_provider(v, r);
    else if (key == "base_url") check_base_url(v, r);
    else if (key == "model" || key == "smaller_model" || key == "smallerModel") r.text(v, key);
    else if (key == "api_key_env") check_key_env(v, r);
    else if (key == "extra_headers") check_headers(v, r);
    else if (key == "max_output_tokens") r.integer(v, key, YamlRules::kPositive);
    else if (key == "cache_min_tokens") r.integer(v, key, YamlRules::kNonNegative);
    else if (key == "cache_buffer_multiplier") r.number(v, key, YamlRules::kPositive);
    else if (key.ends_with("_timeout_seconds")) r.number(v, key, YamlRules::kPositive);
    else if (key == "num_retries") r.integer(v, key, YamlRules::kAny);
    else if (key == "region") r.text(v, key);  // bedrock: the AWS region, else AWS_REGION
    else if (key == "profile") r.text(v, key);  // bedrock: the AWS profile, else AWS_PROFILE
    else if (key == "models") check_models(v, r);
    else if (key == "ollama") check_ollama(v, r);
    else r.unknown(key, v, kKnown);
  });
  // Without a model the llm plugin has nothing to call; provider defaults to openai.
  if (!root["model"]) throw ConfigProblem(0, "'model' is missing; see the bundled llm.yaml for an example");
}

}  // namespace acdc::settings
