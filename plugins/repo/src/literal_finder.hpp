// literal_finder.hpp -- fast search for a fixed ASCII string, git grep -F style.
//
// RE2's DFA touches every byte; a Boyer-Moore-Horspool scan over a 256-entry
// shift table (on ASCII-folded bytes when the case is ignored) skips most of
// them, which is what makes `git grep -F` fast. Only for what it can match
// exactly as RE2 would: ASCII text without a newline. `whole_word` applies
// RE2's ASCII \b on both ends of the match.
//
//   if (LiteralFinder::handles(text)) {
//     LiteralFinder f(text, /*ignore_case=*/true, /*whole_word=*/false);
//     for (size_t at = f.find(data, 0); at != std::string_view::npos; at = f.find(data, at + 1)) ...
//   }
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace acdc::repo {

class LiteralFinder {
 public:
  // True when `text` is non-empty ASCII with no newline.
  static bool handles(std::string_view text);

  LiteralFinder(std::string_view text, bool ignore_case, bool whole_word);

  // The offset of the first match at or after `from`, or npos.
  size_t find(std::string_view data, size_t from) const;

 private:
  bool matches_at(std::string_view data, size_t at) const;

  std::string needle_;  // folded
  bool whole_word_;
  std::array<uint8_t, 256> fold_{};
  std::array<size_t, 256> shift_{};
};

}  // namespace acdc::repo
