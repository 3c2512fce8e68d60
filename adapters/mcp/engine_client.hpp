// mcp/engine_client.hpp -- the Engine of `acdc mcp` and of /mcp: one
// LocalClient of the host (adapters/README.md), attached once the plugins
// have loaded; calls made before that wait for it.
//
//   EngineClient engine;                          // usable at once
//   engine.attach(hub, io.get_executor());        // from the plugin loader
//   engine.call("Repo.get_staged_diff", "[]", done);
#pragma once

#include "mcp/engine.hpp"

#include <acdc/host/local_client.hpp>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace acdc::adapters::mcp {

class EngineClient final : public Engine {
 public:
  EngineClient() = default;
  ~EngineClient() override;
  EngineClient(const EngineClient&) = delete;
  EngineClient& operator=(const EngineClient&) = delete;

  void attach(rpc::Hub& hub, boost::asio::any_io_executor executor);
  // The plugins will never load: waiting calls and later ones fail with `why`.
  void give_up(const std::string& why);

  void call(std::string_view method, std::string args_json, rpc::ReplyHandler done) override;
  bool serves(std::string_view method) override;
  void watch_stream(const std::string& request_id, ChatStream stream) override;
  void forget_stream(const std::string& request_id) override;

 private:
  struct Streams {
    std::mutex mu;
    std::unordered_map<std::string, ChatStream> by_request;
  };
  std::shared_ptr<host::LocalClient> wait_client();

  std::mutex mu_;
  std::condition_variable attached_;
  std::shared_ptr<host::LocalClient> client_;
  std::string gave_up_;
  // Shared with the client's handlers, which may run after this object is gone.
  std::shared_ptr<Streams> streams_ = std::make_shared<Streams>();
};

}  // namespace acdc::adapters::mcp
