// service/local_model.hpp -- a local model for a user with no key (issue 30).
// When the configured provider's key is missing and an Ollama server
// answers on this machine (OLLAMA_HOST, Ollama's own variable, else
// 127.0.0.1:11434), the missing-key message says so; the webapp asks
// local_model_offer() for its models and, on the user's click,
// use_local_model(model) points llm.yaml at it through the settings plugin
// (its schema checks the file, the llm plugin reloads). Nothing is chosen
// silently: without the click llm.yaml is left as it is.
//
//   LocalModel local(host);
//   std::optional<LocalModel::Offer> o = LocalModel::probe();   // ~1 s at most
//   local.offer(call, 32768);            // the models, each with its window
//   local.use(call, "qwen2.5-coder");   // {"status":"ok","model":..,"base_url":..}
#pragma once

#include <acdc/sdk.hpp>
#include <acdc/sdk/worker_thread.hpp>

#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

class LocalModel {
 public:
  struct Offer {
    std::string base_url;             // Ollama's root (provider: ollama)
    std::vector<std::string> models;  // what `ollama list` shows
  };
  // What the offer says of each model (issue 41): the window acdc would
  // budget for there, and whether it calls tools (Agent mode).
  struct About {
    std::string model;
    long context_length = 0;      // /api/show's; 0: it did not say
    long window = 0;              // what acdc would use: context_length capped at ollama.num_ctx_max
    std::optional<bool> tools;    // none: this Ollama does not list capabilities
  };
  static constexpr std::size_t kMaxDescribed = 24;  // a longer list names the rest only

  explicit LocalModel(acdc::Host& host) : host_(host) {}

  static std::optional<Offer> probe();
  // Asks the server of `o` about each of its first kMaxDescribed models.
  static std::vector<About> describe(const Offer& o, long num_ctx_max);
  // The sentence the missing-key message gains, or "" when nothing answers.
  static std::string offer_note();
  // Answers {"base_url", "models", "about": [{"model", "context_length",
  // "window", "tools"}]} or null, from the worker (the probe waits).
  // `num_ctx_max`: llm.yaml's ollama.num_ctx_max.
  void offer(acdc::Call call, long num_ctx_max);
  void use(acdc::Call call, std::string model);

  // llm.yaml's text with its top-level provider, base_url, model,
  // smaller_model and api_key_env set for the endpoint (comments kept; keys
  // it lacks appended).
  static std::string with_local_model(const std::string& yaml, const std::string& base_url, const std::string& model);

 private:
  acdc::Host& host_;
  acdc::WorkerThread worker_{"llm"};
};

}  // namespace acdc::llm
