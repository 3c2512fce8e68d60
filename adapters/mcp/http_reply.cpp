#include "mcp/http_reply.hpp"

#include <boost/asio/post.hpp>

namespace acdc::adapters::mcp {

Accepts parse_accept(std::string_view accept) {
  auto has = [accept](std::string_view type) { return accept.find(type) != std::string_view::npos; };
  // No Accept header means anything (RFC 9110 §12.5.1).
  const bool any = accept.empty() || has("*/*");
  return {.json = any || has("application/json") || has("application/*"),
          .event_stream = any || has("text/event-stream") || has("text/*")};
}

std::string sse_message(std::string_view frame) {
  // A JSON text has no raw line breaks; split anyway, so no frame can end an event early.
  std::string out = "event: message\n";
  size_t start = 0;
  for (size_t nl; (nl = frame.find('\n', start)) != std::string_view::npos; start = nl + 1)
    out.append("data: ").append(frame.substr(start, nl - start)).append("\n");
  out.append("data: ").append(frame.substr(start)).append("\n\n");
  return out;
}

HttpReply::HttpReply(std::shared_ptr<net::HttpResponder> out, Accepts accepts, net::HttpHeaders headers)
    : out_(std::move(out)), accepts_(accepts), headers_(std::move(headers)) {}

Server::Sink HttpReply::sink() {
  return [self = shared_from_this()](std::string frame, bool last) {
    boost::asio::post(self->out_->executor(),
                      [self, frame = std::move(frame), last]() mutable { self->on_frame(std::move(frame), last); });
  };
}

void HttpReply::start_stream() {
  streaming_ = true;
  out_->start_stream(headers_, nullptr);
}

void HttpReply::on_frame(std::string frame, bool last) {
  if (done_) return;
  if (!last) {
    // A client that takes only JSON gets the answer without the progress before it.
    if (!accepts_.event_stream) return;
    if (!streaming_) start_stream();
    out_->write(sse_message(frame));
    return;
  }
  done_ = true;
  if (streaming_) {
    if (!frame.empty()) out_->write(sse_message(frame));
    return out_->end();
  }
  // Cancelled: MCP sends no response, and HTTP's answer is "accepted".
  if (frame.empty()) return out_->respond(202, headers_, "");
  if (accepts_.json) {
    auto headers = headers_;
    headers.emplace_back("Content-Type", "application/json");
    return out_->respond(200, std::move(headers), std::move(frame));
  }
  start_stream();
  out_->write(sse_message(frame));
  out_->end();
}

}  // namespace acdc::adapters::mcp
