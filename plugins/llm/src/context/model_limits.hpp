// context/model_limits.hpp -- per-model numbers (acdc-features.md §4.5):
// the context window the budget checks and the Context tab measure against,
// the output ceiling (max_tokens is always sent, clamped to it) and the
// smallest block a provider caches. A bundled table, matched by substring
// of the model id, that llm.yaml's `models:` extends or overrides:
//
//   models:
//     my-finetune: {context_window: 32768, max_output_tokens: 4096, cache_min_tokens: 1024,
//                   tools: false, images: true}
//
// (The same entries carry prices: context/model_prices.hpp.)
//
//   ModelLimits m = model_limits("gpt-4o", user_table);   // 128000, 16384, 1024
//   if (!m.known) log(m.note);                           // "unknown model ...: assuming ..."
#pragma once

#include <rapidjson/document.h>

#include <cstddef>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>

namespace acdc::llm {

struct ModelLimits {
  long context_window = 0;
  int output_ceiling = 0;
  std::size_t min_cacheable_tokens = 0;
  bool known = true;
  std::string note;  // for an unknown model: the default assumed and how to state the real one
  bool calls_tools = true;  // false: llm.yaml or the server says it does not (Agent mode stays off)
  std::string no_tools_why;  // who said so, when calls_tools is false
  bool sees_images = false;  // it takes images: a tool's images are sent to it, not described
  // Where context_window came from, for the Context tab and the terminal:
  // "acdc's model table", "llm.yaml models:", ... (context/served_window.hpp).
  std::string window_source;
};

struct UserModel {
  long context_window = 0;          // 0: not given, the bundled value stands
  int max_output_tokens = 0;
  std::size_t cache_min_tokens = 0;
  // USD per million tokens (context/model_prices.hpp); none: not given.
  std::optional<double> price_input, price_output, price_cache_read, price_cache_write;
  std::optional<bool> tools;  // false: the model does not call tools
  std::optional<bool> images;  // whether the model takes images, where the table is wrong
};
using UserModels = std::map<std::string, UserModel>;  // model id (or a substring of it) -> limits and prices

// The window an unknown model is assumed to have: small enough that a
// request sized against it fits any current chat model.
inline constexpr long kDefaultContextWindow = 128000;

ModelLimits model_limits(const std::string& model, const UserModels& user = {});
// The user's entry for `model`: the longest name that is part of its id
// (case-insensitive), or null.
const UserModel* user_model(const std::string& model, const UserModels& user);
// llm.yaml's `models:` (as JSON); entries that are not mappings of
// non-negative numbers are skipped (the settings plugin already refused them).
UserModels user_models(const rapidjson::Value& llm);
int output_ceiling(const std::string& model);
// The model id lower-cased, as the tables match it (model_prices.hpp too).
std::string lower_id(std::string model);
// Whether the lower-cased `id` names `family` at one of `versions`, written
// with a dash or a dot ("opus-4-5", "opus-4.5").
bool model_has_version(const std::string& id, const char* family, std::initializer_list<const char*> versions);
std::size_t min_cacheable_tokens(const std::string& model);

}  // namespace acdc::llm
