// provider/event_stream.hpp -- the AWS event-stream binary framing
// (application/vnd.amazon.eventstream) that Bedrock's ConverseStream answers
// in (acdc-features.md §8.4): each message is a 12-byte prelude (total length,
// headers length, CRC32 of those 8 bytes), typed headers, a payload and a
// CRC32 of everything before it, all integers big-endian.
//
//   EventStreamParser parser;
//   parser.feed(bytes, [](const EventMessage& m) { use(m.header(":event-type"), m.payload); });
//   if (parser.failed()) report(parser.error());   // a corrupt frame stops the stream
//
// Frames may be split across reads anywhere. A CRC mismatch, an impossible
// length or a malformed header is reported once and everything after it is
// ignored: a frame's boundaries cannot be trusted once one is wrong.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace acdc::llm {

// CRC-32 (IEEE 802.3, the zlib one) that the framing uses for both checks.
std::uint32_t crc32(std::string_view bytes, std::uint32_t crc = 0);

struct EventMessage {
  // String-valued headers (":event-type", ":message-type", ":exception-type",
  // ":content-type"); headers of other types are skipped.
  std::map<std::string, std::string> headers;
  std::string payload;

  std::string_view header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? std::string_view() : std::string_view(it->second);
  }
};

class EventStreamParser {
 public:
  using Handler = std::function<void(const EventMessage&)>;

  void feed(std::string_view bytes, const Handler& on_message);
  bool failed() const { return !error_.empty(); }
  // What was wrong with the first bad frame ("" while all is well).
  const std::string& error() const { return error_; }
  // Bytes of an incomplete frame still waiting for the rest.
  std::size_t pending() const { return buffer_.size(); }
  long messages() const { return messages_; }

 private:
  // Decodes one whole frame; false (with error_) when it is corrupt.
  bool decode(std::string_view frame, EventMessage& out);

  std::string buffer_;
  std::string error_;
  long messages_ = 0;
};

}  // namespace acdc::llm
