// index/file_scan.hpp -- finding and reading the files to index, and why a
// file is left out (shown to the user next to the file): not a language we
// index, larger than the limit, binary, unreadable, or a link leading out of
// the indexed root. Nothing here stops the index: a bad file is skipped.
//
//   std::vector<std::string> paths = walk_directory(root, skipped);   // no git needed
//   FileProbe p = probe_file(root, "src/a.py", limits);
//   if (p.skip_reason.empty()) parse(read_source(root / p.path, limits, reason));
#pragma once

#include "index/file_record.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace acdc::symbols {

struct SkippedFile {
  std::string path;
  std::string reason;
  bool operator==(const SkippedFile&) const = default;
};

struct ScanLimits {
  std::size_t max_file_bytes = 1 << 20;
};

// Every regular file below `root` (relative, '/'-separated, sorted), for a
// directory that is not a git repository (a benchmark tree, a fetched
// repository). Hidden directories (.git, .acdc) are not entered and
// directory links are not followed, so a link loop cannot trap the walk.
std::vector<std::string> walk_directory(const std::filesystem::path& root, std::vector<SkippedFile>& skipped);

struct FileProbe {
  FileStamp stamp;
  bool missing = false;     // no such file (any more)
  std::string skip_reason;  // empty: index it
};

// stat(2) and the size and link checks, without reading the file.
FileProbe probe_file(const std::filesystem::path& root, const std::string& path, const ScanLimits& limits);

// The file's bytes; nullopt with `reason` set when it is binary (a NUL in
// its first 8 KiB, as git decides) or cannot be read.
std::optional<std::string> read_source(const std::filesystem::path& file, std::string& reason);

std::uint64_t content_hash(std::string_view bytes);

}  // namespace acdc::symbols
