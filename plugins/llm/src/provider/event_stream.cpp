// provider/event_stream.cpp -- see event_stream.hpp.
#include "provider/event_stream.hpp"

#include <array>

namespace acdc::llm {
namespace {

constexpr std::size_t kPrelude = 12;
constexpr std::size_t kMinFrame = 16;              // prelude + message CRC
constexpr std::uint32_t kMaxFrame = 16 * 1024 * 1024;  // the service's own limit

constexpr std::array<std::uint32_t, 256> make_table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}
constexpr auto kTable = make_table();

std::uint32_t be32(std::string_view b, std::size_t at) {
  auto u = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + i])); };
  return u(0) << 24 | u(1) << 16 | u(2) << 8 | u(3);
}

std::uint32_t be16(std::string_view b, std::size_t at) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(b[at])) << 8 |
         static_cast<unsigned char>(b[at + 1]);
}

// Bytes a header value of `type` takes after the type byte, 0 for a type
// that carries its own 2-byte length (read by the caller), -1 for unknown.
int fixed_size(unsigned char type) {
  switch (type) {
    case 0: case 1: return 0;   // bool true / false: no value bytes
    case 2: return 1;           // byte
    case 3: return 2;           // short
    case 4: return 4;           // int
    case 5: case 8: return 8;   // long, timestamp
    case 9: return 16;          // uuid
    default: return -1;         // 6 byte array and 7 string: length-prefixed
  }
}

}  // namespace

std::uint32_t crc32(std::string_view bytes, std::uint32_t crc) {
  crc = ~crc;
  for (unsigned char c : bytes) crc = kTable[(crc ^ c) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

void EventStreamParser::feed(std::string_view bytes, const Handler& on_message) {
  if (failed()) return;
  buffer_.append(bytes);
  std::size_t used = 0;
  while (buffer_.size() - used >= kPrelude) {
    std::string_view rest(buffer_.data() + used, buffer_.size() - used);
    std::uint32_t total = be32(rest, 0), headers_len = be32(rest, 4);
    if (crc32(rest.substr(0, 8)) != be32(rest, 8)) {
      error_ = "prelude CRC mismatch in frame " + std::to_string(messages_ + 1);
      break;
    }
    if (total < kMinFrame || total > kMaxFrame || headers_len > total - kMinFrame) {
      error_ = "impossible frame length " + std::to_string(total) + " in frame " + std::to_string(messages_ + 1);
      break;
    }
    if (rest.size() < total) break;  // the rest of this frame is still on its way
    EventMessage message;
    if (!decode(rest.substr(0, total), message)) break;
    used += total;
    ++messages_;
    on_message(message);
    if (failed()) break;
  }
  if (failed()) buffer_.clear();
  else buffer_.erase(0, used);
}

bool EventStreamParser::decode(std::string_view frame, EventMessage& out) {
  std::string frame_no = std::to_string(messages_ + 1);
  std::size_t end = frame.size() - 4;
  if (crc32(frame.substr(0, end)) != be32(frame, end)) {
    error_ = "message CRC mismatch in frame " + frame_no;
    return false;
  }
  std::size_t at = kPrelude, headers_end = kPrelude + be32(frame, 4);
  while (at < headers_end) {
    std::size_t name_len = static_cast<unsigned char>(frame[at++]);
    if (at + name_len + 1 > headers_end) break;
    std::string name(frame.substr(at, name_len));
    at += name_len;
    unsigned char type = static_cast<unsigned char>(frame[at++]);
    int size = fixed_size(type);
    if (size >= 0) {
      at += static_cast<std::size_t>(size);
      continue;
    }
    if (type > 7 || at + 2 > headers_end) break;
    std::size_t len = be16(frame, at);
    at += 2;
    if (at + len > headers_end) break;
    if (type == 7) out.headers[name] = std::string(frame.substr(at, len));
    at += len;
  }
  if (at != headers_end) {
    error_ = "malformed headers in frame " + frame_no;
    return false;
  }
  out.payload = std::string(frame.substr(headers_end, end - headers_end));
  return true;
}

}  // namespace acdc::llm
