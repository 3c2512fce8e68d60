// acdc/sdk/base64.hpp -- base64 (RFC 4648 §4: standard alphabet, "="
// padding), for data: URIs a plugin sends or receives:
//
//   std::string uri = "data:image/png;base64," + acdc::base64_encode(bytes);
//   std::optional<std::string> raw = acdc::base64_decode("aGk=");   // "hi"
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace acdc {

inline std::string base64_encode(std::string_view bytes) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const size_t n = std::min<size_t>(3, bytes.size() - i);
    uint32_t v = 0;
    for (size_t k = 0; k < 3; ++k) v = (v << 8) | (k < n ? static_cast<uint8_t>(bytes[i + k]) : 0u);
    for (size_t k = 0; k < 4; ++k) out.push_back(k <= n ? kAlphabet[(v >> (18 - 6 * k)) & 63] : '=');
  }
  return out;
}

// nullopt when `text` is not base64: a character outside the alphabet, a
// length that is not a multiple of 4, or padding anywhere but at the end.
inline std::optional<std::string> base64_decode(std::string_view text) {
  auto sextet = [](char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : -1;
  };
  if (text.size() % 4 != 0) return std::nullopt;
  const size_t pad = text.ends_with("==") ? 2 : text.ends_with("=") ? 1 : 0;
  std::string out;
  out.reserve(text.size() / 4 * 3);
  uint32_t buffer = 0;
  int bits = 0;
  for (char c : text.substr(0, text.size() - pad)) {
    const int v = sextet(c);
    if (v < 0) return std::nullopt;
    buffer = (buffer << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
    }
  }
  return out;
}

}  // namespace acdc
