// run/output_capture.cpp -- see output_capture.hpp.
#include "run/output_capture.hpp"

#include <acdc/sdk/utf8.hpp>

namespace acdc::exec {
namespace {

// Length of the escape sequence at s[i] (s[i] == ESC): CSI "ESC [ ... final",
// OSC "ESC ] ... BEL or ESC \", else ESC and one byte.
size_t escape_length(std::string_view s, size_t i) {
  if (i + 1 >= s.size()) return s.size() - i;
  const char kind = s[i + 1];
  size_t j = i + 2;
  if (kind == '[') {
    while (j < s.size() && !(s[j] >= 0x40 && s[j] <= 0x7e)) ++j;
    return std::min(j + 1, s.size()) - i;
  }
  if (kind == ']') {
    for (; j < s.size(); ++j) {
      if (s[j] == '\a') return j + 1 - i;
      if (s[j] == '\x1b' && j + 1 < s.size() && s[j + 1] == '\\') return j + 2 - i;
    }
    return s.size() - i;
  }
  return 2;
}

}  // namespace

void OutputCapture::add(std::string_view bytes) {
  total_ += bytes.size();
  if (head_.size() < head_max_) {
    const size_t take = std::min(bytes.size(), head_max_ - head_.size());
    head_.append(bytes.substr(0, take));
    bytes.remove_prefix(take);
  }
  if (bytes.empty() || tail_max_ == 0) return;
  if (bytes.size() >= tail_max_) {
    tail_.assign(bytes.substr(bytes.size() - tail_max_));
    return;
  }
  tail_.append(bytes);
  // Trimmed in bulk, so a flood of small chunks costs amortised O(1) a byte.
  if (tail_.size() >= 2 * tail_max_) tail_.erase(0, tail_.size() - tail_max_);
}

std::string OutputCapture::text() const {
  std::string_view tail = tail_;
  if (tail.size() > tail_max_) tail.remove_prefix(tail.size() - tail_max_);
  if (cut() == 0) return plain_text(head_ + std::string(tail));
  return plain_text(head_) + "\n[... " + std::to_string(cut()) + " bytes of output cut here ...]\n" + plain_text(tail);
}

std::string plain_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  size_t line_start = 0;  // in out: where a lone "\r" rewinds to
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '\x1b') {
      i += escape_length(s, i);
    } else if (c == '\r') {
      if (i + 1 < s.size() && s[i + 1] == '\n') {
        out += '\n';
        line_start = out.size();
        i += 2;
      } else {
        // The terminal's cursor goes back: what follows overwrites the line.
        // Kept if nothing follows on it (the line's last state).
        size_t j = i + 1;
        while (j < s.size() && s[j] == '\r') ++j;
        if (j < s.size() && s[j] != '\n') out.resize(line_start);
        i = j;
      }
    } else {
      if (c == '\n') line_start = out.size() + 1;
      out += c;
      ++i;
    }
  }
  return acdc::to_valid_utf8(out);
}

}  // namespace acdc::exec
