// edit/recording_files.hpp -- a FileAccess that passes every call on and
// keeps, for each file an answer writes or creates, its text from before
// the first write (none: the answer created it) and its text after the
// last: what undoing that answer's edits needs (history/turn_snapshots.hpp).
//
//   RecordingFiles files(repo);
//   EditApplier(files).apply(blocks, in_context);
//   for (const FileChange& c : files.changes()) ...   // in the order first written
#pragma once

#include "edit/file_access.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace acdc::llm {

struct FileChange {
  std::string path;
  std::optional<std::string> before;  // none: the file did not exist
  std::string after;
};

class RecordingFiles : public FileAccess {
 public:
  explicit RecordingFiles(FileAccess& inner) : inner_(inner) {}

  bool exists(const std::string& path) override { return inner_.exists(path); }
  std::string read(const std::string& path) override { return inner_.read(path); }
  void write(const std::string& path, const std::string& content) override;
  void create(const std::string& path, const std::string& content) override;

  const std::vector<FileChange>& changes() const { return changes_; }

 private:
  void record(const std::string& path, const std::string& content, const std::function<void()>& write);

  FileAccess& inner_;
  std::vector<FileChange> changes_;
};

}  // namespace acdc::llm
