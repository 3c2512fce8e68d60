#include "lang/language.hpp"

#include <tree_sitter/api.h>

#include <array>
#include <cctype>

extern "C" {
const TSLanguage* tree_sitter_python(void);
const TSLanguage* tree_sitter_javascript(void);
const TSLanguage* tree_sitter_typescript(void);
const TSLanguage* tree_sitter_tsx(void);
const TSLanguage* tree_sitter_c(void);
const TSLanguage* tree_sitter_cpp(void);
}

namespace acdc::symbols {
namespace {

struct Extension {
  std::string_view suffix;
  Language language;
};

constexpr std::array kExtensions{
    Extension{".py", Language::python},   Extension{".js", Language::javascript},
    Extension{".mjs", Language::javascript}, Extension{".cjs", Language::javascript},
    Extension{".jsx", Language::javascript}, Extension{".ts", Language::typescript},
    Extension{".mts", Language::typescript}, Extension{".cts", Language::typescript},
    Extension{".tsx", Language::tsx},     Extension{".c", Language::c},
    Extension{".h", Language::c},         Extension{".cpp", Language::cpp},
    Extension{".cc", Language::cpp},      Extension{".cxx", Language::cpp},
    Extension{".hpp", Language::cpp},     Extension{".hxx", Language::cpp},
    Extension{".hh", Language::cpp},      Extension{".ipp", Language::cpp},
};

Grammar check(const char* name, const TSLanguage* language) {
  uint32_t abi = ts_language_version(language);
  if (abi < TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION || abi > TREE_SITTER_LANGUAGE_VERSION)
    return {nullptr, std::string("grammar ") + name + " has ABI " + std::to_string(abi) +
                         ", this tree-sitter runtime loads ABI " +
                         std::to_string(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION) + " to " +
                         std::to_string(TREE_SITTER_LANGUAGE_VERSION) +
                         ": its files are not indexed; install the pinned grammar (npm ci) and rebuild"};
  // The runtime's own check, in case it is stricter than its header says.
  TSParser* parser = ts_parser_new();
  bool ok = ts_parser_set_language(parser, language);
  ts_parser_delete(parser);
  if (!ok)
    return {nullptr, std::string("grammar ") + name + " (ABI " + std::to_string(abi) +
                         ") was refused by the tree-sitter runtime: its files are not indexed"};
  return {language, {}};
}

struct Table {
  std::array<GrammarState, 6> states;
  std::array<Grammar, 6> grammars;
  Table()
      : grammars{check("python", tree_sitter_python()), check("javascript", tree_sitter_javascript()),
                 check("typescript", tree_sitter_typescript()), check("tsx", tree_sitter_tsx()),
                 check("c", tree_sitter_c()), check("cpp", tree_sitter_cpp())} {
    constexpr std::array order{Language::python, Language::javascript, Language::typescript,
                               Language::tsx,    Language::c,          Language::cpp};
    for (std::size_t i = 0; i < order.size(); ++i) states[i] = {order[i], &grammars[i]};
  }
};

const Table& table() {
  static const Table t;
  return t;
}

}  // namespace

Language language_for_path(std::string_view path) {
  auto dot = path.rfind('.');
  auto slash = path.rfind('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return Language::none;
  std::string_view suffix = path.substr(dot);
  for (const auto& e : kExtensions)
    if (e.suffix == suffix) return e.language;
  return Language::none;
}

bool is_c_header(std::string_view path) { return path.ends_with(".h"); }

Language header_language(std::string_view source, Language repository_default) {
  // Markers C cannot have outside comments and strings; "class" needs a body
  // or bases after its name, so a C parameter named "class_id" is no sign.
  static constexpr std::array<std::string_view, 8> kMarkers{"namespace ", "template <", "template<", "public:",
                                                            "private:",   "protected:", "::",        "nullptr"};
  for (std::string_view m : kMarkers)
    if (source.find(m) != std::string_view::npos) return Language::cpp;
  for (std::size_t at = source.find("class "); at != std::string_view::npos; at = source.find("class ", at + 6)) {
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(source[at - 1])) || source[at - 1] == '_')) continue;
    std::size_t end = source.find_first_of(";{:(", at);
    if (end != std::string_view::npos && (source[end] == '{' || source[end] == ':')) return Language::cpp;
  }
  return repository_default;
}

Language header_default(bool has_c_sources, bool has_cpp_sources) {
  return has_c_sources && !has_cpp_sources ? Language::c : Language::cpp;
}

std::string_view language_name(Language lang) {
  switch (lang) {
    case Language::python: return "python";
    case Language::javascript: return "javascript";
    case Language::typescript: return "typescript";
    case Language::tsx: return "tsx";
    case Language::c: return "c";
    case Language::cpp: return "cpp";
    case Language::none: break;
  }
  return "none";
}

Family family(Language lang) {
  switch (lang) {
    case Language::python: return Family::python;
    case Language::javascript:
    case Language::typescript:
    case Language::tsx: return Family::script;
    case Language::c:
    case Language::cpp: return Family::c_family;
    case Language::none: break;
  }
  return Family::none;
}

const Grammar& grammar(Language lang) {
  std::size_t count = 0;
  const GrammarState* states = all_grammars(count);
  for (std::size_t i = 0; i < count; ++i)
    if (states[i].language == lang) return *states[i].grammar;
  static const Grammar none{nullptr, "no grammar for this file type"};
  return none;
}

const GrammarState* all_grammars(std::size_t& count) {
  count = table().states.size();
  return table().states.data();
}

}  // namespace acdc::symbols
