// context/model_prices.hpp -- what a turn costs (issue 30): US dollars per
// million input, output, cache-read and cache-write tokens per model. A
// bundled table of the providers' list prices, matched by a part of the
// model id as the limits are (model_limits.hpp), which llm.yaml's `models:`
// overrides per model:
//
//   models:
//     my-finetune: {price_input: 0.5, price_output: 1.5, price_cache_read: 0.05, price_cache_write: 0.6}
//
// A model the table does not know, served on this machine (provider: ollama,
// or a base_url on loopback: Ollama, llama.cpp, vLLM), costs nothing; one it
// knows is priced as listed there too, as a local proxy (LiteLLM) forwards
// it to its provider. Any other model with no known price has none: its
// cost is null, shown as "price unknown", never $0.
//
//   std::optional<Prices> p = model_prices("claude-sonnet-4-5", false, user_models(llm));
//   usage.cost_usd = p->cost(usage);
#pragma once

#include "context/model_limits.hpp"
#include "provider/provider.hpp"

#include <optional>
#include <string>

namespace acdc::llm {

struct Prices {
  double input = 0, output = 0, cache_read = 0, cache_write = 0;  // USD per million tokens

  double cost(const Usage& u) const;
  // Against the same tokens sent with no cache: reads at the input price
  // less what they cost, less the writes' premium (negative on a turn that
  // mostly writes).
  double cache_saving(const Usage& u) const;
};

// `local`: the endpoint runs on this machine (is_local_endpoint).
std::optional<Prices> model_prices(const std::string& model, bool local, const UserModels& user = {});
// Fills `u.cost_usd` (unless the provider reported it) and `u.cache_saved_usd`
// from `prices`; with none both stay unknown.
void price_usage(Usage& u, const std::optional<Prices>& prices);
bool is_local_endpoint(const std::string& base_url);

}  // namespace acdc::llm
