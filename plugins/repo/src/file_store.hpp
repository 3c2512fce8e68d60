// file_store.hpp -- reading and writing working-tree files safely.
//
// Every path goes through PathGuard. Writes take the path's lock, go to a
// temporary file in the same directory and are renamed into place, keeping
// the old file's mode, so a reader never sees half a file and a crash never
// leaves one. Text leaving the plugin is valid UTF-8 (bad bytes -> U+FFFD).
//
//   FileStore files(guard, locks, 4 << 20);
//   files.write("src/a.cpp", "int main() {}\n");
//   std::string text = files.read_text("src/a.cpp");
#pragma once

#include "path_guard.hpp"
#include "path_locks.hpp"

#include <cstddef>
#include <filesystem>
#include <string>

namespace acdc::repo {

// acdc-features.md §2.1: binary means a NUL byte in the first 8192 bytes.
constexpr size_t kBinaryProbeBytes = 8192;
bool looks_binary(std::string_view head);

class FileStore {
 public:
  FileStore(const PathGuard& guard, PathLocks& locks, size_t max_file_bytes)
      : guard_(guard), locks_(locks), max_file_bytes_(max_file_bytes) {}

  std::string read_text(const std::string& path) const;
  // Creates missing parent directories; returns the normalized path.
  std::string write(const std::string& path, const std::string& content);
  std::string create(const std::string& path, const std::string& content);
  std::string remove(const std::string& path);
  bool exists(const std::string& path) const;
  bool is_binary(const std::string& path) const;
  std::string data_uri(const std::string& path) const;

  size_t max_file_bytes() const { return max_file_bytes_; }

 private:
  std::filesystem::path existing_file(const std::string& rel) const;
  std::string read_capped(const std::string& rel, const std::filesystem::path& abs) const;
  void write_locked(const std::string& rel, const std::filesystem::path& abs, const std::string& content);

  const PathGuard& guard_;
  PathLocks& locks_;
  size_t max_file_bytes_;
};

// Reads `abs` into `out`; false, with errno saying why, when it cannot be
// opened or read, is not a regular file (EINVAL) or is over `cap` (EFBIG).
bool read_file_within(const std::filesystem::path& abs, size_t cap, std::string& out);
// For scans over many files: reads `rel`, below the open directory `dir_fd`,
// into `buf`, which only ever grows (no allocation or zero-filling per
// file); its first `len` bytes are the content. False when it is not a
// regular file (a final symlink is never followed), over `cap`, or unreadable.
bool read_file_at(int dir_fd, const std::string& rel, size_t cap, std::string& buf, size_t& len);
std::string mime_type_for(const std::string& path);

}  // namespace acdc::repo
