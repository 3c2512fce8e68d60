// provider/line_splitter.hpp -- turns bytes arriving in arbitrary reads into
// lines, accepting "\n", "\r\n" and "\r" as line ends (llm-wire.md §0), also
// when a "\r\n" pair is split across two reads.
//
//   LineSplitter lines;
//   lines.feed(bytes, [&](std::string_view line) { handle(line); });
//   lines.finish([&](std::string_view last) { ... });   // at EOF
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace acdc::llm {

class LineSplitter {
 public:
  using LineFn = std::function<void(std::string_view line)>;

  // Calls `on_line` once per completed line (without its line end).
  void feed(std::string_view bytes, const LineFn& on_line);
  // Hands over an unterminated last line, if any (NDJSON may omit the final "\n").
  void finish(const LineFn& on_line);

 private:
  std::string partial_;
  // The previous read ended in "\r": a "\n" first in the next read belongs to it.
  bool after_cr_ = false;
};

}  // namespace acdc::llm
