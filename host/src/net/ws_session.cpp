#include "net/ws_session.hpp"

#include "rpc/hub.hpp"

#include <acdc/host/log.hpp>
#include <acdc/sdk/utf8.hpp>

#include <boost/asio/post.hpp>

namespace acdc::net {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

namespace {
// The session whose on_read is running on this thread: what it sends meanwhile
// is flushed when the handler returns instead of through a post.
thread_local WsSession* t_reading = nullptr;

struct ReadingScope {
  explicit ReadingScope(WsSession* session) { t_reading = session; }
  ~ReadingScope() { t_reading = nullptr; }
};
}  // namespace

WsSession::WsSession(boost::asio::ip::tcp::socket&& socket, rpc::Hub& hub, WsLimits limits)
    : ws_(std::move(socket)), hub_(&hub), limits_(limits), keepalive_(ws_.get_executor()) {}

WsSession::WsSession(boost::asio::ip::tcp::socket&& socket, WsEndpointFactory make_endpoint, WsLimits limits)
    : ws_(std::move(socket)), make_endpoint_(std::move(make_endpoint)), limits_(limits),
      keepalive_(ws_.get_executor()) {}

WsSession::~WsSession() = default;

void WsSession::run(beast::http::request<beast::http::string_body> request) {
  ws_.next_layer().set_owner(weak_from_this());
  // Above the queue limit send() keeps, by a margin for frame headers and
  // Beast's control frames: only a peer that stopped reading gets there.
  ws_.next_layer().set_max_unsent(limits_.max_queued + (1u << 20));
  ws_.next_layer().start(beast::role_type::server);  // HttpSession read the upgrade request
  // Beast's own idle timeout stays off: it re-arms a timer on every read,
  // a tenth of the host's instructions per echo call (bench/host). jrpc-oo
  // has no keepalive of its own and browsers sit idle for hours, so
  // arm_keepalive() pings a quiet connection instead of dropping it. The
  // handshake timeout still bounds the accept and the closing handshake.
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
  timeouts.idle_timeout = websocket::stream_base::none();
  ws_.set_option(timeouts);
  ws_.read_message_max(limits_.max_message);
  ws_.auto_fragment(false);  // one frame per message: 4 KiB fragments cost a send each
  ws_.text(true);
  ws_.control_callback([this](websocket::frame_type, beast::string_view) { ++frames_read_; });
  ws_.async_accept(request, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) return log::debug("websocket handshake failed: " + ec.message());
  if (make_endpoint_) {
    endpoint_ = make_endpoint_(weak_from_this());
  } else {
    peer_ = std::make_shared<rpc::Peer>(*hub_, weak_from_this());
    peer_->start();
  }
  arm_keepalive();
  do_read();
}

void WsSession::arm_keepalive() {
  keepalive_.expires_after(limits_.keepalive);
  keepalive_.async_wait(beast::bind_front_handler(&WsSession::on_keepalive, shared_from_this()));
}

void WsSession::on_keepalive(beast::error_code ec) {
  if (ec) return;  // cancelled: the session is shutting down
  if (frames_read_ != frames_at_tick_) {
    frames_at_tick_ = frames_read_;
    ping_unanswered_ = false;
  } else if (ping_unanswered_) {
    log::debug("a client answered no ping for " + std::to_string(limits_.keepalive.count()) + " ms; closed it");
    beast::error_code ignored;
    ws_.next_layer().next_layer().close(ignored);  // the pending read fails and shuts the session down
    return;
  } else {
    ping_unanswered_ = true;
    ws_.async_ping({}, [self = shared_from_this()](beast::error_code) {});
  }
  arm_keepalive();
}

// Called when no whole text message is buffered (read_buffered() took them).
void WsSession::do_read() {
  // Bytes already here are a control frame, a fragment or part of a frame:
  // Beast's asynchronous read parses them (and receives the rest). Otherwise
  // the next bytes are received without Beast, whose composed read cost more
  // than the rest of an echo call's reading together (bench/host).
  if (close_started_ || ws_.next_layer().buffered() > 0) return async_read();
  ws_.next_layer().async_receive(beast::bind_front_handler(&WsSession::on_receive, shared_from_this()));
}

void WsSession::async_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
}

void WsSession::on_receive(beast::error_code ec) {
  if (ec) return on_read(ec, 0);
  // Once Beast's closing handshake runs, it parses what comes (the read
  // waits for it to finish, and then reports the close).
  if (close_started_ || !ws_.next_layer().message_ready(limits_.max_message)) return async_read();
  read_buffered();
}

void WsSession::on_read(beast::error_code ec, size_t) {
  if (handle_message(ec, ws_.got_text())) return read_buffered();
  flush_read_replies();
}

void WsSession::read_buffered() {
  bool reading = true;
  for (bool first = true; reading && !close_started_ && ws_.next_layer().message_ready(limits_.max_message);
       first = false) {
    // Answers so far go first, should the next frame fail the connection.
    if (!first) frame_queued();
    reading = take_message() && handle_message({}, /*text=*/true);
  }
  if (reading) do_read();
  flush_read_replies();
}

