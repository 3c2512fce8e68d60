#include "literal_finder.hpp"

#include <algorithm>

namespace acdc::repo {

namespace {

// RE2's \b: [0-9A-Za-z_] on one side only (outside the data counts as non-word).
bool is_word(std::string_view data, size_t i) {
  if (i >= data.size()) return false;
  unsigned char c = static_cast<unsigned char>(data[i]);
  return c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

bool at_boundary(std::string_view data, size_t i) { return is_word(data, i - 1) != is_word(data, i); }

}  // namespace

bool LiteralFinder::handles(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80 && c != '\n'; });
}

LiteralFinder::LiteralFinder(std::string_view text, bool ignore_case, bool whole_word) : whole_word_(whole_word) {
  for (int c = 0; c < 256; ++c)
    fold_[c] = static_cast<uint8_t>(ignore_case && c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
  for (char c : text) needle_.push_back(static_cast<char>(fold_[static_cast<unsigned char>(c)]));
  size_t m = needle_.size();
  shift_.fill(m);
  for (size_t i = 0; i + 1 < m; ++i) shift_[static_cast<unsigned char>(needle_[i])] = m - 1 - i;
}

bool LiteralFinder::matches_at(std::string_view data, size_t at) const {
  for (size_t i = 0; i < needle_.size(); ++i)
    if (fold_[static_cast<unsigned char>(data[at + i])] != static_cast<unsigned char>(needle_[i])) return false;
  return !whole_word_ || (at_boundary(data, at) && at_boundary(data, at + needle_.size()));
}

size_t LiteralFinder::find(std::string_view data, size_t from) const {
  size_t m = needle_.size();
  auto last = static_cast<unsigned char>(needle_[m - 1]);
  for (size_t at = from; at + m <= data.size();) {
    unsigned char c = fold_[static_cast<unsigned char>(data[at + m - 1])];
    if (c == last && matches_at(data, at)) return at;
    at += shift_[c];
  }
  return std::string_view::npos;
}

}  // namespace acdc::repo
