// The AWS event-stream framing decoder (Bedrock ConverseStream) on its own:
// frames split anywhere, both CRCs checked, a corrupt frame a clear error.
#include "wire_test_support.hpp"

#include "provider/event_stream.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace acdc::llm;
using acdc::test::read_fixture;

namespace {

std::vector<EventMessage> decode_in_pieces(const std::string& bytes, std::size_t piece, EventStreamParser& parser) {
  std::vector<EventMessage> out;
  for (std::size_t at = 0; at < bytes.size(); at += piece)
    parser.feed(std::string_view(bytes).substr(at, piece), [&](const EventMessage& m) { out.push_back(m); });
  return out;
}

}  // namespace

TEST_CASE("crc32 is the zlib CRC-32") {
  CHECK(crc32("") == 0u);
  CHECK(crc32("123456789") == 0xCBF43926u);  // the standard check value
}

TEST_CASE("event-stream frames decode the same in one read and one byte at a time") {
  const std::string bytes = read_fixture("bedrock_converse_text.eventstream");
  for (std::size_t piece : {bytes.size(), std::size_t{1}, std::size_t{7}, std::size_t{100}}) {
    INFO("pieces of " << piece);
    EventStreamParser parser;
    auto messages = decode_in_pieces(bytes, piece, parser);
    CHECK_FALSE(parser.failed());
    CHECK(parser.pending() == 0);
    REQUIRE(messages.size() == 7);
    CHECK(messages[0].header(":event-type") == "messageStart");
    CHECK(messages[0].header(":message-type") == "event");
    CHECK(messages[0].header(":content-type") == "application/json");
    CHECK(messages[1].header(":event-type") == "contentBlockDelta");
    CHECK(messages[1].payload.find(R"("text":"Use ")") != std::string::npos);
    CHECK(messages[6].header(":event-type") == "metadata");
  }
}

TEST_CASE("a frame whose message CRC does not match stops the stream with a clear error") {
  EventStreamParser parser;
  auto messages = decode_in_pieces(read_fixture("bedrock_converse_corrupt_crc.eventstream"), 5, parser);
  CHECK(messages.size() == 3);  // the frames before the damaged one
  REQUIRE(parser.failed());
  CHECK(parser.error() == "message CRC mismatch in frame 4");
  std::size_t before = messages.size();
  parser.feed(read_fixture("bedrock_converse_text.eventstream"), [&](const EventMessage& m) { messages.push_back(m); });
  CHECK(messages.size() == before);  // nothing after a bad frame is trusted
}

TEST_CASE("a damaged prelude or an impossible length is an error, not a crash or a wait") {
  std::string bytes = read_fixture("bedrock_converse_text.eventstream");
  SECTION("prelude CRC") {
    bytes[2] ^= 0x01;  // the total length no longer matches its CRC
    EventStreamParser parser;
    parser.feed(bytes, [](const EventMessage&) { FAIL("no message expected"); });
    CHECK(parser.error() == "prelude CRC mismatch in frame 1");
  }
  SECTION("length smaller than a frame, with a matching prelude CRC") {
    std::string prelude("\0\0\0\x04\0\0\0\0", 8);
    std::uint32_t crc = crc32(prelude);
    for (int shift = 24; shift >= 0; shift -= 8) prelude.push_back(static_cast<char>((crc >> shift) & 0xFF));
    EventStreamParser parser;
    parser.feed(prelude, [](const EventMessage&) { FAIL("no message expected"); });
    CHECK(parser.error() == "impossible frame length 4 in frame 1");
  }
  SECTION("headers that run past their declared length") {
    // Rebuild frame 1 with its headers length one short: the message CRC is
    // recomputed so that only the header walk can notice.
    std::uint32_t total = static_cast<unsigned char>(bytes[3]) | static_cast<unsigned char>(bytes[2]) << 8;
    std::string frame = bytes.substr(0, total);
    frame[7] = static_cast<char>(frame[7] - 1);
    std::uint32_t pcrc = crc32(std::string_view(frame).substr(0, 8));
    for (int i = 0; i < 4; ++i) frame[8 + i] = static_cast<char>((pcrc >> (24 - 8 * i)) & 0xFF);
    std::uint32_t mcrc = crc32(std::string_view(frame).substr(0, total - 4));
    for (int i = 0; i < 4; ++i) frame[total - 4 + i] = static_cast<char>((mcrc >> (24 - 8 * i)) & 0xFF);
    EventStreamParser parser;
    parser.feed(frame, [](const EventMessage&) { FAIL("no message expected"); });
    CHECK(parser.error() == "malformed headers in frame 1");
  }
}
