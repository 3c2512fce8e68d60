// bb7/chat_files.hpp -- the files of one chat directory (bb7.md §5): context
// snapshots and LLM output files, every path through safe_path's rules and
// every write atomic.
//
//   ChatFiles files(store.chat_dir(id), project_root);
//   files.write_snapshot(entry, content);
//   std::optional<std::string> out = files.read_output("src/a.c");
#pragma once

#include "bb7/chat.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace acdc::adapters::bb7 {

class ChatFiles {
 public:
  ChatFiles(std::filesystem::path chat_dir, std::filesystem::path root)
      : dir_(std::move(chat_dir)), root_(std::move(root)) {}

  std::filesystem::path snapshot_path(const ContextFile& entry) const;
  std::optional<std::string> read_snapshot(const ContextFile& entry) const;
  void write_snapshot(const ContextFile& entry, std::string_view content) const;

  // Output files live at output/<project-relative path>. Throws on escapes.
  std::filesystem::path output_path(const std::string& path) const;
  std::optional<std::string> read_output(const std::string& path) const;
  // Also applies the hard guard of §12 (symlinks out of the project).
  void write_output(const std::string& path, std::string_view content) const;
  bool remove_output(const std::string& path) const;
  // Project-relative paths of every output file, sorted.
  std::vector<std::string> output_files() const;

  // The user's own file for a context path: <root>/<path>, or the absolute path.
  std::filesystem::path local_path(const std::string& path) const;

 private:
  std::filesystem::path dir_;
  std::filesystem::path root_;
};

// Equal after CRLF -> LF (§3.3 sync_context, §9 statuses).
bool same_text(std::string_view a, std::string_view b);

}  // namespace acdc::adapters::bb7
