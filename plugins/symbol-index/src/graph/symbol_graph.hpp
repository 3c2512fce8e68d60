// graph/symbol_graph.hpp -- the indexed files with their calls and imports
// resolved, and the reference graph over them (acdc-features.md §7.3).
//
// A call `name(...)` in file F resolves, within F's language family, to:
//   1. F itself when F defines `name`;
//   2. else the first file F imports (resolved) that defines it;
//   3. else the one file of the repository that defines it, when only one does.
// Otherwise it is unresolved (a builtin, a library, an ambiguous name) and
// counts nowhere. Edges run file -> file, weighted by resolved calls and
// imports; self-edges are ignored.
//
// Updates are incremental: replacing a file's content re-resolves that
// file's calls and the calls elsewhere of the names it started or stopped
// defining, and reports which files' map blocks may have changed. Adding or
// removing a file re-resolves everything, as imports may now land elsewhere.
//
//   SymbolGraph g;
//   std::vector<FileId> dirty = g.apply({{"a.py", std::move(record)}, {"gone.py", nullptr}});
//   int n = g.file_ref_count(g.id_of("a.py"));
//
// Not thread-safe: the index serialises updates and reads (index/repo_index.hpp).
#pragma once

#include "index/file_record.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace acdc::symbols {

class ImportResolver;

using FileId = std::uint32_t;
inline constexpr FileId kNoFile = UINT32_MAX;

struct NameEntry;

// One call site of a file, in the order of for_each_call (symbols depth
// first, each symbol's calls in source order, then the file's own calls).
struct ResolvedCall {
  NameEntry* name;
  FileId target = kNoFile;
  std::uint32_t line = 0;  // 0-based; kept here so a reference query needs no record
};

struct FileNode {
  std::unique_ptr<FileRecord> record;  // null: a free slot
  std::vector<FileId> imports;         // resolved import targets, deduplicated, in order
  std::vector<std::string> externals;  // imports naming no file here, as written, deduplicated
  std::vector<ResolvedCall> calls;
  std::uint32_t incoming = 0;          // file_ref_count: incoming edge weight from other files
};

struct NameEntry {
  std::vector<FileId> definers;  // sorted
  std::vector<FileId> callers;   // files with a call of this name, unsorted, each once
  std::uint32_t resolved_calls = 0;  // references_to_symbol(name).size()
};

// Visits a file's call sites in ResolvedCall order.
template <class Fn>
void for_each_call(const FileSymbols& f, Fn&& fn) {
  for_each_symbol(f.symbols, [&](const Symbol& s) {
    for (const CallSite& c : s.call_sites) fn(c);
  });
  for (const CallSite& c : f.file_calls) fn(c);
}

class SymbolGraph {
 public:
  SymbolGraph();
  ~SymbolGraph();
  SymbolGraph(SymbolGraph&&) noexcept;
  SymbolGraph& operator=(SymbolGraph&&) noexcept;

  // Each change names a path and its new record, or null to remove it.
  // Returns the files whose map block may render differently now.
  using Change = std::pair<std::string, std::unique_ptr<FileRecord>>;
  std::vector<FileId> apply(std::vector<Change> changes);

  // A file touched but unchanged (same content hash) keeps its record.
  void restamp(FileId id, const FileStamp& stamp) { nodes_[id].record->stamp = stamp; }

  FileId id_of(std::string_view path) const;
  const FileNode& node(FileId id) const { return nodes_[id]; }
  std::size_t slot_count() const { return nodes_.size(); }
  std::size_t file_count() const { return by_path_.size(); }

  const NameEntry* name(std::string_view n) const;
  std::uint32_t references_to(std::string_view n) const;
  // Where a call of `n` made in `from` resolves (the rules above), or kNoFile.
  FileId resolve_name(FileId from, std::string_view n) const;
  // (file, 0-based line) of every resolved call of `n`, by path; only those
  // resolving to `target` unless it is kNoFile.
  std::vector<std::pair<FileId, std::uint32_t>> reference_sites(std::string_view n, FileId target = kNoFile) const;
  // Every name something in the index is called, for completions.
  template <class Fn>
  void for_each_name(Fn&& fn) const {
    for (const auto& [n, e] : names_)
      if (!e.definers.empty()) fn(std::string_view(n), e);
  }

  // Every file -> file edge with its weight (resolved calls and imports), in
  // no particular order: callers that need one sort (rank/page_rank.cpp).
  template <class Fn>
  void for_each_edge(Fn&& fn) const {
    for (const auto& [key, weight] : edges_) fn(key.from, key.to, weight);
  }

  std::vector<FileId> files_referencing(FileId id) const;
  std::vector<FileId> file_dependencies(FileId id) const;
  // Pairs (lo, hi) of files that reference each other.
  std::vector<std::pair<FileId, FileId>> bidirectional_edges() const;
  // Union-find over bidirectional edges; every file is in exactly one
  // component (orphans alone), each sorted by path, components largest first.
  std::vector<std::vector<FileId>> connected_components() const;

 private:
  struct EdgeKey {
    FileId from, to;
    bool operator==(const EdgeKey&) const = default;
  };
  struct EdgeHash {
    std::size_t operator()(const EdgeKey& k) const { return (std::uint64_t{k.from} << 32 | k.to) * 0x9E3779B97F4A7C15ull >> 7; }
  };

  FileId place(std::string path, std::unique_ptr<FileRecord> record);
  // `symbols`: the file's record unpacked, once per change.
  void add_definitions(FileId id, const FileSymbols& symbols, std::vector<NameEntry*>& names);
  void remove_definitions(FileId id, const FileSymbols& symbols, std::vector<NameEntry*>& changed);
  void collect_calls(FileId id, const FileSymbols& symbols);
  void forget_calls(FileId id);
  void resolve_imports(FileId id, const ImportResolver& resolver);
  FileId resolve(FileId from, const NameEntry& name) const;
  // Adds (sign +1) or takes back (-1) what one file's resolved calls and
  // imports contribute to counts and edges; marks the files that affects.
  void contribute(FileId id, int sign, std::vector<char>& dirty);
  void add_edge(FileId from, FileId to, int sign, std::vector<char>& dirty);
  void resolve_calls(FileId id);
  void resolve_calls_named(FileId id, const NameEntry* only);
  NameEntry& entry(std::string_view n);
  std::unique_ptr<ImportResolver> make_resolver() const;

  std::vector<FileNode> nodes_;
  std::vector<FileId> free_;
  // Looked up by string_view without a copy (C++20 heterogeneous lookup).
  struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, FileId, TextHash, std::equal_to<>> by_path_;
  std::unordered_map<std::string, NameEntry, TextHash, std::equal_to<>> names_;
  std::unordered_map<EdgeKey, std::uint32_t, EdgeHash> edges_;
};

}  // namespace acdc::symbols
