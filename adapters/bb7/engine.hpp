// bb7/engine.hpp -- what the BB-7 adapter needs from the plugins, as one
// interface: a tool-calling completion (LLMService.converse, see
// adapters/README.md) and token counts. The stdio host implements it over a
// LocalClient (engine_client.*); tests may substitute their own.
//
//   engine.converse(id, request_json,
//                   [](const EngineDelta& d) { ... },                 // in order, any thread
//                   [](const EngineResult& r) { ... });               // exactly once, last
//   engine.cancel(id);
#pragma once

#include <acdc/host/converse_client.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace acdc::adapters::bb7 {

using EngineDelta = host::ConverseDelta;

struct EngineToolCall {
  std::string id, name, arguments;  // arguments: the raw text the model sent
};

struct EngineUsage {
  long long prompt_tokens = 0, completion_tokens = 0, cached_tokens = 0, total_tokens = 0;
  double cost = 0;
  bool present = false;
};

struct EngineResult {
  std::optional<std::string> error;  // the provider's classified message
  std::string text, thinking, finish_reason;
  std::vector<EngineToolCall> tool_calls;  // in the provider's index order
  EngineUsage usage;
  bool cancelled = false;
};

class Engine {
 public:
  virtual ~Engine() = default;

  virtual void converse(const std::string& id, const std::string& request_json,
                        std::function<void(const EngineDelta&)> on_delta,
                        std::function<void(EngineResult)> done) = 0;
  virtual void cancel(const std::string& id) = 0;
  // The llm plugin's token counts (LLMService.count_tokens); blocks until it
  // answers, throws when it cannot.
  virtual std::vector<long long> count_tokens(const std::vector<std::string>& texts) = 0;
};

}  // namespace acdc::adapters::bb7
