#include "checks_file.hpp"

#include "binary_io.hpp"
#include "file_store.hpp"

#include <cstdint>

namespace acdc::repo {

namespace {

// Bump when the layout below or the meaning of a field changes.
constexpr std::string_view kMagic = "acdc-status-checks 1\n";

// One entry: path length, path, index entry id, stat, modified, counted, additions, deletions.
bool read_entry(std::string_view in, size_t& pos, std::string& path, CheckedEntry& e) {
  uint32_t len = 0;
  if (!get(in, pos, len) || in.size() - pos < len) return false;
  path.assign(in.data() + pos, len);
  pos += len;
  uint8_t modified = 0, counted = 0;
  int32_t adds = 0, dels = 0;
  bool whole = get(in, pos, e.index_id.id) && get(in, pos, e.stat.size) && get(in, pos, e.stat.mtime_ns) &&
               get(in, pos, e.stat.inode) && get(in, pos, e.stat.mode) && get(in, pos, modified) &&
               get(in, pos, counted) && get(in, pos, adds) && get(in, pos, dels);
  e.modified = modified != 0;
  e.counted = counted != 0;
  e.lines = LineStats{adds, dels};
  return whole && e.stat.size >= 0 && adds >= 0 && dels >= 0;
}

}  // namespace

bool ChecksFile::load(CheckCache& cache) const {
  cache.clear();
  std::string data;
  if (!read_file_within(path_, SIZE_MAX, data)) return false;
  std::string_view in(data);
  size_t pos = kMagic.size();
  uint64_t count = 0;
  if (!in.starts_with(kMagic) || !get(in, pos, count) || count > in.size()) return false;
  std::string path;
  CheckedEntry e;
  for (uint64_t i = 0; i < count; ++i) {
    if (!read_entry(in, pos, path, e)) break;
    cache.emplace(path, e);
  }
  if (cache.size() == count && pos == in.size()) return true;
  cache.clear();
  return false;
}

void ChecksFile::save(const CheckCache& cache) const {
  std::string out(kMagic);
  put(out, uint64_t{cache.size()});
  for (const auto& [path, e] : cache) {
    put(out, static_cast<uint32_t>(path.size()));
    out += path;
    out.append(reinterpret_cast<const char*>(e.index_id.id), sizeof e.index_id.id);
    put(out, e.stat.size), put(out, e.stat.mtime_ns), put(out, e.stat.inode), put(out, e.stat.mode);
    put(out, static_cast<uint8_t>(e.modified)), put(out, static_cast<uint8_t>(e.counted));
    put(out, static_cast<int32_t>(e.lines.additions)), put(out, static_cast<int32_t>(e.lines.deletions));
  }
  replace_best_effort(path_, out);
}

}  // namespace acdc::repo
