// run/output_capture.hpp -- what a command printed, kept for the model: its
// head and its tail, with how much was cut between them, as plain text.
//
//   OutputCapture out(8000, 8000);
//   out.add(chunk);                  // every byte the terminal gave, in order
//   out.text();                      // "head\n[... 1234567 bytes cut ...]\ntail"
//
// A terminal's output carries colours and cursor moves the model cannot use:
// text() drops escape sequences, turns "\r\n" into "\n", lets a lone "\r"
// (a progress bar redrawing its line) keep only the line's last state, and
// replaces bytes that are not UTF-8.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace acdc::exec {

class OutputCapture {
 public:
  OutputCapture(size_t head_bytes, size_t tail_bytes) : head_max_(head_bytes), tail_max_(tail_bytes) {}

  void add(std::string_view bytes);
  size_t total() const { return total_; }
  // Bytes neither in the head nor in the tail.
  size_t cut() const { return total_ - head_.size() - std::min(tail_.size(), tail_max_); }
  std::string text() const;

 private:
  size_t head_max_, tail_max_;
  size_t total_ = 0;
  std::string head_, tail_;
};

// A terminal's bytes as plain text (see above); exposed for its tests.
std::string plain_text(std::string_view terminal_bytes);

}  // namespace acdc::exec
