// index/repo_index.hpp -- the symbol index of one directory tree: the files'
// symbols, the reference graph, and each file's rendered map block, kept up
// to date incrementally.
//
//   update(paths): stat every path; a file whose stamp changed is read, and
//     parsed only when its content hash changed; parsing runs on every core;
//     removed files leave; then the graph is updated and only the blocks it
//     reports as affected are rendered again. Files the disk cache holds
//     with an unchanged stamp are taken without reading them.
//
// Indexing happens at request boundaries (§7.1): readers see the index as
// it was after the last update, never half of one.
//
//   RepoIndex index(root, {.threads = 2});
//   index.load_cache(root / ".acdc/symbol-index.bin");
//   UpdateStats s = index.update(paths, progress);
//   index.for_each_block(exclude, [](std::string_view path, std::string_view block) {...});
//
// Thread-safe: updates are serialised; reads share a lock and may run while
// an update parses (they wait only while it swaps the result in).
#pragma once

#include "graph/symbol_graph.hpp"
#include "index/file_scan.hpp"
#include "index/parallel_indexer.hpp"
#include "render/path_aliases.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace acdc::symbols {

struct IndexOptions {
  unsigned threads = 1;
  ScanLimits limits;
  std::chrono::milliseconds parse_timeout = std::chrono::seconds(10);
  // Set (by the owner, at shutdown): an update stops parsing and changes nothing.
  const std::atomic<bool>* stop = nullptr;
  // A first index with no disk cache to speak of commits every this many
  // files, so the map of what is indexed so far can be read while the rest
  // parses (0: once, at the end).
  std::size_t batch_files = 0;
};

struct UpdateStats {
  std::size_t files = 0;        // indexed now
  std::size_t parsed = 0;       // read and parsed in this update
  std::size_t from_cache = 0;   // taken from the disk cache without parsing
  std::size_t removed = 0;
  std::size_t skipped = 0;
  std::size_t rendered = 0;     // map blocks rendered again
  std::vector<std::string> changed;  // paths parsed, or removed, in this update
  bool cache_stale = false;  // the disk cache no longer says what the index holds
  double seconds = 0;        // in all, and its parts:
  double parse_seconds = 0;  // reading and parsing, on every core
  double graph_seconds = 0;  // resolving calls and imports
  double render_seconds = 0; // rendering map blocks
};

class RepoIndex {
 public:
  RepoIndex(std::filesystem::path root, IndexOptions options);
  ~RepoIndex();

  const std::filesystem::path& root() const { return root_; }

  // Takes the disk cache's records as candidates for the next update.
  // Returns why the file was discarded, or "" (read, or no file yet).
  std::string load_cache(const std::filesystem::path& file);
  // Writes the index; throws std::runtime_error on failure.
  void save_cache(const std::filesystem::path& file) const;
  // Forgets everything, so the next update parses every file.
  void clear();

  // `paths`: every file of the tree now (relative, '/'-separated); files of
  // no indexed language are ignored, indexed files not listed leave. Blocks
  // until done; a first index commits in batches (IndexOptions::batch_files).
  UpdateStats update(const std::vector<std::string>& paths, const ProgressFn& progress = {});
  // Only `touched` (files a watcher saw change, appear or go): each is
  // looked at again; the rest of the index stays as it is.
  UpdateStats update_files(const std::vector<std::string>& touched);

  // Reading the index.
  std::size_t file_count() const;
  std::vector<SkippedFile> skipped() const;
  std::string legend(bool with_lines) const;
  // Every block but those of `exclude`, in path order.
  void for_each_block(const std::set<std::string>& exclude,
                      const std::function<void(std::string_view path, std::string_view block)>& fn) const;
  // The whole map as text: the legend, a blank line, the blocks joined by a
  // blank line, ending with "\n" (§7.2).
  std::string map_text(const std::set<std::string>& exclude = {}) const;
  // One file's block (the LSP variant with line numbers when asked); "" when not indexed.
  std::string block(std::string_view path, bool with_lines) const;
  bool indexed(std::string_view path) const;

  // Runs `fn` with the graph under the read lock, for the LSP queries and
  // the tier initialisation.
  void read(const std::function<void(const SymbolGraph&)>& fn) const;
  // The same, with each file's map block (by FileId), the path aliases and
  // the index's generation, which every update that changed a file or the
  // aliases bumps.
  using BlocksReader = std::function<void(const SymbolGraph&, const std::vector<std::string>& blocks,
                                          const PathAliases& aliases, std::uint64_t generation)>;
  void read_blocks(const BlocksReader& fn) const;

 private:
  struct Plan;
  void probe(const std::string& path, Plan& plan, UpdateStats& stats);
  // False when stopped: nothing is changed.
  bool parse(Plan& plan, const ProgressFn& progress, UpdateStats& stats);
  void commit(Plan& plan, const std::set<std::string>& partial, UpdateStats& stats);
  // A first index in batches of `batch` jobs, each parsed and committed in turn.
  bool update_in_batches(Plan& plan, std::size_t batch, const ProgressFn& progress, UpdateStats& stats);
  void render(const std::vector<FileId>& dirty, bool set_changed, UpdateStats& stats);

  std::filesystem::path root_;
  IndexOptions options_;
  std::mutex update_mu_;  // one update at a time
  bool hold_aliases_ = false;  // a batched first index: the aliases of every file to come stand
  mutable std::shared_mutex mu_;
  SymbolGraph graph_;
  PathAliases aliases_;
  std::vector<std::string> blocks_;  // by FileId
  std::uint64_t generation_ = 0;
  std::vector<FileId> order_;        // live files by path
  std::vector<SkippedFile> skipped_;
  Language header_default_ = Language::cpp;  // from the last whole-tree listing
  std::unordered_map<std::string, std::unique_ptr<FileRecord>> disk_;  // until the first update
};

}  // namespace acdc::symbols
