#include "cache/index_cache.hpp"

#include "cache/binary_codec.hpp"

#include <stdexcept>

namespace acdc::symbols {
namespace {

constexpr char kMagic[8] = {'A', 'C', 'D', 'C', 'S', 'Y', 'M', 'X'};
// Bump the first number whenever the record layout or the extractors change
// what they produce: an old cache must not feed a new map.
constexpr const char* kFormat = "2;" ACDC_SYMBOL_GRAMMARS;

void write_calls(Writer& w, const std::vector<CallSite>& calls) {
  w.list(calls, [&](const CallSite& c) {
    w.s(c.name);
    w.u(c.line);
    w.u(c.is_conditional);
  });
}

void write_symbol(Writer& w, const Symbol& s) {
  w.s(s.name);
  w.u(static_cast<unsigned>(s.kind));
  w.u(s.range.start_line), w.u(s.range.start_col), w.u(s.range.end_line), w.u(s.range.end_col);
  w.list(s.parameters, [&](const Parameter& p) {
    w.s(p.name);
    w.u(unsigned{p.has_default} | unsigned{p.is_vararg} << 1 | unsigned{p.is_kwarg} << 2);
  });
  w.s(s.return_type);
  w.list(s.bases, [&](const std::string& b) { w.s(b); });
  w.list(s.children, [&](const Symbol& c) { write_symbol(w, c); });
  w.list(s.instance_vars, [&](const std::string& v) { w.s(v); });
  write_calls(w, s.call_sites);
  w.u(s.is_async);
}

std::vector<CallSite> read_calls(Reader& r) {
  std::vector<CallSite> calls(r.count());
  for (auto& c : calls) {
    c.name = r.s();
    c.line = r.u32();
    c.is_conditional = r.u() != 0;
  }
  return calls;
}

Symbol read_symbol(Reader& r, int depth) {
  if (depth > 64) throw std::runtime_error("symbols nest too deeply");
  Symbol s;
  s.name = r.s();
  auto kind = r.u();
  if (kind > static_cast<unsigned>(SymbolKind::import)) throw std::runtime_error("an unknown symbol kind");
  s.kind = static_cast<SymbolKind>(kind);
  s.range = {r.u32(), r.u32(), r.u32(), r.u32()};
  s.parameters.resize(r.count());
  for (auto& p : s.parameters) {
    p.name = r.s();
    auto flags = r.u();
    p.has_default = flags & 1, p.is_vararg = flags & 2, p.is_kwarg = flags & 4;
  }
  s.return_type = r.s();
  s.bases.resize(r.count());
  for (auto& b : s.bases) b = r.s();
  s.children.resize(r.count());
  for (auto& c : s.children) c = read_symbol(r, depth + 1);
  s.instance_vars.resize(r.count());
  for (auto& v : s.instance_vars) v = r.s();
  s.call_sites = read_calls(r);
  s.is_async = r.u() != 0;
  return s;
}

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
  rec->symbols.path = rec->path;
  rec->symbols.symbols.resize(r.count());
  for (auto& s : rec->symbols.symbols) s = read_symbol(r, 0);
  rec->symbols.imports.resize(r.count());
  for (auto& i : rec->symbols.imports) {
    i.module = r.s();
    i.names.resize(r.count());
    for (auto& n : i.names) n = r.s();
    i.alias = r.s();
    i.level = static_cast<int>(r.u());
    i.line = r.u32();
  }
  rec->symbols.file_calls = read_calls(r);
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
  Writer w;
  w.bytes().append(kMagic, sizeof kMagic);
  w.s(kFormat);
  w.u(records.size());
  for (const FileRecord* rec : records) {
    w.s(rec->path);
    w.u(static_cast<unsigned>(rec->language));
    w.u(static_cast<std::uint64_t>(rec->stamp.mtime_ns)), w.u(rec->stamp.size), w.u(rec->stamp.inode);
    w.u(rec->content_hash);
    w.u(rec->had_syntax_errors);
    w.list(rec->symbols.symbols, [&](const Symbol& s) { write_symbol(w, s); });
    w.list(rec->symbols.imports, [&](const Import& i) {
      w.s(i.module);
      w.list(i.names, [&](const std::string& n) { w.s(n); });
      w.s(i.alias);
      w.u(static_cast<std::uint64_t>(i.level));
      w.u(i.line);
    });
    write_calls(w, rec->symbols.file_calls);
  }
  write_framed(file, w.bytes());
}

}  // namespace acdc::symbols
