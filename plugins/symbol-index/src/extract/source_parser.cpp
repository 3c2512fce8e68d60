#include "extract/source_parser.hpp"

#include "extract/extractors.hpp"

#include <algorithm>
#include <set>

namespace acdc::symbols {
namespace {

void shift_lines(std::vector<CallSite>& calls, std::uint32_t rows) {
  for (auto& c : calls) c.line += rows;
}

void shift_lines(Symbol& s, std::uint32_t rows) {
  s.range.start_line += rows;
  s.range.end_line += rows;
  shift_lines(s.call_sites, rows);
  for (auto& c : s.children) shift_lines(c, rows);
}

// Lines of `text` that open a top-level Python definition: where a file can
// be cut and each piece still parse.
std::vector<size_t> python_definition_starts(std::string_view text) {
  std::vector<size_t> starts;
  bool after_decorator = false;  // @a / @b / def f: one piece from @a on
  for (size_t at = 0; at < text.size();) {
    size_t next = text.find('\n', at);
    std::string_view line = text.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at);
    bool decorator = line.starts_with("@");
    bool definition = line.starts_with("def ") || line.starts_with("async def ") || line.starts_with("class ");
    if ((decorator || definition) && !after_decorator) starts.push_back(at);
    if (!line.empty()) after_decorator = decorator;
    if (next == std::string_view::npos) break;
    at = next + 1;
  }
  return starts;
}

}  // namespace

// Python's grammar cannot resync after an unclosed bracket: the rest of the
// file becomes one ERROR node and its definitions would be lost. Top-level
// definitions start at column 0, so each piece of an ERROR node from one
// such line to the next is parsed on its own; what they hold and the first
// pass missed is added.
void SourceParser::recover_python(TSNode root, std::string_view source, FileSymbols& out) {
  std::set<std::string> known;
  for (const Symbol& s : out.symbols) known.insert(s.name);
  for (TSNode top : NamedChildren(root)) {
    if (!is_error(top)) continue;
    uint32_t from = ts_node_start_byte(top), to = std::min<uint32_t>(ts_node_end_byte(top), source.size());
    std::string_view region = source.substr(from, to - from);
    std::vector<size_t> starts = python_definition_starts(region);
    for (size_t i = 0; i < starts.size(); ++i) {
      size_t end = i + 1 < starts.size() ? starts[i + 1] : region.size();
      std::string_view piece = region.substr(starts[i], end - starts[i]);
      TreePtr tree = parse(Language::python, piece);
      if (!tree) continue;
      FileSymbols part;
      extract_python(ts_tree_root_node(tree.get()), piece, part);
      auto rows = static_cast<std::uint32_t>(std::count(source.begin(), source.begin() + from + starts[i], '\n'));
      for (auto& sym : part.symbols) {
        if (!known.insert(sym.name).second) continue;
        shift_lines(sym, rows);
        out.symbols.push_back(std::move(sym));
      }
      shift_lines(part.file_calls, rows);
      out.file_calls.insert(out.file_calls.end(), part.file_calls.begin(), part.file_calls.end());
    }
  }
}

TSParser* SourceParser::parser_for(Language lang) {
  auto& slot = parsers_[static_cast<std::size_t>(lang)];
  if (!slot) {
    const Grammar& g = grammar(lang);
    if (!g.language) return nullptr;
    slot.reset(ts_parser_new());
    ts_parser_set_language(slot.get(), g.language);
    ts_parser_set_timeout_micros(slot.get(), static_cast<uint64_t>(timeout_.count()) * 1000);
  }
  return slot.get();
}

TreePtr SourceParser::parse(Language lang, std::string_view source) {
  TSParser* parser = parser_for(lang);
  if (!parser) return nullptr;
  TreePtr tree(ts_parser_parse_string(parser, nullptr, source.data(), static_cast<uint32_t>(source.size())));
  // After a timeout the parser keeps its partial state for a resumed parse;
  // the next file must start afresh.
  if (!tree) ts_parser_reset(parser);
  return tree;
}

ParseResult SourceParser::extract(Language lang, std::string path, std::string_view source) {
  ParseResult r;
  r.symbols.path = std::move(path);
  const Grammar& g = grammar(lang);
  if (!g.language) {
    r.error = g.error;
    return r;
  }
  TreePtr tree = parse(lang, source);
  if (!tree) {
    r.error = "parsing took longer than " + std::to_string(timeout_.count() / 1000) + " s; the file is not indexed";
    return r;
  }
  TSNode root = ts_tree_root_node(tree.get());
  r.had_syntax_errors = ts_node_has_error(root);
  switch (family(lang)) {
    case Family::python:
      extract_python(root, source, r.symbols);
      if (r.had_syntax_errors) recover_python(root, source, r.symbols);
      break;
    case Family::script: extract_script(lang, root, source, r.symbols); break;
    case Family::c_family: extract_c_family(lang, root, source, r.symbols); break;
    case Family::none: break;
  }
  return r;
}

}  // namespace acdc::symbols
