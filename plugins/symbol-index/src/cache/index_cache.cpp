#include "cache/index_cache.hpp"

#include "cache/binary_codec.hpp"

#include <stdexcept>

namespace acdc::symbols {
namespace {

constexpr char kMagic[8] = {'A', 'C', 'D', 'C', 'S', 'Y', 'M', 'X'};
// Bump the first number whenever the record layout or the extractors change
// what they produce: an old cache must not feed a new map.
constexpr const char* kFormat = "3;" ACDC_SYMBOL_GRAMMARS;

std::unique_ptr<FileRecord> read_record(Reader& r) {
  auto rec = std::make_unique<FileRecord>();
  rec->path = r.s();
  // Stored: a ".h" file's language came from its text (lang/language.hpp).
  const auto language = r.u();
  if (language > static_cast<unsigned>(Language::cpp) || language == static_cast<unsigned>(Language::none))
    throw std::runtime_error("an unknown language");
  rec->language = static_cast<Language>(language);
  rec->stamp.mtime_ns = static_cast<std::int64_t>(r.u());
  rec->stamp.size = r.u();
  rec->stamp.inode = r.u();
  rec->content_hash = r.u();
  rec->had_syntax_errors = r.u() != 0;
  rec->symbols = PackedSymbols::adopt(r.s());
  return rec;
}

}  // namespace

std::string cache_version() { return kFormat; }

CacheLoad load_cache(const std::filesystem::path& file) {
  CacheLoad out;
  std::optional<std::string> data = read_whole_file(file);
  if (!data) return out;  // no cache yet
  try {
    Reader r(framed_body(*data, {kMagic, sizeof kMagic}, "a symbol cache"));
    std::string version = r.s();
    if (version != kFormat)
      throw std::runtime_error("it was written by another version (" + version + ", this one reads " + kFormat + ")");
    for (std::size_t n = r.count(); n > 0; --n) {
      auto rec = read_record(r);
      std::string path = rec->path;
      out.records[path] = std::move(rec);
    }
  } catch (const std::exception& e) {
    out.records.clear();
    out.error = e.what();
  }
  return out;
}

void save_cache(const std::filesystem::path& file, const std::vector<const FileRecord*>& records) {
  // Sized up front: the body is mostly the packed symbols, copied as they
  // are, and a buffer grown by doubling would hold twice that at its peak.
  std::size_t size = sizeof kMagic + 64;
  for (const FileRecord* rec : records) size += rec->path.size() + rec->symbols.bytes().size() + 64;
  Writer w;
  w.bytes().reserve(size);
  w.bytes().append(kMagic, sizeof kMagic);
  w.s(kFormat);
  w.u(records.size());
  for (const FileRecord* rec : records) {
    w.s(rec->path);
    w.u(static_cast<unsigned>(rec->language));
    w.u(static_cast<std::uint64_t>(rec->stamp.mtime_ns)), w.u(rec->stamp.size), w.u(rec->stamp.inode);
    w.u(rec->content_hash);
    w.u(rec->had_syntax_errors);
    w.s(rec->symbols.bytes());
  }
  write_framed(file, w.bytes());
}

}  // namespace acdc::symbols
