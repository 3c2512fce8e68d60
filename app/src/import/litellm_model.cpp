// import/litellm_model.cpp -- see litellm_model.hpp.
#include "import/litellm_model.hpp"

#include <array>

namespace acdc::app::importer {
namespace {

struct Route {
  std::string_view prefix;  // litellm's, before the '/'
  std::string_view provider;
  std::string_view base_url;
  std::string_view key_env;
  std::string_view api_base_suffix = "";
};

// litellm's routes acdc has a provider for. The OpenAI-compatible services
// are reached by acdc's openai provider at their published endpoints.
constexpr std::array<Route, 10> kRoutes{{
    {"bedrock", "bedrock", "", "AWS_BEARER_TOKEN_BEDROCK"},
    {"anthropic", "anthropic", "", "ANTHROPIC_API_KEY"},
    {"openai", "openai", "", "OPENAI_API_KEY"},
    // As config/llm.yaml documents Ollama (and the local-model offer writes
    // it): its OpenAI-compatible endpoint, no key.
    {"ollama", "openai", "http://127.0.0.1:11434/v1", "", "/v1"},
    {"ollama_chat", "openai", "http://127.0.0.1:11434/v1", "", "/v1"},
    {"openrouter", "openai", "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"},
    {"deepseek", "openai", "https://api.deepseek.com/v1", "DEEPSEEK_API_KEY"},
    {"groq", "openai", "https://api.groq.com/openai/v1", "GROQ_API_KEY"},
    {"mistral", "openai", "https://api.mistral.ai/v1", "MISTRAL_API_KEY"},
    {"xai", "openai", "https://api.x.ai/v1", "XAI_API_KEY"},
}};

// A name without a prefix, as litellm infers its provider from it.
std::optional<std::string_view> bare_name_route(std::string_view name) {
  if (name.starts_with("claude-")) return "anthropic";
  for (std::string_view p : {"gpt-", "chatgpt-", "o1", "o3", "o4"})
    if (name.starts_with(p)) return "openai";
  return std::nullopt;
}

ModelMapping from_route(const Route& r, std::string_view model) {
  // litellm picks Bedrock's API by a second prefix (bedrock/converse/<id>);
  // acdc always speaks ConverseStream.
  if (r.provider == "bedrock")
    for (std::string_view api : {"converse/", "invoke/"})
      if (model.starts_with(api)) model.remove_prefix(api.size());
  if (model.empty()) return {std::nullopt, "names no model after '" + std::string(r.prefix) + "/'"};
  return {ProviderModel{std::string(r.provider), std::string(model), std::string(r.base_url), std::string(r.key_env),
                        std::string(r.api_base_suffix)},
          {}};
}

const Route* find_route(std::string_view prefix) {
  for (const auto& r : kRoutes)
    if (r.prefix == prefix) return &r;
  return nullptr;
}

}  // namespace

ModelMapping map_litellm_model(std::string_view litellm) {
  if (litellm.empty()) return {std::nullopt, "is empty: set provider and model in llm.yaml"};
  size_t slash = litellm.find('/');
  if (slash == std::string_view::npos) {
    if (auto provider = bare_name_route(litellm)) return from_route(*find_route(*provider), litellm);
    return {std::nullopt, "'" + std::string(litellm) +
                              "' has no provider prefix (like anthropic/ or bedrock/) and is no OpenAI or Claude "
                              "model name: set provider, base_url and model in llm.yaml by hand"};
  }
  std::string_view prefix = litellm.substr(0, slash);
  if (const Route* r = find_route(prefix)) return from_route(*r, litellm.substr(slash + 1));
  return {std::nullopt, "acdc has no provider for litellm's '" + std::string(prefix) +
                            "/' route (it speaks OpenAI-compatible endpoints, Anthropic, Ollama and Bedrock): "
                            "set provider, base_url and model in llm.yaml by hand"};
}

}  // namespace acdc::app::importer
