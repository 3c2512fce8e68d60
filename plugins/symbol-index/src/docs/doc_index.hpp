// docs/doc_index.hpp -- the repository's markdown documents as outlines
// (acdc-features.md §7.4), kept up to date like the symbol index: a
// document whose stat stamp is unchanged is not read again, and the outlines
// are cached on disk (<state>/doc-index.bin, cache/binary_codec.hpp) so a
// restart reads none of them.
//
//   DocIndex docs(root);
//   docs.load_cache(state / "doc-index.bin");
//   docs.update(all_repo_paths);           // the documents among them; the rest validate links
//   auto blocks = docs.blocks({});         // (path, outline block), by path
//   docs.save_cache(state / "doc-index.bin");
//
// Thread-safe: the plugin's worker updates it while RPC threads render it.
#pragma once

#include "docs/doc_outline.hpp"
#include "index/file_record.hpp"

#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace acdc::symbols {

class DocIndex {
 public:
  explicit DocIndex(std::filesystem::path root) : root_(std::move(root)) {}

  // Markdown, by extension (.md, .markdown).
  static bool is_doc(std::string_view path);

  // `paths` is every file of the repository: the documents among them are
  // (re)read when changed, gone ones dropped. Returns how many were read.
  std::size_t update(const std::vector<std::string>& paths);
  // Only these documents, after a change the watcher saw.
  void update_docs(const std::vector<std::string>& docs);

  std::vector<std::pair<std::string, std::string>> blocks(const std::set<std::string>& skip) const;
  std::size_t doc_count() const;

  // Why the cache was discarded; empty when read or absent.
  std::string load_cache(const std::filesystem::path& file);
  // Throws std::runtime_error; writes only when something changed since.
  void save_cache(const std::filesystem::path& file);

 private:
  struct Entry {
    FileStamp stamp;
    DocOutline outline;
  };
  // Re-reads `path` unless its stamp is `entry`'s; false when it is gone.
  bool refresh(const std::string& path, Entry& entry);

  const std::filesystem::path root_;
  mutable std::mutex mu_;
  std::map<std::string, Entry> docs_;
  std::unordered_set<std::string> files_;  // the repository's, for links
  bool stale_ = false;                     // changed since the cache was written
};

}  // namespace acdc::symbols
