#include "net/http_exchange.hpp"

#include <boost/asio/write.hpp>

namespace acdc::net {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {

constexpr auto kWriteTimeout = std::chrono::seconds(30);
// A client that stops reading a stream is dropped rather than buffered for.
constexpr size_t kMaxQueuedBytes = 1u << 20;

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

}  // namespace

std::string_view HttpRequest::header(std::string_view name) const {
  for (const auto& [key, value] : headers)
    if (iequals(key, name)) return value;
  return {};
}

HttpRequest to_endpoint_request(http::request<http::string_body>&& request) {
  HttpRequest out;
  out.method = std::string(request.method_string());
  out.target = std::string(request.target());
  for (const auto& field : request) out.headers.emplace_back(field.name_string(), field.value());
  out.body = std::move(request.body());
  return out;
}

HttpExchange::HttpExchange(beast::tcp_stream&& stream, beast::flat_buffer&& buffer, const ServerContext& context,
                           const http::request<http::string_body>& request)
    : stream_(std::move(stream)),
      buffer_(std::move(buffer)),
      context_(context),
      version_(request.version()),
      keep_alive_(request.keep_alive()) {
  // An answer may take as long as the tool it waits for; writes get their own limit.
  stream_.expires_never();
}

boost::asio::any_io_executor HttpExchange::executor() const {
  return const_cast<beast::tcp_stream&>(stream_).get_executor();
}

void HttpExchange::respond(int status, HttpHeaders headers, std::string body) {
  if (state_ != State::waiting) return;
  state_ = State::done;
  http::response<http::string_body> res{static_cast<http::status>(status), version_};
  res.set(http::field::server, "acdc");
  for (auto& [name, value] : headers) res.set(name, value);
  res.keep_alive(keep_alive_);
  res.body() = std::move(body);
  res.prepare_payload();
  stream_.expires_after(kWriteTimeout);
  beast::async_write(stream_, http::message_generator(std::move(res)),
                     beast::bind_front_handler(&HttpExchange::on_response_written, shared_from_this()));
}

void HttpExchange::on_response_written(beast::error_code ec, size_t) {
  if (ec) return;
  if (!keep_alive_) {
    beast::error_code ignored;
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
    return;
  }
  std::make_shared<HttpSession>(std::move(stream_), std::move(buffer_), context_)->run();
}

void HttpExchange::start_stream(HttpHeaders headers, std::function<void()> on_close) {
  if (state_ != State::waiting) return;
  state_ = State::streaming;
  on_close_ = std::move(on_close);
  header_.emplace(http::status::ok, version_);
  header_->set(http::field::server, "acdc");
  header_->set(http::field::content_type, "text/event-stream");
  header_->set(http::field::cache_control, "no-cache");
  for (auto& [name, value] : headers) header_->set(name, value);
  header_->keep_alive(false);  // the stream ends the connection: nothing can follow it
  header_->chunked(true);
  serializer_.emplace(*header_);
  write_next();
  watch_for_close();
}

void HttpExchange::write(std::string bytes) {
  if (state_ != State::streaming || bytes.empty()) return;
  queued_bytes_ += bytes.size();
  queue_.push_back(std::move(bytes));
  if (queued_bytes_ > kMaxQueuedBytes) return close();
  write_next();
}

void HttpExchange::end() {
  if (state_ != State::streaming) return;
  state_ = State::ending;
  write_next();
}

void HttpExchange::write_next() {
  if (writing_ || state_ == State::done) return;
  auto done = beast::bind_front_handler(&HttpExchange::on_written, shared_from_this());
  if (!header_sent_) {
    writing_ = true;
    return http::async_write_header(stream_, *serializer_, std::move(done));
  }
  if (!queue_.empty()) {
    writing_ = true;
    return boost::asio::async_write(stream_, http::make_chunk(boost::asio::buffer(queue_.front())), std::move(done));
  }
  if (state_ == State::ending) {
    writing_ = true;
    state_ = State::done;
    return boost::asio::async_write(stream_, http::make_chunk_last(),
                                    [self = shared_from_this()](beast::error_code, size_t) { self->close(); });
  }
}

void HttpExchange::on_written(beast::error_code ec, size_t) {
  writing_ = false;
  if (ec) return close();
  if (!header_sent_) {
    header_sent_ = true;
  } else {
    queued_bytes_ -= queue_.front().size();
    queue_.pop_front();
  }
  write_next();
}

// A streaming client sends nothing; a read ends only when it leaves.
void HttpExchange::watch_for_close() {
  stream_.async_read_some(boost::asio::buffer(scratch_), [self = shared_from_this()](beast::error_code ec, size_t) {
    if (ec) return self->close();
    self->watch_for_close();
  });
}

void HttpExchange::close() {
  state_ = State::done;
  queue_.clear();
  queued_bytes_ = 0;
  beast::error_code ignored;
  stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
  stream_.socket().close(ignored);
  if (auto on_close = std::exchange(on_close_, nullptr)) on_close();
}

}  // namespace acdc::net
