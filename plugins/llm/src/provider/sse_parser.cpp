// provider/sse_parser.cpp -- see sse_parser.hpp.
#include "provider/sse_parser.hpp"

namespace acdc::llm {

void SseParser::feed(std::string_view bytes, const EventFn& on_event) {
  lines_.feed(bytes, [&](std::string_view l) { line(l, on_event); });
}

void SseParser::line(std::string_view line, const EventFn& on_event) {
  if (line.empty()) return dispatch(on_event);
  if (line.front() == ':') return;  // comment / keep-alive
  std::size_t colon = line.find(':');
  std::string_view field = line.substr(0, colon);
  std::string_view value;
  if (colon != std::string_view::npos) {
    value = line.substr(colon + 1);
    if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  }
  if (field == "data") {
    if (has_data_) pending_.data.push_back('\n');
    pending_.data.append(value);
    has_data_ = true;
  } else if (field == "event") {
    pending_.event.assign(value);
  } else if (field == "id" && value.find('\0') == std::string_view::npos) {
    pending_.id.assign(value);
  }
  // "retry" only matters to browsers reconnecting; other fields are ignored.
}

void SseParser::dispatch(const EventFn& on_event) {
  // WHATWG: a blank line with no data resets the event type and sends nothing.
  if (has_data_) {
    ++events_seen_;
    on_event(pending_);
  }
  pending_.event.clear();
  pending_.data.clear();
  has_data_ = false;
}

}  // namespace acdc::llm
