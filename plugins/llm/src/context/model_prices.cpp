#include "context/model_prices.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <span>

namespace acdc::llm {
namespace {

bool contains(const std::string& id, const char* part) { return id.find(part) != std::string::npos; }

struct Listed {
  const char* id_part;
  Prices prices;
};

// OpenAI's list prices (USD per million tokens: input, output, cached input;
// no cache-write premium), most specific first: the first entry whose text
// is in the lower-cased model id wins.
constexpr std::array kOpenAi{
    Listed{"gpt-4o-mini", {0.15, 0.60, 0.075, 0.15}}, Listed{"gpt-4o", {2.50, 10.00, 1.25, 2.50}},
    Listed{"gpt-4.1-nano", {0.10, 0.40, 0.025, 0.10}}, Listed{"gpt-4.1-mini", {0.40, 1.60, 0.10, 0.40}},
    Listed{"gpt-4.1", {2.00, 8.00, 0.50, 2.00}},      Listed{"gpt-5-nano", {0.05, 0.40, 0.005, 0.05}},
    Listed{"gpt-5-mini", {0.25, 2.00, 0.025, 0.25}},  Listed{"gpt-5", {1.25, 10.00, 0.125, 1.25}},
    Listed{"o4-mini", {1.10, 4.40, 0.275, 1.10}},     Listed{"o3-mini", {1.10, 4.40, 0.55, 1.10}},
    Listed{"o3", {2.00, 8.00, 0.50, 2.00}},           Listed{"o1-mini", {1.10, 4.40, 0.55, 1.10}},
    Listed{"o1", {15.00, 60.00, 7.50, 15.00}},
    // Before prompt caching: a cached token is billed as any other.
    Listed{"gpt-4-turbo", {10.00, 30.00, 10.00, 10.00}}, Listed{"gpt-4-32k", {60.00, 120.00, 60.00, 60.00}},
    Listed{"gpt-4", {30.00, 60.00, 30.00, 30.00}},       Listed{"gpt-3.5", {0.50, 1.50, 0.50, 0.50}},
};

// The other publishers the model table knows (context/model_limits.cpp),
// at their own APIs' list prices for prompts within the standard tier
// (Gemini's up to 200k tokens), cache reads as each bills its cache hits.
// Open-weight models (Llama, Qwen) have no price of their own: each host
// sets one, so they stay unknown unless llm.yaml's models: gives it.
constexpr std::array kOthers{
    Listed{"gemini-2.5-pro", {1.25, 10.00, 0.3125, 1.25}},     Listed{"gemini-2.5-flash-lite", {0.10, 0.40, 0.025, 0.10}},
    Listed{"gemini-2.5-flash", {0.30, 2.50, 0.075, 0.30}},     Listed{"gemini-2.0-flash-lite", {0.075, 0.30, 0.075, 0.075}},
    Listed{"gemini-2.0-flash", {0.10, 0.40, 0.025, 0.10}},     Listed{"deepseek", {0.28, 0.42, 0.028, 0.28}},
    Listed{"mistral-large", {2.00, 6.00, 2.00, 2.00}},         Listed{"mistral-medium", {0.40, 2.00, 0.40, 0.40}},
    Listed{"mistral-small", {0.10, 0.30, 0.10, 0.10}},         Listed{"codestral", {0.30, 0.90, 0.30, 0.30}},
    Listed{"grok-3-mini", {0.30, 0.50, 0.075, 0.30}},          Listed{"grok-4", {3.00, 15.00, 0.75, 3.00}},
    Listed{"grok-3", {3.00, 15.00, 0.75, 3.00}},
};

// Anthropic's (on its API and on Bedrock alike): cache reads at 0.1x input,
// writes at 1.25x (the 5-minute cache acdc asks for).
std::optional<Prices> claude(const std::string& id) {
  auto tiered = [](double input, double output) { return Prices{input, output, input * 0.1, input * 1.25}; };
  if (contains(id, "opus")) {
    if (model_has_version(id, "opus", {"4-5", "4-6", "4-7", "4-8"})) return tiered(5, 25);
    return tiered(15, 75);  // Opus 3, 4 and 4.1
  }
  if (contains(id, "sonnet")) return tiered(3, 15);  // 3.5 to 4.x
  if (contains(id, "haiku")) {
    if (model_has_version(id, "haiku", {"4-5", "4-6"})) return tiered(1, 5);
    if (contains(id, "3-5-haiku") || contains(id, "3.5-haiku")) return tiered(0.80, 4);
    if (contains(id, "3-haiku")) return tiered(0.25, 1.25);
  }
  return std::nullopt;
}

std::optional<Prices> listed(const std::string& model) {
  const std::string id = lower_id(model);
  if (contains(id, "claude")) return claude(id);
  for (const auto& list : {std::span<const Listed>(kOpenAi), std::span<const Listed>(kOthers)})
    for (const auto& l : list)
      if (contains(id, l.id_part)) return l.prices;
  return std::nullopt;
}

}  // namespace

double Prices::cost(const Usage& u) const {
  return (static_cast<double>(u.input_tokens) * input + static_cast<double>(u.output_tokens) * output +
          static_cast<double>(u.cache_read_tokens) * cache_read + static_cast<double>(u.cache_write_tokens) * cache_write) /
         1e6;
}

double Prices::cache_saving(const Usage& u) const {
  return (static_cast<double>(u.cache_read_tokens) * (input - cache_read) -
          static_cast<double>(u.cache_write_tokens) * (cache_write - input)) /
         1e6;
}

std::optional<Prices> model_prices(const std::string& model, bool local, const UserModels& user) {
  std::optional<Prices> p = listed(model);
  if (!p && local) p = Prices{};
  // The user's entry, the longest name matching the model id, wins field by
  // field; cache prices it leaves out are its input price (no discount).
  const UserModel* mine = user_model(model, user);
  if (!mine || !(mine->price_input || mine->price_output || mine->price_cache_read || mine->price_cache_write)) return p;
  if (!p && !mine->price_input) return std::nullopt;  // no input price known: still unknown
  Prices out = p.value_or(Prices{});
  out.input = mine->price_input.value_or(out.input);
  out.output = mine->price_output.value_or(out.output);
  out.cache_read = mine->price_cache_read.value_or(p ? out.cache_read : out.input);
  out.cache_write = mine->price_cache_write.value_or(p ? out.cache_write : out.input);
  return out;
}

void price_usage(Usage& u, const std::optional<Prices>& prices) {
  if (!prices) return;
  if (!u.cost_usd) u.cost_usd = prices->cost(u);
  u.cache_saved_usd = prices->cache_saving(u);
}

bool is_local_endpoint(const std::string& base_url) {
  // scheme://host[:port]/...: the host part, brackets kept for IPv6.
  const auto scheme = base_url.find("://");
  const std::string rest = lower_id(scheme == std::string::npos ? base_url : base_url.substr(scheme + 3));
  std::string host = rest.substr(0, rest.find_first_of("/?#"));
  if (const auto at = host.rfind('@'); at != std::string::npos) host = host.substr(at + 1);
  if (host.starts_with("[")) host = host.substr(0, host.find(']') + 1);
  else host = host.substr(0, host.find(':'));
  return host == "localhost" || host == "[::1]" || host.starts_with("127.");
}

}  // namespace acdc::llm
