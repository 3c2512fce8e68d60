// transport/sse_reader.hpp -- Server-Sent Events as a Streamable HTTP
// response carries them: each event's data lines joined, handed over when
// the blank line ends the event. Fed bytes as they arrive, in any split.
// The stream's last event id and retry delay are kept: a client resumes a
// stream the server closed early with them (a GET with Last-Event-ID).
//
//   SseReader sse([&](std::string_view data) { on_message(data); });
//   sse.feed(chunk);
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace acdc::mcp_client {

class SseReader {
 public:
  using OnEvent = std::function<void(std::string_view data)>;
  explicit SseReader(OnEvent on_event, std::size_t max_event_bytes = 16u << 20)
      : on_event_(std::move(on_event)), max_(max_event_bytes) {}

  void feed(std::string_view bytes);
  // False once an event grew past the limit (the rest of the stream is ignored).
  bool ok() const { return ok_; }
  const std::string& last_event_id() const { return last_id_; }
  int retry_ms() const { return retry_ms_; }  // -1: the server gave none

 private:
  void line(std::string_view l);

  OnEvent on_event_;
  std::size_t max_;
  std::string pending_, data_, last_id_;
  int retry_ms_ = -1;
  bool has_data_ = false;
  bool ok_ = true;
};

}  // namespace acdc::mcp_client
