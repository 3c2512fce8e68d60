// extract/source_parser.hpp -- parses one file's text with the grammar of its
// language and extracts its symbols. Holds one tree-sitter parser per
// language, so it belongs to one thread at a time (each indexing thread has
// its own; see index/parallel_indexer.hpp).
//
//   SourceParser parser;
//   ParseResult r = parser.extract(Language::cpp, "src/a.cpp", text);
//   if (!r.error.empty()) skip(r.error);            // grammar refused, timeout
#pragma once

#include "lang/language.hpp"
#include "lang/syntax.hpp"
#include "model/symbol.hpp"

#include <array>
#include <chrono>
#include <string>
#include <string_view>

namespace acdc::symbols {

struct ParseResult {
  FileSymbols symbols;
  bool had_syntax_errors = false;  // still indexed: what the partial tree holds
  std::string error;               // non-empty: nothing could be read
};

class SourceParser {
 public:
  // A parse that runs longer than `timeout` gives up (a pathological file
  // must not stall indexing); the file is reported, not indexed.
  explicit SourceParser(std::chrono::milliseconds timeout = std::chrono::seconds(10)) : timeout_(timeout) {}

  ParseResult extract(Language lang, std::string path, std::string_view source);

  // The bare tree, for the LSP queries that need more than the index keeps.
  // Null when the grammar is unavailable or the parse gave up.
  TreePtr parse(Language lang, std::string_view source);

 private:
  TSParser* parser_for(Language lang);
  void recover_python(TSNode root, std::string_view source, FileSymbols& out);

  std::chrono::milliseconds timeout_;
  std::array<ParserPtr, 7> parsers_;  // by Language
};

}  // namespace acdc::symbols
