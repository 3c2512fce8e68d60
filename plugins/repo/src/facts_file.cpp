#include "facts_file.hpp"

#include "binary_io.hpp"
#include "file_store.hpp"

#include <cstdint>
#include <cstring>

namespace acdc::repo {

namespace {

// Bump when the layout below or the meaning of a field changes.
constexpr std::string_view kMagic = "acdc-tree-facts 1\n";

// One entry: path length, path, then the fixed fields.
struct Fixed {
  int64_t size, mtime_ns;
  uint64_t inode;
  uint32_t mode;
  int32_t lines;
  uint8_t binary;
};
constexpr size_t kFixedBytes = 8 + 8 + 8 + 4 + 4 + 1;

bool read_entry(std::string_view in, size_t& pos, std::string& path, FileFacts& f) {
  uint32_t len = 0;
  Fixed x{};
  if (!get(in, pos, len) || in.size() - pos < size_t{len} + kFixedBytes) return false;
  path.assign(in.data() + pos, len);
  pos += len;
  get(in, pos, x.size), get(in, pos, x.mtime_ns), get(in, pos, x.inode), get(in, pos, x.mode);
  get(in, pos, x.lines), get(in, pos, x.binary);
  if (x.size < 0 || x.lines < 0) return false;
  f = FileFacts{FileStat{x.size, x.mtime_ns, x.inode, x.mode}, x.lines, x.binary != 0};
  return true;
}

}  // namespace

bool FactsFile::load(std::vector<std::string>& paths, std::vector<FileFacts>& facts) const {
  paths.clear();
  facts.clear();
  std::string data;
  if (!read_file_within(path_, SIZE_MAX, data)) return false;
  std::string_view in(data);
  size_t pos = kMagic.size();
  uint64_t cap = 0, count = 0;
  if (!in.starts_with(kMagic) || !get(in, pos, cap) || !get(in, pos, count) || cap != max_file_bytes_) return false;
  if (count > in.size() / (4 + kFixedBytes)) return false;  // more entries than bytes could hold
  paths.resize(count);
  facts.resize(count);
  bool whole = true;
  for (size_t i = 0; whole && i < count; ++i)
    // Sorted and unique, as TreeBuilder's merge needs: anything else is damage.
    whole = read_entry(in, pos, paths[i], facts[i]) && (i == 0 || paths[i - 1] < paths[i]);
  if (whole && pos == in.size()) return true;
  paths.clear();
  facts.clear();
  return false;
}

void FactsFile::save(const std::vector<std::string>& paths, const std::vector<FileFacts>& facts) const {
  std::string out(kMagic);
  put(out, uint64_t{max_file_bytes_});
  size_t count_at = out.size();
  put(out, uint64_t{0});
  uint64_t count = 0;
  for (size_t i = 0; i < paths.size() && i < facts.size(); ++i) {
    const FileFacts& f = facts[i];
    if (f.stat.size < 0) continue;  // gone, or too fresh to trust next time
    put(out, static_cast<uint32_t>(paths[i].size()));
    out += paths[i];
    put(out, f.stat.size), put(out, f.stat.mtime_ns), put(out, f.stat.inode), put(out, f.stat.mode);
    put(out, static_cast<int32_t>(f.lines)), put(out, static_cast<uint8_t>(f.binary));
    ++count;
  }
  std::memcpy(out.data() + count_at, &count, sizeof count);
  replace_best_effort(path_, out);
}

}  // namespace acdc::repo
