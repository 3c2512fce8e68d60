// lang/language.hpp -- the indexed languages (acdc-features.md §7.1): which
// file extensions each one takes, and its tree-sitter grammar, checked
// against the runtime once, at first use.
//
//   Language lang = language_for_path("src/a.tsx");          // Language::tsx
//   const Grammar& g = grammar(lang);
//   if (!g.language) log(g.error);   // "grammar python has ABI 15, ..."
#pragma once

#include <string>
#include <string_view>

struct TSLanguage;

namespace acdc::symbols {

enum class Language { none, python, javascript, typescript, tsx, c, cpp };

// By extension, case-sensitive as in the reference (.h is C; a C++ header
// named .h is still read well by the C grammar for what the map shows).
Language language_for_path(std::string_view path);

std::string_view language_name(Language lang);

// The languages' family: calls resolve only within one (a Python call never
// names a C function).
enum class Family { none, python, script, c_family };
Family family(Language lang);

struct Grammar {
  const TSLanguage* language = nullptr;  // null when the runtime refused it
  std::string error;                     // why, when it did
};

// The grammar of `lang`, checked once (thread-safe). A grammar whose ABI this
// runtime cannot load is reported here, never a crash later.
const Grammar& grammar(Language lang);

// Every language with its grammar's state, for the plugin's status.
struct GrammarState {
  Language language;
  const Grammar* grammar;
};
const GrammarState* all_grammars(std::size_t& count);

}  // namespace acdc::symbols
