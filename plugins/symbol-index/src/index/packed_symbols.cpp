#include "index/packed_symbols.hpp"

#include "cache/binary_codec.hpp"

#include <stdexcept>

namespace acdc::symbols {
namespace {

// The layout: imports first (imports() stops after them), then the file's
// own calls, then the symbol trees.

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

std::vector<Import> read_imports(Reader& r) {
  std::vector<Import> imports(r.count());
  for (auto& i : imports) {
    i.module = r.s();
    i.names.resize(r.count());
    for (auto& n : i.names) n = r.s();
    i.alias = r.s();
    i.level = static_cast<int>(r.u());
    i.line = r.u32();
  }
  return imports;
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

FileSymbols read_all(const std::string& bytes, const std::string& path) {
  Reader r(bytes);
  FileSymbols f;
  f.path = path;
  f.imports = read_imports(r);
  f.file_calls = read_calls(r);
  f.symbols.resize(r.count());
  for (auto& s : f.symbols) s = read_symbol(r, 0);
  if (!r.at_end()) throw std::runtime_error("a file's symbols are followed by stray bytes");
  return f;
}

}  // namespace

PackedSymbols::PackedSymbols(const FileSymbols& symbols) {
  Writer w;
  w.list(symbols.imports, [&](const Import& i) {
    w.s(i.module);
    w.list(i.names, [&](const std::string& n) { w.s(n); });
    w.s(i.alias);
    w.u(static_cast<std::uint64_t>(i.level));
    w.u(i.line);
  });
  write_calls(w, symbols.file_calls);
  w.list(symbols.symbols, [&](const Symbol& s) { write_symbol(w, s); });
  bytes_ = std::move(w.bytes());
  bytes_.shrink_to_fit();
}

PackedSymbols PackedSymbols::adopt(std::string bytes) {
  read_all(bytes, {});
  PackedSymbols p;
  p.bytes_ = std::move(bytes);
  return p;
}

// The bytes were checked when packed or adopted: a throw here is a bug.
FileSymbols PackedSymbols::unpack(const std::string& path) const {
  if (bytes_.empty()) return FileSymbols{.path = path};
  return read_all(bytes_, path);
}

std::vector<Import> PackedSymbols::imports() const {
  if (bytes_.empty()) return {};
  Reader r(bytes_);
  return read_imports(r);
}

}  // namespace acdc::symbols
