// adapters/interactive/converse_engine.hpp -- the model rounds a session
// runs: LLMService.converse through a LocalClient (local_converse.hpp) in
// the host, a scripted fake in unit tests.
//
//   engine->converse("s1-3", R"({"messages":[...],"tools":[...]})",
//                    [](std::string text) { ... one delta ... },
//                    [](acdc_status s, std::string body) { ... the reply JSON, or the error message ... });
//   engine->cancel("s1-3");   // the reply then says cancelled: true
#pragma once

#include <acdc/plugin_api.h>

#include <functional>
#include <optional>
#include <string>

namespace acdc::interactive {

class ConverseEngine {
 public:
  using OnChunk = std::function<void(std::string text)>;
  using OnDone = std::function<void(acdc_status status, std::string body)>;

  virtual ~ConverseEngine() = default;
  // Why no session can run (the llm plugin is not in this build); empty when one can.
  virtual std::optional<std::string> unavailable() const = 0;
  // Starts one round (adapters/README.md, "The engine call"). Callbacks may
  // run on any thread, each chunk before `done`, `done` exactly once.
  virtual void converse(const std::string& request_id, std::string request_json, OnChunk on_chunk,
                        OnDone done) = 0;
  // Asks a running round to stop; its `done` still comes.
  virtual void cancel(const std::string& request_id) = 0;
};

}  // namespace acdc::interactive
