// acdc/sdk/utf8.hpp -- making text safe for a WebSocket text frame.
//
// Browsers close a connection that sends invalid UTF-8 in a text frame, so
// every string that reaches a client must be valid. File contents, git output
// and error messages may not be:
//
//   std::string text = acdc::to_valid_utf8(raw_bytes);   // bad bytes -> U+FFFD
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace acdc {

// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is invalid
// (overlong forms, surrogates and code points above U+10FFFF are invalid).
inline size_t utf8_sequence_length(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<uint8_t>(s[k]); };
  uint8_t b0 = byte(i);
  if (b0 < 0x80) return 1;
  size_t n = (b0 & 0xE0) == 0xC0 ? 2 : (b0 & 0xF0) == 0xE0 ? 3 : (b0 & 0xF8) == 0xF0 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  uint32_t cp = b0 & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

inline bool is_valid_utf8(std::string_view s) {
  // Most text is ASCII: skip it 32 bytes at a time, then 8. Every result and
  // callback a plugin sends is checked, and the byte loop alone costs more
  // than the send it guards.
  constexpr uint64_t kHighBits = 0x8080808080808080ull;
  auto ascii_words = [&](size_t i, size_t words) {
    uint64_t any = 0;
    for (size_t k = 0; k < words; ++k) {
      uint64_t word;
      std::memcpy(&word, s.data() + i + 8 * k, 8);
      any |= word;
    }
    return (any & kHighBits) == 0;
  };
  for (size_t i = 0; i < s.size();) {
    if (i + 32 <= s.size() && ascii_words(i, 4)) {
      i += 32;
      continue;
    }
    if (i + 8 <= s.size() && ascii_words(i, 1)) {
      i += 8;
      continue;
    }
    size_t n = utf8_sequence_length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

// Copies `s`, replacing each invalid byte with U+FFFD.
inline std::string to_valid_utf8(std::string_view s) {
  if (is_valid_utf8(s)) return std::string(s);
  std::string out;
  out.reserve(s.size() + 16);
  for (size_t i = 0; i < s.size();) {
    size_t n = utf8_sequence_length(s, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

}  // namespace acdc
