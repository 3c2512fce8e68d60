// history/history_store.hpp -- the append-only history.jsonl of one
// repository (acdc-features.md §4.8): one record per message, each written
// with a single write(2) on an O_APPEND descriptor, so a crash can tear at
// most the last line and never an earlier one.
//
//   HistoryStore store(state_dir / "history.jsonl");
//   LoadReport report = store.load();       // report.torn_lines: skipped, 1-based
//   store.append(HistoryMessage::make(sid, "user", "hi"));
//   auto sessions = store.list_sessions(10);  // newest first
//
// Thread-safe: every member takes the store's mutex.
#pragma once

#include "history/history_message.hpp"

#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

struct LoadReport {
  size_t records = 0;
  std::vector<size_t> skipped_lines;  // 1-based numbers of lines that did not parse
};

struct SessionSummary {
  std::string session_id;
  std::string timestamp;   // the last message's
  size_t message_count = 0;
  std::string preview;     // the first message, cut to ~100 characters
  std::string first_role;
};

struct SearchHit {
  std::string session_id;
  std::string message_id;
  std::string role;
  std::string content_preview;
  std::string timestamp;
};

class HistoryStore {
 public:
  explicit HistoryStore(std::filesystem::path file);
  ~HistoryStore();
  HistoryStore(const HistoryStore&) = delete;
  HistoryStore& operator=(const HistoryStore&) = delete;

  // Reads the whole file into memory; lines that do not parse are skipped
  // and reported, every other record is kept.
  LoadReport load();
  // Appends one record and hands it to the kernel before returning.
  // Throws std::runtime_error naming the file when the write fails.
  void append(const HistoryMessage& message);

  std::vector<SessionSummary> list_sessions(std::optional<size_t> limit) const;
  std::vector<HistoryMessage> session(const std::string& session_id) const;
  std::vector<SearchHit> search(const std::string& query, const std::string& role, size_t limit) const;
  std::optional<std::string> latest_session_id() const;
  size_t size() const;
  const std::filesystem::path& file() const { return file_; }

  static std::string preview(const std::string& text);

 private:
  void open_for_append();

  std::filesystem::path file_;
  mutable std::mutex mu_;
  std::vector<HistoryMessage> records_;
  int fd_ = -1;
  bool needs_newline_ = false;  // the file ends in a torn line without "\n"
};

}  // namespace acdc::llm
