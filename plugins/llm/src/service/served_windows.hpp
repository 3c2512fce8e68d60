// service/served_windows.hpp -- what the local servers acdc talks to serve
// each model with (context/served_window.hpp), asked once per server and
// model: Ollama's POST /api/show, or GET /props of an OpenAI-compatible
// server on this machine (llama.cpp's). An answer is kept until the
// configuration is reloaded; a server that did not say is asked again
// after kRetry, and one that refused (context/served_window.hpp) at once,
// so a server started or a model pulled since is found.
//
//   ServedWindows windows;
//   ServedWindow s = windows.get(pc, pc.model);   // blocks up to ~2 s the first time: from a worker
#pragma once

#include "context/served_window.hpp"
#include "provider/provider_config.hpp"

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace acdc::llm {

class ServedWindows {
 public:
  static constexpr std::chrono::seconds kRetry{30};

  // Nothing to ask (a remote OpenAI-compatible endpoint, Anthropic,
  // Bedrock): {}. Otherwise what the server said, or why it did not.
  ServedWindow get(const ProviderConfig& pc, const std::string& model);
  // Ollama's POST /api/show about `model`, asked now: its context length
  // and capabilities, or why there are none (and the refusal, when Ollama
  // is down or lacks the model). The local model offer asks it too.
  static ServedWindow ollama_show(const std::string& base_url, const std::string& model);
  // What the server said last, without asking (for a question that must
  // not wait on a server, such as whether the Agent switch is available).
  std::optional<ServedWindow> known(const ProviderConfig& pc, const std::string& model) const;
  void forget();  // the configuration changed: ask again

  // Whether Ollama has `model` in memory now (GET /api/ps), asked before
  // each turn: a cold load can take a minute, which the user is told of.
  // nullopt when `pc` is not Ollama or its server does not say.
  static std::optional<bool> loaded(const ProviderConfig& pc, const std::string& model);

 private:
  // The request that asks `pc`'s server about `model`, or none to ask.
  static ServedWindow ask(const ProviderConfig& pc, const std::string& model);

  struct Known {
    ServedWindow window;
    std::chrono::steady_clock::time_point at;
  };
  mutable std::mutex mu_;
  std::map<std::string, Known> known_;  // "<base_url> <model>"
};

}  // namespace acdc::llm
