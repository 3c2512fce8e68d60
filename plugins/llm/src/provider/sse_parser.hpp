// provider/sse_parser.hpp -- the one server-sent-events parser for every
// provider, implementing llm-wire.md §0 (the WHATWG event-stream rules):
// comments and keep-alives ignored, any line end, several `data:` lines
// joined with "\n", one leading space stripped, unknown fields ignored, and
// events (and the UTF-8 characters inside them) split across reads.
//
//   SseParser sse;
//   sse.feed(bytes, [&](const SseEvent& e) { if (e.data == "[DONE]") ...; });
#pragma once

#include "provider/line_splitter.hpp"

#include <functional>
#include <string>
#include <string_view>

namespace acdc::llm {

struct SseEvent {
  std::string event;  // "" when the stream sent no `event:` line (OpenAI style)
  std::string data;
  std::string id;
};

class SseParser {
 public:
  using EventFn = std::function<void(const SseEvent&)>;

  // Calls `on_event` for every event completed by these bytes, in order.
  void feed(std::string_view bytes, const EventFn& on_event);
  // Events that arrived since construction; comments never count (they are
  // keep-alives, not progress).
  long events_seen() const { return events_seen_; }

 private:
  void line(std::string_view line, const EventFn& on_event);
  void dispatch(const EventFn& on_event);

  LineSplitter lines_;
  SseEvent pending_;
  bool has_data_ = false;
  long events_seen_ = 0;
};

}  // namespace acdc::llm
