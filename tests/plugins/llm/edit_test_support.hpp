// An in-memory FileAccess for the edit unit tests, with the repo plugin's
// error texts, and the marker strings written out once.
#pragma once

#include "edit/file_access.hpp"

#include <map>
#include <set>
#include <string>

namespace acdc::llm::test {

inline const std::string kEdit = "\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7 EDIT";
inline const std::string kRepl = "\xF0\x9F\x9F\xA8\xF0\x9F\x9F\xA8\xF0\x9F\x9F\xA8 REPL";
inline const std::string kEnd = "\xF0\x9F\x9F\xA9\xF0\x9F\x9F\xA9\xF0\x9F\x9F\xA9 END";

inline std::string block(const std::string& path, const std::string& old_text, const std::string& new_text) {
  return path + "\n" + kEdit + "\n" + old_text + (old_text.empty() ? "" : "\n") + kRepl + "\n" +
         new_text + (new_text.empty() ? "" : "\n") + kEnd + "\n";
}

class MemoryFiles : public FileAccess {
 public:
  std::map<std::string, std::string> files;
  std::set<std::string> binary;
  int writes = 0;

  bool exists(const std::string& path) override { return files.contains(path); }
  std::string read(const std::string& path) override {
    if (binary.contains(path)) throw FileAccessError("Binary file cannot be read as text: " + path);
    auto it = files.find(path);
    if (it == files.end()) throw FileAccessError("File not found: " + path);
    return it->second;
  }
  void write(const std::string& path, const std::string& content) override {
    ++writes;
    files[path] = content;
  }
  void create(const std::string& path, const std::string& content) override {
    if (files.contains(path)) throw FileAccessError("File already exists: " + path);
    ++writes;
    files[path] = content;
  }
};

}  // namespace acdc::llm::test
