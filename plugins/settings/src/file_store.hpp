// file_store.hpp -- crash-safe reads and writes of config files.
//
//   FileStore::write_atomic(dir / "llm.yaml", text);          // acdc::util::replace_file, through symlinks
//   auto kept = FileStore::keep_previous(dir / "llm.yaml");   // dated copy before a save
//   std::optional<std::string> text = FileStore::read(path);  // nullopt: missing
//
// A file is never left half-written (acdc/util/atomic_file.hpp): a crash
// leaves either the old file or the new one. A symlinked file stays a
// symlink. Errors throw acdc::Error with the path and the system's reason.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace acdc::settings {

class FileStore {
 public:
  // The file's bytes, or nullopt when it does not exist.
  static std::optional<std::string> read(const std::filesystem::path& file);

  // Replaces `file` with `content` atomically, creating parent directories.
  static void write_atomic(const std::filesystem::path& file, const std::string& content);

  // Copies `file` to `backup` (used for the dated upgrade backups).
  static void copy(const std::filesystem::path& file, const std::filesystem::path& backup);

  // Keeps the current `file` as "<name>.<UTC stamp>.bak" before a save and
  // prunes all but the newest kKeptSaves of them; returns the copy's path,
  // or an empty path when there was no file to keep.
  static std::filesystem::path keep_previous(const std::filesystem::path& file);

  // "2026.11.23-16.40" (UTC), the stamp of backup names (acdc-features.md §3.1).
  static std::string utc_stamp(bool with_seconds);

  static constexpr int kKeptSaves = 5;
};

}  // namespace acdc::settings
