#include "lsp/lsp_queries.hpp"

#include "lang/syntax.hpp"
#include "render/compact_map.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace acdc::symbols {
namespace {

constexpr size_t kMaxCompletions = 100;

bool ident(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The 0-based line `line` of `text`, without its end.
std::string_view line_of(std::string_view text, std::uint32_t line) {
  size_t start = 0;
  for (std::uint32_t i = 0; i < line; ++i) {
    start = text.find('\n', start);
    if (start == std::string_view::npos) return {};
    ++start;
  }
  size_t end = text.find('\n', start);
  std::string_view l = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  return l;
}

// Editors count columns in UTF-16 code units (Monaco, LSP); the index and
// tree-sitter count bytes. These convert within one line of UTF-8.
std::size_t utf8_length(unsigned char lead) { return lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1; }

std::size_t byte_of_utf16(std::string_view line, std::size_t col16) {
  std::size_t byte = 0, units = 0;
  while (byte < line.size() && units < col16) {
    std::size_t n = utf8_length(static_cast<unsigned char>(line[byte]));
    units += n == 4 ? 2 : 1;
    byte += n;
  }
  return std::min(byte, line.size());
}

std::uint32_t utf16_of_byte(std::string_view line, std::size_t byte) {
  std::uint32_t units = 0;
  for (std::size_t at = 0; at < byte && at < line.size();) {
    std::size_t n = utf8_length(static_cast<unsigned char>(line[at]));
    units += n == 4 ? 2 : 1;
    at += n;
  }
  return units;
}

const char* kind_name(SymbolKind k) {
  switch (k) {
    case SymbolKind::class_: return "class";
    case SymbolKind::method: return "method";
    case SymbolKind::function: return "function";
    case SymbolKind::variable: return "variable";
    case SymbolKind::property: return "property";
    case SymbolKind::import: return "import";
  }
  return "symbol";
}

int monaco_kind(const Symbol& s) {
  switch (s.kind) {
    case SymbolKind::method: return s.name == "constructor" || s.name == "__init__" ? 2 : 0;
    case SymbolKind::function: return 1;
    case SymbolKind::variable: return 4;
    case SymbolKind::class_: return 5;
    case SymbolKind::import: return 8;
    case SymbolKind::property: return 9;
  }
  return 18;  // Text
}

const Symbol* find_symbol(const std::vector<Symbol>& list, std::string_view name) {
  const Symbol* found = nullptr;
  for_each_symbol(list, [&](const Symbol& s) {
    if (!found && call_name(s.name) == name) found = &s;
  });
  return found;
}

std::optional<std::string> read_text(const RepoIndex& index, const std::string& path) {
  if (!index.indexed(path)) return std::nullopt;
  std::string reason;
  return read_source(index.root() / path, reason);
}

// The declaration as written: its first line, and for a function the lines
// up to where its parameter list closes (at most 6), without the body's
// opening `{` or `:`.
std::string header_of(std::string_view text, const Symbol& s) {
  std::string out;
  int depth = 0;
  bool opened = false;
  for (std::uint32_t l = s.range.start_line; l <= s.range.end_line && l < s.range.start_line + 6; ++l) {
    std::string_view line = line_of(text, l);
    if (l == s.range.start_line) line.remove_prefix(std::min<size_t>(s.range.start_col, line.size()));
    out += std::string(line) + "\n";
    for (char c : line) {
      if (c == '(') ++depth, opened = true;
      else if (c == ')') --depth;
    }
    bool callable = s.kind == SymbolKind::method || s.kind == SymbolKind::function || s.kind == SymbolKind::property;
    if (!callable || (opened && depth <= 0)) break;
  }
  std::string h = collapse_whitespace(out);
  auto body = h.find('{');
  if (body != std::string::npos && s.kind != SymbolKind::variable) h.erase(body);
  while (!h.empty() && (h.back() == ' ' || h.back() == ':' || h.back() == '{')) h.pop_back();
  return h;
}

// A symbol's range as an editor counts it: 1-based, columns in UTF-16.
Range editor_range(std::string_view text, const Range& r) {
  return {r.start_line + 1, utf16_of_byte(line_of(text, r.start_line), r.start_col) + 1, r.end_line + 1,
          utf16_of_byte(line_of(text, r.end_line), r.end_col) + 1};
}

}  // namespace

std::string word_at(std::string_view text, int line, int col, bool before_only) {
  if (line < 1 || col < 1) return {};
  std::string_view l = line_of(text, static_cast<std::uint32_t>(line - 1));
  size_t at = byte_of_utf16(l, static_cast<size_t>(col - 1));
  if (before_only || at >= l.size() || !ident(l[at])) {
    if (at == 0 || at > l.size() || !ident(l[at - 1])) return {};
    --at;
  }
  size_t start = at, end = at + 1;
  while (start > 0 && ident(l[start - 1])) --start;
  if (!before_only)
    while (end < l.size() && ident(l[end])) ++end;
  std::string_view w = l.substr(start, end - start);
  if (!w.empty() && w.front() >= '0' && w.front() <= '9') return {};  // a number, not a name
  return std::string(w);
}

std::optional<Definition> LspQueries::definition(const std::string& path, int line, int col) const {
  auto text = read_text(index_, path);
  if (!text) return std::nullopt;
  std::string name = word_at(*text, line, col);
  if (name.empty()) return std::nullopt;
  std::optional<Definition> out;
  index_.read([&](const SymbolGraph& g) {
    FileId from = g.id_of(path);
    FileId target = g.resolve_name(from, name);
    FileSymbols held;  // the file `s` points into
    auto find_in = [&](FileId id) -> const Symbol* {
      if (id == kNoFile) return nullptr;
      held = g.node(id).record->unpack();
      return find_symbol(held.symbols, name);
    };
    const Symbol* s = find_in(target);
    if (!s && (s = find_in(from))) target = from;
    if (!s)
      if (const NameEntry* e = g.name(name); e && e->definers.size() == 1) {
        target = e->definers.front();
        s = find_in(target);
      }
    if (!s) return;
    const std::string& file = g.node(target).record->path;
    auto target_text = target == from ? text : read_text(index_, file);
    Range bytes{s->range.start_line + 1, s->range.start_col + 1, s->range.end_line + 1, s->range.end_col + 1};
    out = Definition{{file, target_text ? editor_range(*target_text, s->range) : bytes}, kind_name(s->kind),
                     target_text ? header_of(*target_text, *s) : signature(*s), g.references_to(name),
                     g.node(target).record->language};
  });
  return out;
}

std::vector<Location> LspQueries::references(const std::string& path, int line, int col) const {
  auto def = definition(path, line, col);
  auto text = read_text(index_, path);
  if (!def || !text) return {};
  return references_named(word_at(*text, line, col), def->location.file);
}

std::vector<Location> LspQueries::references_named(const std::string& name, const std::string& definer,
                                                   size_t limit) const {
  std::vector<Location> out;
  std::vector<std::pair<std::string, std::uint32_t>> sites;
  index_.read([&](const SymbolGraph& g) {
    FileId target = definer.empty() ? kNoFile : g.id_of(definer);
    if (!definer.empty() && target == kNoFile) return;
    for (const auto& [file, l] : g.reference_sites(name, target)) {
      if (sites.size() == std::min(limit, kMaxReferences)) break;
      sites.emplace_back(g.node(file).record->path, l);
    }
  });
  std::map<std::string, std::optional<std::string>> texts;
  for (const auto& [file, l] : sites) {
    auto& t = texts[file];
    if (!t) t = read_text(index_, file);
    std::string_view src = t ? line_of(*t, l) : std::string_view();
    // The name's first whole-word occurrence on the line.
    size_t at = 0;
    for (size_t p = src.find(name); p != std::string_view::npos; p = src.find(name, p + 1))
      if ((p == 0 || !ident(src[p - 1])) && (p + name.size() >= src.size() || !ident(src[p + name.size()]))) {
        at = p;
        break;
      }
    std::uint32_t c = utf16_of_byte(src, at) + 1;
    out.push_back({file, {l + 1, c, l + 1, utf16_of_byte(src, at + name.size()) + 1}});
  }
  return out;
}

std::vector<Definition> LspQueries::definitions_named(const std::string& name, size_t limit) const {
  struct Found {
    std::string file;
    Symbol symbol;  // a copy: the unpacked list it came from goes
    Language language;
  };
  std::vector<Found> found;
  std::uint32_t refs = 0;
  index_.read([&](const SymbolGraph& g) {
    const NameEntry* e = g.name(name);
    if (!e) return;
    refs = g.references_to(name);
    // Files that many others reference first: the definition a reader means.
    std::vector<FileId> definers = e->definers;
    std::stable_sort(definers.begin(), definers.end(),
                     [&](FileId a, FileId b) { return g.node(a).incoming > g.node(b).incoming; });
    for (FileId id : definers) {
      const FileRecord& rec = *g.node(id).record;
      for_each_symbol(rec.unpack().symbols, [&](const Symbol& s) {
        if (found.size() < limit && call_name(s.name) == name) found.push_back({rec.path, s, rec.language});
      });
      if (found.size() >= limit) break;
    }
  });
  std::vector<Definition> out;
  std::map<std::string, std::optional<std::string>> texts;
  for (const Found& f : found) {
    auto& t = texts[f.file];
    if (!t) t = read_text(index_, f.file);
    const Symbol& s = f.symbol;
    Range bytes{s.range.start_line + 1, s.range.start_col + 1, s.range.end_line + 1, s.range.end_col + 1};
    out.push_back(Definition{{f.file, t ? editor_range(*t, s.range) : bytes}, kind_name(s.kind),
                             t ? header_of(*t, s) : signature(s), refs, f.language});
  }
  return out;
}

std::vector<Completion> LspQueries::completions(const std::string& path, int line, int col, std::string prefix) const {
  std::vector<Completion> out;
  if (prefix.empty())
    if (auto text = read_text(index_, path)) prefix = word_at(*text, line, col, true);
  std::set<std::string> seen;
  auto offer = [&](const Symbol& s, const std::string& file) {
    std::string_view name = call_name(s.name);
    if (out.size() >= kMaxCompletions || !name.starts_with(prefix) || !seen.insert(std::string(name)).second) return;
    out.push_back({std::string(name), monaco_kind(s), signature(s) + "  " + file});
  };
  index_.read([&](const SymbolGraph& g) {
    FileId from = g.id_of(path);
    if (from == kNoFile) return;
    for_each_symbol(g.node(from).record->unpack().symbols, [&](const Symbol& s) { offer(s, path); });
    for (FileId dep : g.node(from).imports)
      for (const Symbol& s : g.node(dep).record->unpack().symbols) offer(s, g.node(dep).record->path);
    if (prefix.empty()) return;
    std::vector<std::pair<std::string_view, FileId>> names;
    g.for_each_name([&](std::string_view n, const NameEntry& e) {
      if (n.starts_with(prefix) && !seen.count(std::string(n))) names.emplace_back(n, e.definers.front());
    });
    std::sort(names.begin(), names.end());
    for (const auto& [n, file] : names) {
      const FileRecord& rec = *g.node(file).record;
      const FileSymbols symbols = rec.unpack();
      if (const Symbol* s = find_symbol(symbols.symbols, n)) offer(*s, rec.path);
      if (out.size() >= kMaxCompletions) break;
    }
  });
  return out;
}

}  // namespace acdc::symbols
