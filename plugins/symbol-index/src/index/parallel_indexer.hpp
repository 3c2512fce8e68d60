// index/parallel_indexer.hpp -- reads and parses a batch of files on every
// core. Each thread owns a SourceParser (tree-sitter parsers are not shared)
// and takes the next file from a shared counter, so one large file does not
// hold up a whole slice of the batch.
//
//   std::vector<ParseJob> jobs = ...;                    // path, stamp, known hash
//   auto outputs = parse_files(root, jobs, {.threads = 2}, [](size_t done, size_t total) {});
//   // outputs[i] answers jobs[i]
#pragma once

#include "index/file_record.hpp"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace acdc::symbols {

struct ParseJob {
  std::string path;
  FileStamp stamp;
  // What the file held when last indexed (in memory or in the disk cache):
  // when the bytes hash the same, that record is kept instead of parsing.
  std::optional<std::uint64_t> known_hash;
  std::unique_ptr<FileRecord> known;  // from the disk cache, taken over as is
};

struct ParseOutput {
  enum class Kind { parsed, unchanged, skipped } kind = Kind::skipped;
  std::unique_ptr<FileRecord> record;  // parsed, or the known record reused
  std::string skip_reason;
};

struct ParseOptions {
  unsigned threads = 1;
  std::chrono::milliseconds timeout = std::chrono::seconds(10);
  const std::atomic<bool>* stop = nullptr;  // set: the remaining files are left unparsed
  // What a ".h" file without C++ in its text is parsed as (lang/language.hpp).
  Language header_default = Language::cpp;
};

using ProgressFn = std::function<void(std::size_t done, std::size_t total)>;

// `progress` runs on the calling thread only, about every 1% of the batch.
std::vector<ParseOutput> parse_files(const std::filesystem::path& root, std::vector<ParseJob>& jobs,
                                     const ParseOptions& options, const ProgressFn& progress);

}  // namespace acdc::symbols
