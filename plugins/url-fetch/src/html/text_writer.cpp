#include "html/text_writer.hpp"

#include <algorithm>

namespace acdc::urls {
namespace {

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f'; }

}  // namespace

void TextWriter::flush_breaks() {
  if (pending_breaks_ > 0 && !out_.empty()) {
    while (!out_.empty() && out_.back() == ' ') out_.pop_back();
    out_.append(static_cast<size_t>(pending_breaks_), '\n');
    pending_space_ = false;
  }
  pending_breaks_ = 0;
}

void TextWriter::text(std::string_view s) {
  if (verbatim_) {
    flush_breaks();
    out_.append(s);
    return;
  }
  out_.reserve(out_.size() + s.size());
  for (size_t i = 0; i < s.size();) {
    if (is_space(s[i])) {
      pending_space_ = true;
      ++i;
      continue;
    }
    size_t end = i;
    while (end < s.size() && !is_space(s[end])) ++end;
    flush_breaks();
    if (pending_space_ && !out_.empty() && out_.back() != '\n' && out_.back() != ' ') out_ += ' ';
    pending_space_ = false;
    out_.append(s.substr(i, end - i));
    i = end;
  }
}

void TextWriter::raw(std::string_view s) {
  flush_breaks();
  pending_space_ = false;
  out_.append(s);
}

void TextWriter::block() {
  if (verbatim_) return;
  pending_breaks_ = std::max(pending_breaks_, list_item_ ? 1 : 2);
}

void TextWriter::line() {
  if (verbatim_) {
    out_ += '\n';
    return;
  }
  pending_breaks_ = std::max(pending_breaks_, 1);
}

void TextWriter::end_line() {
  if (!out_.empty() && out_.back() != '\n') pending_breaks_ = std::max(pending_breaks_, 1);
  if (verbatim_) flush_breaks();
}

void TextWriter::inline_mark(std::string_view open) {
  flush_breaks();
  if (pending_space_ && !out_.empty() && out_.back() != '\n' && out_.back() != ' ') out_ += ' ';
  pending_space_ = false;
  marks_.push_back({out_.size(), out_.size() + open.size()});
  out_.append(open);
}

void TextWriter::close_mark(std::string_view close) {
  if (marks_.empty()) return;
  Mark m = marks_.back();
  marks_.pop_back();
  if (m.after == out_.size()) out_.resize(m.before);  // nothing between the marks: neither stays
  else out_.append(close);
}

std::string TextWriter::cell_text() const {
  std::string cell;
  cell.reserve(out_.size());
  for (char c : out_) {
    if (c == '\n') {
      if (!cell.empty() && cell.back() != ' ') cell += ' ';
    } else if (c == '|') {
      cell += "\\|";
    } else {
      cell += c;
    }
  }
  while (!cell.empty() && cell.back() == ' ') cell.pop_back();
  return cell;
}

std::string TextWriter::finish() {
  while (!out_.empty() && is_space(out_.back())) out_.pop_back();
  return std::move(out_);
}

}  // namespace acdc::urls
