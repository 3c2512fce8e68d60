#include "interactive/session.hpp"

#include "interactive/notifications.hpp"

#include <acdc/host/log.hpp>
#include <boost/asio/post.hpp>

namespace acdc::interactive {

namespace {
// What the model is told, in place of an answer, when its round ran out of
// time (the reference's wording), so the next turn follows an assistant message.
constexpr const char* kTimeoutNote = "AI service timeout: The AI did not respond in time.";

std::string seconds_text(std::chrono::milliseconds ms) {
  if (ms.count() % 1000 == 0) return std::to_string(ms.count() / 1000);
  return std::to_string(ms.count() / 1000) + "." + std::to_string(ms.count() % 1000 / 100);
}
}  // namespace

Session::Session(std::string id, SessionSettings settings, std::shared_ptr<const SessionPorts> ports)
    : id_(std::move(id)),
      ports_(std::move(ports)),
      conversation_(std::move(settings)),
      round_timer_(ports_->executor),
      tool_timer_(ports_->executor),
      grace_timer_(ports_->executor) {}

template <class Fn>
auto Session::on_executor(Fn fn) {
  return [weak = weak_from_this(), executor = ports_->executor, fn = std::move(fn)](auto&&... args) mutable {
    boost::asio::post(executor, [weak, fn, ... a = std::forward<decltype(args)>(args)]() mutable {
      if (auto self = weak.lock()) fn(*self, std::move(a)...);
    });
  };
}

void Session::enqueue(std::string message) {
  queued_.push_back(std::move(message));
  start_next_turn();
}

void Session::start_next_turn() {
  if (in_turn_ || stopped_ || queued_.empty()) return;
  in_turn_ = true;
  user_text_ = std::move(queued_.front());
  queued_.pop_front();
  conversation_.add_user(user_text_);
  start_round();
}

void Session::start_round() {
  ++round_;
  request_id_ = id_ + "-" + std::to_string(round_);
  held_.reset();
  round_timer_.expires_after(ports_->timeouts.ai_round_timeout);
  round_timer_.async_wait([weak = weak_from_this(), round = round_](boost::system::error_code ec) {
    if (auto self = weak.lock(); self && !ec) self->on_round_timeout(round);
  });
  auto chunk = on_executor([id = request_id_](Session& s, std::string text) { s.on_chunk(id, std::move(text)); });
  auto done = on_executor([id = request_id_](Session& s, acdc_status status, std::string body) {
    s.on_done(id, status, std::move(body));
  });
  // The user text is recorded with the turn's first round only.
  ports_->engine->converse(request_id_, conversation_.request_json(HistoryRecord{history_session_, std::move(user_text_)}),
                           std::move(chunk), std::move(done));
  user_text_.clear();
}

void Session::on_chunk(const std::string& request_id, std::string text) {
  if (request_id != request_id_ || stopped_ || text.empty()) return;
  if (held_) send(chunk_notification(id_, *held_, false));
  held_ = std::move(text);
}

void Session::flush_final(std::string_view usage_json) {
  if (!held_) return;
  send(chunk_notification(id_, *held_, true, usage_json));
  held_.reset();
}

void Session::on_done(const std::string& request_id, acdc_status status, std::string body) {
  if (request_id != request_id_) return;
  request_id_.clear();
  round_timer_.cancel();
  if (stopped_) return finish_stop();
  auto reply = status == ACDC_OK ? parse_round_reply(body) : std::nullopt;
  flush_final(reply ? std::string_view(reply->usage_json) : std::string_view());
  if (status != ACDC_OK) return fail_round("", body);
  if (!reply) return fail_round("", "the llm plugin answered something that is not a round");
  if (!reply->history_session.empty()) history_session_ = reply->history_session;
  if (!reply->error_kind.empty()) return fail_round(reply->error_kind, reply->error_message);
  conversation_.add_assistant(reply->text, reply->tool_calls);
  if (reply->tool_calls.empty()) return end_turn();
  await_tools(std::move(reply->tool_calls));
}

void Session::await_tools(std::vector<ToolCall> calls) {
  pending_.clear();
  for (auto& call : calls) {
    send(tool_call_notification(id_, call.id, call.name, arguments_object(call.arguments)));
    pending_.push_back({std::move(call), std::nullopt});
  }
  tool_timer_.expires_after(ports_->timeouts.tool_result_timeout);
  tool_timer_.async_wait([weak = weak_from_this(), round = round_](boost::system::error_code ec) {
    if (auto self = weak.lock(); self && !ec) self->on_tool_timeout(round);
  });
}

bool Session::provide_tool_result(const std::string& call_id, std::string result) {
  auto it = std::find_if(pending_.begin(), pending_.end(),
                         [&](const PendingCall& p) { return p.call.id == call_id && !p.result; });
  if (it == pending_.end()) return false;
  it->result = std::move(result);
  if (std::any_of(pending_.begin(), pending_.end(), [](const PendingCall& p) { return !p.result; })) return true;
  tool_timer_.cancel();
  for (const auto& p : pending_) conversation_.add_tool_result(p.call.id, *p.result);
  pending_.clear();
  // After the reply to this provideToolResult, which the caller sends now.
  boost::asio::post(ports_->executor, [weak = weak_from_this()] {
    if (auto self = weak.lock(); self && !self->stopped_) self->start_round();
  });
  return true;
}

void Session::on_round_timeout(uint64_t round) {
  if (round != round_ || request_id_.empty() || stopped_) return;
  ports_->engine->cancel(request_id_);
  request_id_.clear();  // what the cancelled round still sends is ignored
  flush_final();
  send(status_notification(id_, kSessionError, "timeout"));
  conversation_.add_assistant(kTimeoutNote);
  end_turn();
}

void Session::on_tool_timeout(uint64_t round) {
  if (round != round_ || pending_.empty() || stopped_) return;
  send(status_notification(id_, kSessionError, "timeout"));
  const std::string missing = "Error: the client gave no result for this tool call within " +
                              seconds_text(ports_->timeouts.tool_result_timeout) + " s.";
  for (const auto& p : pending_) conversation_.add_tool_result(p.call.id, p.result ? *p.result : missing);
  pending_.clear();
  end_turn();
}

void Session::fail_round(std::string_view kind, const std::string& message) {
  // The reference calls any failure that mentions a timeout "timeout" (§4.2).
  const bool timeout = kind == "timeout" || message.find("timeout") != std::string::npos ||
                       message.find("timed out") != std::string::npos;
  send(status_notification(id_, kSessionError, timeout ? std::string("timeout") : "Error: " + message));
  conversation_.add_assistant("AI service error: " + message);
  end_turn();
}

void Session::end_turn() {
  in_turn_ = false;
  start_next_turn();
}

void Session::report_error(std::string_view detail) {
  send(status_notification(id_, kSessionError, "Error: " + std::string(detail)));
}

void Session::stop() {
  if (stopped_) return;
  stopped_ = true;
  queued_.clear();
  pending_.clear();
  tool_timer_.cancel();
  round_timer_.cancel();
  flush_final();
  if (request_id_.empty()) {
    // After the stopSession reply, which the caller sends now.
    boost::asio::post(ports_->executor, [self = shared_from_this()] { self->finish_stop(); });
    return;
  }
  ports_->engine->cancel(request_id_);
  grace_timer_.expires_after(ports_->timeouts.stop_grace);
  grace_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || self->request_id_.empty()) return;
    log::warn("interactive session " + self->id_ + ": its round did not end within the stop grace; left behind");
    self->request_id_.clear();
    self->finish_stop();
  });
}

void Session::finish_stop() {
  grace_timer_.cancel();
  send(status_notification(id_, kSessionStopped, "Session ended: stopped"));
  send(status_notification(id_, kSessionStopped, "Session stopped"));
}

void Session::drop() {
  stopped_ = true;
  queued_.clear();
  pending_.clear();
  tool_timer_.cancel();
  round_timer_.cancel();
  if (!request_id_.empty()) ports_->engine->cancel(request_id_);
  request_id_.clear();
}

}  // namespace acdc::interactive
