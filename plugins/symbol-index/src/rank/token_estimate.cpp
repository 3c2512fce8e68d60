#include "rank/token_estimate.hpp"

#include <cctype>

namespace acdc::symbols {
namespace {

bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }

constexpr std::size_t kLettersPerToken = 6;
constexpr std::size_t kDigitsPerToken = 3;

}  // namespace

std::size_t estimate_tokens(std::string_view text) {
  std::size_t tokens = 0, i = 0;
  while (i < text.size()) {
    const char c = text[i];
    std::size_t j = i + 1;
    if (is_alpha(c)) {
      // One word: a capital after lower-case letters starts the next.
      while (j < text.size() && is_alpha(text[j]) && !(is_upper(text[j]) && !is_upper(text[j - 1]))) ++j;
      tokens += 1 + (j - i - 1) / kLettersPerToken;
    } else if (is_digit(c)) {
      while (j < text.size() && is_digit(text[j])) ++j;
      tokens += (j - i + kDigitsPerToken - 1) / kDigitsPerToken;
    } else if (c == ' ' && j < text.size() && is_alpha(text[j])) {
      // " word" is one token with its word.
    } else if (static_cast<unsigned char>(c) >= 0x80) {
      // A multi-byte UTF-8 character ("←"): one or two tokens; counted as two.
      while (j < text.size() && (static_cast<unsigned char>(text[j]) & 0xC0) == 0x80) ++j;
      tokens += 2;
    } else if (c == ' ' || c == '\n') {
      while (j < text.size() && (text[j] == ' ' || text[j] == '\n')) ++j;
      tokens += 1;
    } else {
      tokens += 1;
    }
    i = j;
  }
  return tokens;
}

}  // namespace acdc::symbols
