// cache/index_cache.hpp -- the index on disk, <repo>/.acdc/symbol-index.bin,
// so a restart on an unchanged repository reads it instead of parsing. Each
// entry carries its file's stat stamp (trusted as is when unchanged) and
// content hash (a touched but unchanged file is not parsed again).
//
// A compact binary format: the file is read at every start, and on a large
// tree JSON would cost more than the parse it saves. It opens with a magic
// and a version string naming the format and the grammar packages, and ends
// with a checksum: a foreign version or a corrupt file is refused whole,
// with the reason, and the index is rebuilt.
//
//   save_cache(file, records);                      // atomic: temp file + rename
//   CacheLoad c = load_cache(file);
//   if (!c.error.empty()) log("symbol cache discarded: " + c.error);
#pragma once

#include "index/file_record.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace acdc::symbols {

struct CacheLoad {
  std::unordered_map<std::string, std::unique_ptr<FileRecord>> records;  // by path
  std::string error;  // why the file was discarded; empty when read or absent
};

CacheLoad load_cache(const std::filesystem::path& file);

// Writes every record; throws std::runtime_error with the reason on failure
// (the old cache file is left as it was).
void save_cache(const std::filesystem::path& file, const std::vector<const FileRecord*>& records);

// The version string the cache is stamped with (format and grammar pins).
std::string cache_version();

}  // namespace acdc::symbols
