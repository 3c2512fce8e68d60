// adapters/interactive/local_converse.hpp -- a session's model rounds on the
// adapters' shared engine call (acdc/host/converse_client.hpp): one
// in-process client per /ws connection, so the plugin's deltas come back to
// that connection only. This protocol has no place for thinking: only the
// text deltas reach the session.
//
//   auto engine = std::make_shared<LocalConverse>(hub, executor);
//   engine->converse("s1-1", request_json, on_chunk, done);
#pragma once

#include "interactive/converse_engine.hpp"

#include <acdc/host/converse_client.hpp>

namespace acdc::interactive {

class LocalConverse final : public ConverseEngine {
 public:
  LocalConverse(rpc::Hub& hub, boost::asio::any_io_executor executor) : client_(hub, std::move(executor)) {}

  std::optional<std::string> unavailable() const override { return client_.unavailable(); }
  void converse(const std::string& request_id, std::string request_json, OnChunk on_chunk, OnDone done) override;
  void cancel(const std::string& request_id) override { client_.cancel(request_id); }

 private:
  host::ConverseClient client_;
};

}  // namespace acdc::interactive
