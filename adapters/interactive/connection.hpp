// adapters/interactive/connection.hpp -- one /ws connection speaking the
// Interactive Mode API (shared/specs/reference/interactive-api.md §10).
//
//   server.interactive = endpoint_factory([&] { return current_timeouts(); }, [&](auto executor) {
//     return std::make_shared<LocalConverse>(hub, executor);
//   });
//
// Requests are handled one at a time, in the order they arrive, and every
// reply is sent before the handler returns, so the replies to startSession
// and sendUserMessage leave in request order and a sendUserMessage
// ack always precedes the turn's first chunk (§3.2). Methods:
//   startSession{userId, sessionParams?{model?, context?, language?, tools?}} -> {sessionId, status:1}
//   sendUserMessage{sessionId, message}        -> {messageId, status:0}; the turn is queued
//   provideToolResult{sessionId, toolCallId, result} -> {status:0}
//   stopSession{sessionId}                     -> {status:2}, always
//   echo{message?}                             -> message, or the params (the reference's protocol probe)
// Sessions belong to the connection that started them; when it closes,
// their turns are cancelled and the sessions are gone.
#pragma once

#include "interactive/converse_engine.hpp"
#include "interactive/envelope.hpp"
#include "interactive/session.hpp"

#include <acdc/host/host_config.hpp>
#include <acdc/host/ws_endpoint.hpp>
#include <acdc/util/status.hpp>
#include <rapidjson/document.h>

#include <functional>
#include <map>
#include <memory>
#include <string>

namespace acdc::interactive {

class Connection : public net::WsEndpoint, public std::enable_shared_from_this<Connection> {
 public:
  Connection(std::weak_ptr<rpc::Transport> transport, std::shared_ptr<ConverseEngine> engine,
             config::InteractiveConfig timeouts);

  void on_message(char* text, size_t size) override;
  bool on_binary() override;
  void on_closed() override;

 private:
  // A method's answer: a result's JSON, or why not (the one place a Status
  // becomes a JSON-RPC error is on_message); `then` runs once the reply is
  // sent (a turn to start, a notification).
  struct Answer {
    Status status;
    std::string result = {};
    std::function<void()> then = {};
  };

  Answer dispatch(std::string_view method, const rapidjson::Value& params);
  Answer start_session(const rapidjson::Value& params);
  Answer send_user_message(const rapidjson::Value& params);
  Answer provide_tool_result(const rapidjson::Value& params);
  Answer stop_session(const rapidjson::Value& params);
  std::shared_ptr<Session> find(const rapidjson::Value& params, const char* key) const;
  void send(std::string frame) const;

  std::shared_ptr<SessionPorts> ports_;
  std::weak_ptr<rpc::Transport> transport_;
  std::map<std::string, std::shared_ptr<Session>, std::less<>> sessions_;
  bool closed_ = false;
};

// `make_engine` makes each connection's engine, on that connection's executor.
using EngineFactory = std::function<std::shared_ptr<ConverseEngine>(boost::asio::any_io_executor)>;
// The timeouts a new connection takes: app.yaml's as they are when it connects.
using TimeoutsSource = std::function<config::InteractiveConfig()>;
net::WsEndpointFactory endpoint_factory(TimeoutsSource timeouts, EngineFactory make_engine);

}  // namespace acdc::interactive
