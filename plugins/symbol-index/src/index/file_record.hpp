// index/file_record.hpp -- one indexed file: where its text came from (the
// stat stamp and content hash that decide whether it must be read again) and
// what the extractor found in it, packed (index/packed_symbols.hpp).
#pragma once

#include "lang/language.hpp"
#include "index/packed_symbols.hpp"

#include <cstdint>
#include <string>

namespace acdc::symbols {

// What stat(2) says; equal stamps mean the file was not touched.
struct FileStamp {
  std::int64_t mtime_ns = 0;
  std::uint64_t size = 0;
  std::uint64_t inode = 0;
  bool operator==(const FileStamp&) const = default;
};

struct FileRecord {
  std::string path;
  Language language = Language::none;
  FileStamp stamp;
  std::uint64_t content_hash = 0;  // of the bytes parsed (index/content_hash.hpp)
  bool had_syntax_errors = false;
  PackedSymbols symbols;

  FileSymbols unpack() const { return symbols.unpack(path); }
};

}  // namespace acdc::symbols
