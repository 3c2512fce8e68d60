// provider/line_splitter.cpp -- see line_splitter.hpp.
#include "provider/line_splitter.hpp"

namespace acdc::llm {

void LineSplitter::feed(std::string_view bytes, const LineFn& on_line) {
  std::size_t pos = 0;
  if (after_cr_ && !bytes.empty()) {
    after_cr_ = false;
    if (bytes.front() == '\n') pos = 1;
  }
  while (pos < bytes.size()) {
    std::size_t end = bytes.find_first_of("\r\n", pos);
    if (end == std::string_view::npos) {
      partial_.append(bytes.substr(pos));
      return;
    }
    std::string_view piece = bytes.substr(pos, end - pos);
    if (partial_.empty()) {
      on_line(piece);
    } else {
      partial_.append(piece);
      on_line(partial_);
      partial_.clear();
    }
    pos = end + 1;
    if (bytes[end] == '\r') {
      if (pos == bytes.size()) after_cr_ = true;
      else if (bytes[pos] == '\n') ++pos;
    }
  }
}

void LineSplitter::finish(const LineFn& on_line) {
  if (!partial_.empty()) on_line(partial_);
  partial_.clear();
  after_cr_ = false;
}

}  // namespace acdc::llm
