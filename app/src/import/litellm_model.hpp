// import/litellm_model.hpp -- AC-DC's litellm model strings as acdc's
// provider and model (acdc-features.md §8: "provider/model").
//
//   ModelMapping m = map_litellm_model("bedrock/global.anthropic.claude-opus-4-7");
//   if (m.mapped) m.mapped->provider;   // "bedrock", model "global.anthropic.claude-opus-4-7"
//   else m.why;                         // what acdc lacks, and what to set by hand
//
// Pure: no files, no environment. `acdc import-acdc` (import_command.hpp) uses it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace acdc::app::importer {

struct ProviderModel {
  std::string provider;  // llm.yaml's provider: openai, anthropic, ollama or bedrock
  std::string model;     // the id the provider takes
  std::string base_url;  // "" when the provider's default serves it
  std::string key_env;   // the variable litellm reads the key from; "" when none is needed
  // What llm.json's api_base lacks for acdc: litellm's Ollama base is the
  // server's root, acdc reaches Ollama at its OpenAI-compatible <root>/v1.
  std::string api_base_suffix;
};

struct ModelMapping {
  std::optional<ProviderModel> mapped;
  std::string why;  // when not mapped: the reason, saying what to do
};

ModelMapping map_litellm_model(std::string_view litellm);

}  // namespace acdc::app::importer
