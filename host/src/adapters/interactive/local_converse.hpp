// adapters/interactive/local_converse.hpp -- a session's model rounds as
// LLMService.converse calls through a LocalClient (adapters/README.md): one
// in-process jrpc-oo client per /ws connection, so the plugin's
// AcApp.converseChunk notifications come back to that connection only.
//
//   auto engine = std::make_shared<LocalConverse>(hub, executor);
//   engine->converse("s1-1", request_json, on_chunk, done);
#pragma once

#include "adapters/interactive/converse_engine.hpp"
#include "adapters/local_client.hpp"

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace acdc::interactive {

class LocalConverse final : public ConverseEngine {
 public:
  LocalConverse(rpc::Hub& hub, boost::asio::any_io_executor executor);
  ~LocalConverse() override;  // leaves the hub like a closed socket

  std::optional<std::string> unavailable() const override;
  void converse(const std::string& request_id, std::string request_json, OnChunk on_chunk, OnDone done) override;
  void cancel(const std::string& request_id) override;

 private:
  // Chunk handlers by request id; shared with the client's handler, which
  // may run on a plugin's thread.
  struct Routes {
    std::mutex mu;
    std::unordered_map<std::string, OnChunk> by_request;
  };

  rpc::Hub& hub_;
  std::shared_ptr<Routes> routes_;
  std::shared_ptr<adapters::LocalClient> client_;
};

}  // namespace acdc::interactive
