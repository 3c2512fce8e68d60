// history/turn_snapshots.hpp -- what undoing an answer's edits needs, kept
// on disk per turn under <state>/undo/<turn_id>.json so undo survives a
// restart: each file the answer wrote, its text before (or that it did not
// exist) and a digest of the text the answer left, so an undo can tell that
// the file was changed since and refuse instead of losing that change.
//
//   TurnSnapshots snapshots(state_dir / "undo");
//   snapshots.save(turn_id, recording.changes());
//   if (auto s = snapshots.load(turn_id)) ...;   // none: nothing to undo
//   snapshots.remove(turn_id);                   // once undone
//
// Only the newest kKept turns are kept. Thread-safe: each call is one file
// operation, and turn ids are unique.
#pragma once

#include "edit/recording_files.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

struct FileSnapshot {
  std::string path;
  std::optional<std::string> before;  // none: the answer created the file
  std::string after_sha256;
};

class TurnSnapshots {
 public:
  static constexpr std::size_t kKept = 100;

  explicit TurnSnapshots(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // Writes the turn's record (atomically) and drops the oldest beyond
  // kKept; nothing for no changes. Throws std::runtime_error on a failed write.
  void save(const std::string& turn_id, const std::vector<FileChange>& changes) const;
  // None when the turn has no record (never applied, undone, or dropped) or
  // the record cannot be read.
  std::optional<std::vector<FileSnapshot>> load(const std::string& turn_id) const;
  bool has(const std::string& turn_id) const;
  void remove(const std::string& turn_id) const;

 private:
  // Turn ids are "turn_<ms>_<hex>"; anything else never names a file.
  std::optional<std::filesystem::path> file_of(const std::string& turn_id) const;

  std::filesystem::path dir_;
};

}  // namespace acdc::llm
