#include "edit/recording_files.hpp"

#include <algorithm>

namespace acdc::llm {

// The text before is read ahead of the first write; a write that fails
// records nothing, so a record always says what the answer left.
void RecordingFiles::record(const std::string& path, const std::string& content,
                            const std::function<void()>& write) {
  auto it = std::find_if(changes_.begin(), changes_.end(), [&](const FileChange& c) { return c.path == path; });
  std::optional<std::string> before;
  if (it == changes_.end() && inner_.exists(path)) before = inner_.read(path);
  write();
  if (it != changes_.end()) it->after = content;
  else changes_.push_back(FileChange{path, std::move(before), content});
}

void RecordingFiles::write(const std::string& path, const std::string& content) {
  record(path, content, [&] { inner_.write(path, content); });
}

void RecordingFiles::create(const std::string& path, const std::string& content) {
  record(path, content, [&] { inner_.create(path, content); });
}

}  // namespace acdc::llm
