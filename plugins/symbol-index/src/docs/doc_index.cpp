#include "docs/doc_index.hpp"

#include "cache/binary_codec.hpp"
#include "docs/doc_map.hpp"
#include "index/file_scan.hpp"

namespace acdc::symbols {
namespace {

constexpr char kMagic[8] = {'A', 'C', 'D', 'C', 'D', 'O', 'C', 'X'};
// Bump when the outline's fields or the extractor's rules change.
constexpr const char* kFormat = "doc-1";
// A document larger than this is a data dump, not something to outline.
constexpr std::uint64_t kMaxDocBytes = 2 * 1024 * 1024;

void write_outline(Writer& w, const DocOutline& o) {
  w.u(static_cast<std::uint64_t>(o.total_lines));
  w.list(o.headings, [&](const DocHeading& h) {
    w.u(static_cast<std::uint64_t>(h.level)), w.s(h.text), w.u(static_cast<std::uint64_t>(h.line));
    w.u(static_cast<std::uint64_t>(h.lines)), w.u(h.has_table), w.u(h.has_code);
    w.list(h.links, [&](const std::string& l) { w.s(l); });
  });
  w.list(o.links, [&](const std::string& l) { w.s(l); });
}

std::vector<std::string> read_strings(Reader& r) {
  std::vector<std::string> out;
  for (std::size_t n = r.count(); n > 0; --n) out.push_back(r.s());
  return out;
}

DocOutline read_outline(Reader& r) {
  DocOutline o;
  o.total_lines = static_cast<int>(r.u32());
  for (std::size_t n = r.count(); n > 0; --n) {
    DocHeading h;
    h.level = static_cast<int>(r.u32()), h.text = r.s(), h.line = static_cast<int>(r.u32());
    h.lines = static_cast<int>(r.u32()), h.has_table = r.u() != 0, h.has_code = r.u() != 0;
    h.links = read_strings(r);
    o.headings.push_back(std::move(h));
  }
  o.links = read_strings(r);
  return o;
}

}  // namespace

bool DocIndex::is_doc(std::string_view path) { return path.ends_with(".md") || path.ends_with(".markdown"); }

bool DocIndex::refresh(const std::string& path, Entry& entry) {
  FileProbe probe = probe_file(root_, path, ScanLimits{.max_file_bytes = kMaxDocBytes});
  if (probe.missing || !probe.skip_reason.empty()) return false;
  if (probe.stamp == entry.stamp && entry.stamp.mtime_ns != 0) return true;
  std::string reason;
  std::optional<std::string> text = read_source(root_ / path, reason);
  if (!text) return false;
  entry = Entry{probe.stamp, extract_outline(path, *text)};
  stale_ = true;
  return true;
}

std::size_t DocIndex::update(const std::vector<std::string>& paths) {
  std::lock_guard lock(mu_);
  files_ = std::unordered_set<std::string>(paths.begin(), paths.end());
  std::map<std::string, Entry> next;
  std::size_t read = 0;
  for (const auto& path : paths) {
    if (!is_doc(path)) continue;
    Entry entry;
    if (auto it = docs_.find(path); it != docs_.end()) entry = std::move(it->second);
    const FileStamp before = entry.stamp;
    if (!refresh(path, entry)) continue;
    if (!(entry.stamp == before)) ++read;
    next.emplace(path, std::move(entry));
  }
  if (next.size() != docs_.size()) stale_ = true;
  docs_ = std::move(next);
  return read;
}

void DocIndex::update_docs(const std::vector<std::string>& docs) {
  std::lock_guard lock(mu_);
  for (const auto& path : docs) {
    if (!is_doc(path)) continue;
    Entry& entry = docs_[path];
    if (refresh(path, entry)) {
      files_.insert(path);
      continue;
    }
    docs_.erase(path);
    files_.erase(path);
    stale_ = true;
  }
}

std::vector<std::pair<std::string, std::string>> DocIndex::blocks(const std::set<std::string>& skip) const {
  std::lock_guard lock(mu_);
  std::map<std::string, DocOutline> outlines;
  for (const auto& [path, entry] : docs_) outlines.emplace(path, entry.outline);
  return render_doc_map(outlines, [this](const std::string& p) { return files_.count(p) != 0; }, skip);
}

std::size_t DocIndex::doc_count() const {
  std::lock_guard lock(mu_);
  return docs_.size();
}

std::string DocIndex::load_cache(const std::filesystem::path& file) {
  std::optional<std::string> data = read_whole_file(file);
  if (!data) return {};
  std::map<std::string, Entry> loaded;
  try {
    Reader r(framed_body(*data, {kMagic, sizeof kMagic}, "a doc cache"));
    if (std::string version = r.s(); version != kFormat)
      throw std::runtime_error("it was written by another version (" + version + ", this one reads " + kFormat + ")");
    for (std::size_t n = r.count(); n > 0; --n) {
      std::string path = r.s();
      Entry e;
      e.stamp.mtime_ns = static_cast<std::int64_t>(r.u()), e.stamp.size = r.u(), e.stamp.inode = r.u();
      e.outline = read_outline(r);
      loaded.emplace(std::move(path), std::move(e));
    }
  } catch (const std::exception& e) {
    return e.what();
  }
  std::lock_guard lock(mu_);
  docs_ = std::move(loaded);
  return {};
}

void DocIndex::save_cache(const std::filesystem::path& file) {
  Writer w;
  {
    std::lock_guard lock(mu_);
    if (!stale_) return;
    stale_ = false;
    w.bytes().append(kMagic, sizeof kMagic);
    w.s(kFormat);
    w.u(docs_.size());
    for (const auto& [path, e] : docs_) {
      w.s(path);
      w.u(static_cast<std::uint64_t>(e.stamp.mtime_ns)), w.u(e.stamp.size), w.u(e.stamp.inode);
      write_outline(w, e.outline);
    }
  }
  write_framed(file, w.bytes());
}

}  // namespace acdc::symbols
