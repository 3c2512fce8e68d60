// bb7/engine_client.hpp -- the Engine of the stdio host: the adapters'
// shared engine call (adapters/converse_client.hpp), made once the plugins
// have loaded for the project `init` names.
//
//   EngineClient engine;                       // usable at once; calls wait
//   ... plugins loaded ...
//   engine.attach(hub, io.get_executor());     // from the loader thread
//   engine.converse(id, request, on_delta, done);
#pragma once

#include "bb7/engine.hpp"

#include <acdc/host/converse_client.hpp>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace acdc::adapters::bb7 {

class EngineClient final : public Engine {
 public:
  EngineClient() = default;
  ~EngineClient() override;

  void attach(rpc::Hub& hub, boost::asio::any_io_executor executor);
  // The plugins will never come (start-up gave up): calls fail at once.
  void give_up(const std::string& why);

  void converse(const std::string& id, const std::string& request_json,
                std::function<void(const EngineDelta&)> on_delta, std::function<void(EngineResult)> done) override;
  void cancel(const std::string& id) override;
  std::vector<long long> count_tokens(const std::vector<std::string>& texts) override;

 private:
  host::ConverseClient& client();  // waits for attach() or give_up()

  std::mutex mu_;
  std::condition_variable ready_cv_;
  bool settled_ = false;
  std::string unavailable_;
  std::unique_ptr<host::ConverseClient> client_;  // set once, by attach()
};

// The reply of LLMService.converse as an EngineResult (exposed for tests).
EngineResult parse_converse_result(acdc_status status, std::string_view text);

}  // namespace acdc::adapters::bb7
