// adapters/interactive/session.hpp -- one Interactive Mode API session: its
// queued turns, each a chain of model rounds, and the client's tool calls
// between them (shared/specs/reference/interactive-api.md §10).
//
// A turn, for each user message in the order they came:
//   1. a round: LLMService.converse with the whole conversation; each text
//      delta is relayed as AIMessageChunkNotification, one behind, so the
//      round's last delta goes out with isFinal:true (A-15: joining every
//      chunk gives the text exactly; a round without text sends no final);
//   2. if the model called tools: a ToolCallNotification per call, in index
//      order, after the round's chunks; the session waits for
//      provideToolResult on every call, then runs the next round;
//   3. otherwise the turn ends and the next queued message starts.
// A round longer than ai_round_timeout, or calls unanswered for
// tool_result_timeout, end the turn with {3, "timeout"} (the calls get a
// missing-result message, A-5); a provider error ends it with
// {3, "Error: ..."}. Status 3 is not terminal: later messages run.
//
//   auto s = std::make_shared<Session>(id, settings, ports);
//   s->enqueue("hello");                  // after the ack went out
//   s->provide_tool_result("call_1", "42");
//   s->stop();                            // then the reply; the status-2 notifications follow
//
// Every member runs on ports->executor, and so do the timers and the
// engine's callbacks (posted there).
#pragma once

#include "interactive/conversation.hpp"
#include "interactive/converse_engine.hpp"

#include <acdc/host/host_config.hpp>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace acdc::interactive {

// What a connection lends its sessions.
struct SessionPorts {
  boost::asio::any_io_executor executor;
  std::function<void(std::string frame)> send;
  std::shared_ptr<ConverseEngine> engine;
  config::InteractiveConfig timeouts;
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(std::string id, SessionSettings settings, std::shared_ptr<const SessionPorts> ports);

  const std::string& id() const { return id_; }
  void enqueue(std::string message);
  // False when `call_id` is not a call this session waits for (-32602, A-4).
  bool provide_tool_result(const std::string& call_id, std::string result);
  // {3, "Error: <detail>"}, for a bad message on this session (§10 item 4).
  void report_error(std::string_view detail);
  // stopSession: sends the running round's final chunk now; once the turn
  // has wound down (at most stop_grace later), {2,"Session ended: stopped"}
  // and {2,"Session stopped"}.
  void stop();
  // The connection is gone: cancels the turn, sends nothing.
  void drop();

 private:
  struct PendingCall {
    ToolCall call;
    std::optional<std::string> result;
  };

  void start_next_turn();
  void start_round();
  void on_chunk(const std::string& request_id, std::string text);
  void on_done(const std::string& request_id, acdc_status status, std::string body);
  void on_round_timeout(uint64_t round);
  void on_tool_timeout(uint64_t round);
  void await_tools(std::vector<ToolCall> calls);
  // Sends the held-back delta as the round's isFinal chunk, if there is one,
  // with the round's usage when known.
  void flush_final(std::string_view usage_json = {});
  // A failed round: {3, "timeout"} or {3, "Error: ..."}, and the turn ends.
  void fail_round(std::string_view kind, const std::string& message);
  void end_turn();
  void finish_stop();
  void send(std::string frame) const { ports_->send(std::move(frame)); }
  // Runs `fn` on the executor with this session, if it still exists.
  template <class Fn>
  auto on_executor(Fn fn);

  const std::string id_;
  const std::shared_ptr<const SessionPorts> ports_;
  Conversation conversation_;
  std::deque<std::string> queued_;      // user messages waiting for the running turn
  bool in_turn_ = false;
  bool stopped_ = false;
  std::string user_text_;               // the running turn's user message, until its first round
  std::string history_session_;         // the repository history session of these turns
  std::string request_id_;              // the round in flight; empty when none
  uint64_t round_ = 0;                  // counts rounds; stale timers compare it
  std::optional<std::string> held_;     // the last delta of the round, not sent yet
  std::vector<PendingCall> pending_;    // the last round's tool calls, in index order
  boost::asio::steady_timer round_timer_;
  boost::asio::steady_timer tool_timer_;
  boost::asio::steady_timer grace_timer_;
};

}  // namespace acdc::interactive
