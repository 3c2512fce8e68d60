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

// By extension, case-sensitive as in the reference. A ".h" file says C
// here; header_language() decides it once its text is read.
Language language_for_path(std::string_view path);

// A ".h" file is C or C++; nothing in its name says which (issue 26: in a
// C++ storage engine 452 of 630 headers parsed as C showed no classes).
// C++ when its text shows C++ (namespace, template, class with a body or
// bases, access specifiers, "::"); else `repository_default`, which is C
// only for a repository with C sources and no C++ ones
// (header_default()), as the C++ grammar reads most C but not all.
bool is_c_header(std::string_view path);
Language header_language(std::string_view source, Language repository_default);
// Language::c when `has_c_sources && !has_cpp_sources`, else Language::cpp.
Language header_default(bool has_c_sources, bool has_cpp_sources);

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
