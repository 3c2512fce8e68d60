// history.jsonl: append-only records, crash-torn last lines, sessions, search.
#include "history/history_store.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace acdc::llm;
using acdc::test::TempDir;

namespace {

HistoryMessage msg(const std::string& session, const std::string& role, const std::string& content) {
  return HistoryMessage::make(session, role, content);
}

void append_raw(const std::filesystem::path& file, const std::string& bytes) {
  std::ofstream(file, std::ios::binary | std::ios::app) << bytes;
}

}  // namespace

TEST_CASE("records appended by one store are read back by the next") {
  TempDir dir;
  auto file = dir.path() / ".acdc" / "history.jsonl";
  {
    HistoryStore store(file);
    store.load();
    auto m = msg("sess_1", "user", "line one\n\"quoted\" \xC3\xA9");
    m.files = {"a.py", "b.py"};
    m.turn_id = "turn_1";
    store.append(m);
    store.append(msg("sess_1", "assistant", "answer"));
  }
  HistoryStore again(file);
  auto report = again.load();
  CHECK(report.records == 2);
  CHECK(report.skipped_lines.empty());
  auto records = again.session("sess_1");
  REQUIRE(records.size() == 2);
  CHECK(records[0].content == "line one\n\"quoted\" \xC3\xA9");
  CHECK(records[0].files == std::vector<std::string>{"a.py", "b.py"});
  CHECK(records[0].turn_id == "turn_1");
  CHECK(records[1].role == "assistant");
}

TEST_CASE("a torn last line is skipped and reported, nothing before it is lost, the next append is whole") {
  TempDir dir;
  auto file = dir.path() / "history.jsonl";
  {
    HistoryStore store(file);
    store.load();
    for (int i = 0; i < 3; ++i) store.append(msg("sess_1", "user", "m" + std::to_string(i)));
  }
  append_raw(file, R"({"id":"x","session_id":"sess_1","role":"assist)");
  {
    HistoryStore store(file);
    auto report = store.load();
    CHECK(report.records == 3);
    CHECK(report.skipped_lines == std::vector<size_t>{4});
    store.append(msg("sess_1", "assistant", "after the crash"));
  }
  HistoryStore last(file);
  auto report = last.load();
  CHECK(report.records == 4);
  CHECK(last.session("sess_1").back().content == "after the crash");
}

TEST_CASE("sessions are listed newest first with count, preview and last timestamp") {
  TempDir dir;
  HistoryStore store(dir.path() / "h.jsonl");
  store.load();
  store.append(msg("sess_a", "user", std::string(150, 'x')));
  store.append(msg("sess_b", "user", "second session"));
  store.append(msg("sess_a", "assistant", "back to a"));
  auto sessions = store.list_sessions(std::nullopt);
  REQUIRE(sessions.size() == 2);
  CHECK(sessions[0].session_id == "sess_a");
  CHECK(sessions[0].message_count == 2);
  CHECK(sessions[0].first_role == "user");
  CHECK(sessions[0].preview == std::string(100, 'x') + "\xE2\x80\xA6");
  CHECK(store.list_sessions(1).size() == 1);
  CHECK(store.latest_session_id() == "sess_a");
}

TEST_CASE("search is a case-insensitive substring match, filterable by role") {
  TempDir dir;
  HistoryStore store(dir.path() / "h.jsonl");
  store.load();
  store.append(msg("s", "user", "Fix the Parser please"));
  store.append(msg("s", "assistant", "The parser is fixed"));
  CHECK(store.search("PARSER", "", 50).size() == 2);
  auto hits = store.search("parser", "user", 50);
  REQUIRE(hits.size() == 1);
  CHECK(hits[0].content_preview == "Fix the Parser please");
  CHECK(store.search("", "", 50).empty());
  CHECK(store.search("parser", "", 1).size() == 1);
}

TEST_CASE("ids and timestamps have the documented formats") {
  auto m = msg("s", "user", "x");
  CHECK(m.timestamp.size() == 20);
  CHECK(m.timestamp.back() == 'Z');
  CHECK(m.id.find('-') == 13);
  CHECK(new_session_id().starts_with("sess_"));
  CHECK(new_turn_id().size() == std::string("turn_1736956800000_a1b2c3").size());
}

TEST_CASE("image names round trip as image_refs, data URIs are added only on request, the legacy count is ignored") {
  auto m = msg("s", "user", "look");
  m.image_refs = {"624fc0a006e3.png"};
  auto back = HistoryMessage::from_json(m.to_json());
  REQUIRE(back);
  CHECK(back->image_refs == m.image_refs);
  CHECK(m.to_json().find("\"images\"") == std::string::npos);
  CHECK_THAT(m.to_json({"data:image/png;base64,aGk="}), Catch::Contains(R"("images":["data:image/png;base64,aGk="])"));
  auto legacy = HistoryMessage::from_json(R"({"id":"1-a","session_id":"s","role":"user","content":"x","images":2})");
  REQUIRE(legacy);
  CHECK(legacy->image_refs.empty());
}
