// transport/sse_reader.cpp -- see sse_reader.hpp (the WHATWG event stream
// format: fields "data", "event", "id", "retry"; "event" does not matter here).
#include "transport/sse_reader.hpp"

namespace acdc::mcp_client {

void SseReader::feed(std::string_view bytes) {
  if (!ok_) return;
  pending_.append(bytes);
  std::size_t start = 0;
  for (std::size_t nl; (nl = pending_.find('\n', start)) != std::string::npos; start = nl + 1) {
    std::string_view l(pending_.data() + start, nl - start);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    line(l);
    if (!ok_) return;
  }
  pending_.erase(0, start);
  if (pending_.size() > max_) ok_ = false;
}

void SseReader::line(std::string_view l) {
  if (l.empty()) {
    // An event with no data (a server's priming event, sent only for its id) carries no message.
    if (has_data_ && !data_.empty()) on_event_(data_);
    data_.clear();
    has_data_ = false;
    return;
  }
  if (l.front() == ':') return;  // a comment: keep-alive
  const std::size_t colon = l.find(':');
  std::string_view field = l.substr(0, colon), value = colon == std::string_view::npos ? "" : l.substr(colon + 1);
  if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  if (field == "id" && value.find('\0') == std::string_view::npos) last_id_ = std::string(value);
  if (field == "retry" && !value.empty() && value.size() < 10 &&
      value.find_first_not_of("0123456789") == std::string_view::npos)
    retry_ms_ = std::stoi(std::string(value));
  if (field != "data") return;
  if (has_data_) data_ += '\n';
  data_.append(value);
  has_data_ = true;
  if (data_.size() > max_) ok_ = false;
}

}  // namespace acdc::mcp_client
