// The SSE parser against llm-wire.md §0: comments, line ends, field rules,
// and the same events whatever the split of the bytes into reads.
#include "fixture_replay.hpp"
#include "wire_test_support.hpp"

#include "provider/line_splitter.hpp"
#include "provider/sse_parser.hpp"

#include <catch2/catch.hpp>

#include <random>

using acdc::llm::SseEvent;
using acdc::llm::SseParser;

namespace {

std::vector<SseEvent> parse_in_reads(const std::vector<std::string_view>& reads) {
  SseParser parser;
  std::vector<SseEvent> events;
  for (auto r : reads) parser.feed(r, [&](const SseEvent& e) { events.push_back(e); });
  return events;
}

std::vector<SseEvent> parse(std::string_view bytes) { return parse_in_reads({bytes}); }

bool same(const std::vector<SseEvent>& a, const std::vector<SseEvent>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].event != b[i].event || a[i].data != b[i].data) return false;
  return true;
}

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (std::size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size())
    s.replace(pos, from.size(), to);
  return s;
}

}  // namespace

TEST_CASE("an event is dispatched by a blank line, with its event type") {
  auto events = parse("event: message_start\ndata: {\"a\":1}\n\ndata: [DONE]\n\n");
  REQUIRE(events.size() == 2);
  CHECK(events[0].event == "message_start");
  CHECK(events[0].data == "{\"a\":1}");
  CHECK(events[1].event.empty());
  CHECK(events[1].data == "[DONE]");
}

TEST_CASE("comments and keep-alives are ignored and are not events") {
  SseParser parser;
  int count = 0;
  parser.feed(": OPENROUTER PROCESSING\n\n:\n\ndata: x\n\n", [&](const SseEvent&) { ++count; });
  CHECK(count == 1);
  CHECK(parser.events_seen() == 1);
}

TEST_CASE("several data lines are joined with a newline, one leading space stripped") {
  auto events = parse("data: one\ndata:  two\ndata:three\n\n");
  REQUIRE(events.size() == 1);
  CHECK(events[0].data == "one\n two\nthree");
}

TEST_CASE("unknown fields and a field without a colon are ignored") {
  auto events = parse("retry: 100\nfoo: bar\nid: 7\nnovalue\ndata: x\n\n");
  REQUIRE(events.size() == 1);
  CHECK(events[0].data == "x");
  CHECK(events[0].id == "7");
}

TEST_CASE("a blank line without data dispatches nothing and resets the event type") {
  auto events = parse("event: ping\n\ndata: x\n\n");
  REQUIRE(events.size() == 1);
  CHECK(events[0].event.empty());
}

TEST_CASE("an unterminated last event is not dispatched") {
  CHECK(parse("data: x\n").empty());
}

TEST_CASE("CRLF, CR and LF line ends give the same events") {
  for (const char* name : {"openai_text.sse", "anthropic_thinking.sse", "openrouter_keepalive.sse"}) {
    std::string lf = acdc::test::read_fixture(name);
    auto expected = parse(lf);
    REQUIRE(expected.size() > 3);
    CHECK(same(parse(replace_all(lf, "\n", "\r\n")), expected));
    CHECK(same(parse(replace_all(lf, "\n", "\r")), expected));
  }
}

TEST_CASE("a CRLF pair split across two reads is one line end") {
  auto events = parse_in_reads({"data: a\r", "\n\r", "\ndata: b\r\n\r\n"});
  REQUIRE(events.size() == 2);
  CHECK(events[0].data == "a");
  CHECK(events[1].data == "b");
}

TEST_CASE("every split point of every SSE fixture gives the same events") {
  int fixtures = 0;
  for (const auto& name : acdc::test::response_fixtures(acdc::test::fixture_dir())) {
    if (!name.ends_with(".sse")) continue;
    ++fixtures;
    INFO(name);
    std::string body = acdc::test::read_fixture(name);
    auto expected = parse(body);
    REQUIRE_FALSE(expected.empty());
    std::string_view all(body);
    for (std::size_t cut = 0; cut <= body.size(); ++cut)
      REQUIRE(same(parse_in_reads({all.substr(0, cut), all.substr(cut)}), expected));
    std::mt19937 random(42);
    for (int round = 0; round < 50; ++round) {
      std::vector<std::string_view> reads;
      for (std::size_t pos = 0; pos < body.size();) {
        std::size_t n = std::uniform_int_distribution<std::size_t>(1, 9)(random);
        reads.push_back(all.substr(pos, n));
        pos += n;
      }
      REQUIRE(same(parse_in_reads(reads), expected));
    }
  }
  CHECK(fixtures >= 12);
}

TEST_CASE("the line splitter hands over an unterminated last line at the end") {
  acdc::llm::LineSplitter lines;
  std::vector<std::string> got;
  auto keep = [&](std::string_view l) { got.emplace_back(l); };
  lines.feed("{\"a\":1}\n{\"b\"", keep);
  lines.feed(":2}", keep);
  lines.finish(keep);
  CHECK(got == std::vector<std::string>{"{\"a\":1}", "{\"b\":2}"});
}