bool WsSession::take_message() {
  auto& stream = ws_.next_layer();
  const size_t size = stream.ready_payload();
  stream.take_message(static_cast<char*>(buffer_.prepare(size).data()));
  buffer_.commit(size);
  if (is_valid_utf8({static_cast<const char*>(buffer_.data().data()), size})) return true;
  buffer_.consume(size);
  // What Beast's own read does with such a frame (RFC 6455 §8.1).
  request_close(static_cast<uint16_t>(websocket::close_code::bad_payload), "text frames must be UTF-8");
  return false;
}

void WsSession::flush_read_replies() {
  if (!flush_after_read_) return;
  flush_after_read_ = false;
  drain();
}

bool WsSession::handle_message(beast::error_code ec, bool text) {
  if (ec) {
    if (ec == websocket::error::message_too_big)
      log::warn("a client sent a message over " + std::to_string(limits_.max_message >> 20) +
                " MiB; closed its connection (1009)");
    else if (ec != websocket::error::closed && ec != boost::asio::error::operation_aborted &&
             ec != boost::asio::error::eof && ec != boost::asio::error::connection_reset)
      log::debug("websocket read ended: " + ec.message());
    shut_down();
    return false;
  }
  if (!text) {
    buffer_.consume(buffer_.size());
    if (endpoint_ && endpoint_->on_binary()) {
      ++frames_read_;
      return true;
    }
    // JS peers silently drop binary frames (jrpc-oo-wire.md §2.3); we say so.
    request_close(static_cast<uint16_t>(websocket::close_code::unknown_data),
                  "acdc speaks JSON-RPC in text frames only");
    return false;
  }
  ++frames_read_;
  // The peer parses the message in place, behind a NUL terminator.
  const size_t size = buffer_.size();
  static_cast<char*>(buffer_.prepare(1).data())[0] = '\0';
  {
    ReadingScope scope(this);
    if (endpoint_) endpoint_->on_message(static_cast<char*>(buffer_.data().data()), size);
    else peer_->on_message(static_cast<char*>(buffer_.data().data()), size);
  }
  buffer_.consume(size);
  return true;
}

void WsSession::send(std::string message) {
  bool overflow = false;
  {
    std::lock_guard lock(mu_);
    if (closing_) return;
    if (queued_bytes_ + ws_.next_layer().unsent_bytes() + message.size() > limits_.max_queued) {
      overflow = true;
    } else {
      queued_bytes_ += message.size();
      queue_.push_back(std::move(message));
      if (drain_scheduled_) return;
      drain_scheduled_ = true;
    }
  }
  if (overflow) {
    log::warn("a client stopped reading its messages; closing its connection");
    return request_close(static_cast<uint16_t>(websocket::close_code::policy_error),
                         "too many unread messages", /*drop_queued=*/true);
  }
  if (t_reading == this) flush_after_read_ = true;
  else boost::asio::post(ws_.get_executor(), [self = shared_from_this()] { self->drain(); });
}

void WsSession::drain() {
  std::optional<websocket::close_reason> requested_close;
  {
    std::lock_guard lock(mu_);
    drain_scheduled_ = false;
    requested_close = std::move(pending_close_);
    pending_close_.reset();
  }
  frame_queued();
  ws_.next_layer().flush();
  if (requested_close) {
    close_started_ = true;
    ws_.async_close(*requested_close, beast::bind_front_handler(&WsSession::on_close, shared_from_this()));
  }
}

void WsSession::frame_queued() {
  {
    std::lock_guard lock(mu_);
    draining_.swap(queue_);
    queued_bytes_ = 0;
  }
  // Framing into the stream's buffer cannot block. Nothing follows a close
  // frame (Beast's own write would refuse it likewise); a failed stream drops
  // what it is given, and the pending read reports the failure.
  for (const auto& message : draining_) {
    if (!ws_.is_open()) break;
    ws_.next_layer().keep_text_frame(message);
  }
  draining_.clear();
}

void WsSession::close(uint16_t code, std::string reason) { request_close(code, std::move(reason)); }

void WsSession::request_close(uint16_t code, std::string reason, bool drop_queued) {
  {
    std::lock_guard lock(mu_);
    if (closing_) return;
    closing_ = true;
    // Replies already queued (a commit's, at shutdown) go before the close frame.
    if (drop_queued) {
      queue_.clear();
      queued_bytes_ = 0;
    }
    pending_close_ = websocket::close_reason(static_cast<websocket::close_code>(code), reason);
    if (drain_scheduled_) return;  // that drain sends the close frame
    drain_scheduled_ = true;
  }
  boost::asio::post(ws_.get_executor(), [self = shared_from_this()] { self->drain(); });
}

void WsSession::on_close(beast::error_code) { shut_down(); }

void WsSession::shut_down() {
  {
    std::lock_guard lock(mu_);
    closing_ = true;
    queue_.clear();
    queued_bytes_ = 0;
  }
  keepalive_.cancel();
  if (peer_) peer_->on_closed();
  if (endpoint_) endpoint_->on_closed();
}

}  // namespace acdc::net
