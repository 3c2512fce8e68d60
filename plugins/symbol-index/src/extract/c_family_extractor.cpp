// C and C++ (tree-sitter-c 0.23, tree-sitter-cpp 0.23): structs, unions,
// enums and classes with their bases and members, functions and prototypes
// with parameters (defaults, `...`, packs) and return types, methods
// declared in a class or defined out of line (A::f), file-scope variables,
// #include directives, and call and `new` sites. Namespaces, extern "C"
// blocks, templates and #if branches are read through; an ERROR node (a
// macro the grammar cannot see through) is searched like its parent.
#include "extract/extractors.hpp"
#include "extract/walk.hpp"
#include "lang/syntax.hpp"

namespace acdc::symbols {
namespace {

// "Ring<T, N>::Ring" -> "Ring::Ring": an out-of-line member is named by its
// class as the class's own block names it. Only the scope loses its
// arguments; the member keeps its name ("operator<").
std::string without_scope_arguments(const std::string& name) {
  const size_t member = name.rfind("::");
  if (member == std::string::npos) return name;
  std::string out;
  int depth = 0;
  for (size_t i = 0; i < member; ++i) {
    if (name[i] == '<') ++depth;
    else if (name[i] == '>' && depth > 0) --depth;
    else if (depth == 0) out += name[i];
  }
  return out + name.substr(member);
}

enum class K : std::uint8_t {
  other, function_definition, declaration, field_declaration, type_definition, record, enum_specifier,
  namespace_definition, linkage_specification, template_declaration, declaration_list, field_declaration_list,
  preproc_block, preproc_include, function_declarator, pointer_declarator, reference_declarator,
  init_declarator, array_declarator, parenthesized_declarator, attributed_declarator, identifier,
  qualified_identifier, template_function, template_type, field_expression, call_expression, new_expression,
  parameter_list, parameter_declaration, optional_parameter_declaration, variadic_parameter,
  variadic_parameter_declaration, variadic_declarator, base_class_clause, access_specifier,
  trailing_return_type, primitive_type, conditional, error
};

struct Grammar {
  NodeKinds<K> kind;
  TSFieldId name, body, declarator, parameters, type, value, path, function, field_, scope;
  explicit Grammar(const TSLanguage* l)
      : kind(l, {{"function_definition", K::function_definition}, {"declaration", K::declaration},
                 {"field_declaration", K::field_declaration}, {"type_definition", K::type_definition},
                 {"struct_specifier", K::record}, {"class_specifier", K::record}, {"union_specifier", K::record},
                 {"enum_specifier", K::enum_specifier}, {"namespace_definition", K::namespace_definition},
                 {"linkage_specification", K::linkage_specification},
                 {"template_declaration", K::template_declaration}, {"declaration_list", K::declaration_list},
                 {"field_declaration_list", K::field_declaration_list}, {"preproc_if", K::preproc_block},
                 {"preproc_ifdef", K::preproc_block}, {"preproc_else", K::preproc_block},
                 {"preproc_elif", K::preproc_block}, {"preproc_elifdef", K::preproc_block},
                 {"preproc_include", K::preproc_include}, {"function_declarator", K::function_declarator},
                 {"pointer_declarator", K::pointer_declarator}, {"reference_declarator", K::reference_declarator},
                 {"init_declarator", K::init_declarator}, {"array_declarator", K::array_declarator},
                 {"parenthesized_declarator", K::parenthesized_declarator},
                 {"attributed_declarator", K::attributed_declarator}, {"identifier", K::identifier},
                 {"field_identifier", K::identifier}, {"type_identifier", K::identifier},
                 {"destructor_name", K::identifier}, {"operator_name", K::identifier},
                 {"qualified_identifier", K::qualified_identifier}, {"template_function", K::template_function},
                 {"template_method", K::template_function}, {"template_type", K::template_type},
                 {"field_expression", K::field_expression}, {"call_expression", K::call_expression},
                 {"new_expression", K::new_expression}, {"parameter_list", K::parameter_list},
                 {"parameter_declaration", K::parameter_declaration},
                 {"optional_parameter_declaration", K::optional_parameter_declaration},
                 {"variadic_parameter", K::variadic_parameter},
                 {"variadic_parameter_declaration", K::variadic_parameter_declaration},
                 {"variadic_declarator", K::variadic_declarator}, {"base_class_clause", K::base_class_clause},
                 {"access_specifier", K::access_specifier}, {"trailing_return_type", K::trailing_return_type},
                 {"primitive_type", K::primitive_type}, {"if_statement", K::conditional},
                 {"for_statement", K::conditional}, {"for_range_loop", K::conditional},
                 {"while_statement", K::conditional}, {"do_statement", K::conditional},
                 {"switch_statement", K::conditional}, {"conditional_expression", K::conditional},
                 {"try_statement", K::conditional}, {"ERROR", K::error}}),
        name(field_id(l, "name")), body(field_id(l, "body")), declarator(field_id(l, "declarator")),
        parameters(field_id(l, "parameters")), type(field_id(l, "type")), value(field_id(l, "value")),
        path(field_id(l, "path")), function(field_id(l, "function")), field_(field_id(l, "field")),
        scope(field_id(l, "scope")) {}
};

const Grammar& grammar_tables(Language lang) {
  static const Grammar c(grammar(Language::c).language);
  static const Grammar cpp(grammar(Language::cpp).language);
  return lang == Language::cpp ? cpp : c;
}


struct BodyRules {
  const Grammar& g;
  std::string_view src;
  std::vector<CallSite>& calls;

  bool is_conditional(TSNode n) const { return g.kind(n) == K::conditional; }

  // The last name of a callee: a.b->run, ns::run, run<T> -> "run".
  std::string_view callee(TSNode n) const {
    for (int depth = 0; depth < 8 && !ts_node_is_null(n); ++depth) {
      switch (g.kind(n)) {
        case K::identifier: return text(n, src);
        case K::field_expression: n = field(n, g.field_); break;
        case K::qualified_identifier: case K::template_function: case K::template_type: n = field(n, g.name); break;
        default: return {};
      }
    }
    return {};
  }
  void visit(TSNode n, bool conditional) {
    K k = g.kind(n);
    std::string_view name;
    if (k == K::call_expression) name = callee(field(n, g.function));
    else if (k == K::new_expression) name = callee(field(n, g.type));
    if (!name.empty()) calls.push_back({std::string(name), ts_node_start_point(n).row, conditional});
  }
};

struct Declarator {
  TSNode function;  // the function_declarator, null for a variable
  TSNode name;      // the declared name
  std::string indirection;  // "*", "&" ... in front of the name
};

class CFamilyExtractor {
 public:
  CFamilyExtractor(Language lang, std::string_view src, FileSymbols& out)
      : g_(grammar_tables(lang)), src_(src), out_(out) {}

  void unit(TSNode root) { items(root, nullptr); }

 private:
  void items(TSNode parent, Symbol* cls) {
    for (TSNode n : NamedChildren(parent)) item(n, cls);
  }

  void item(TSNode n, Symbol* cls) {
    switch (g_.kind(n)) {
      case K::function_definition: function_definition(n, cls); break;
      case K::declaration: case K::field_declaration: declaration(n, cls); break;
      case K::type_definition: type_definition(n, cls); break;
      case K::record: case K::enum_specifier: record_into(n, {}, cls); break;
      case K::namespace_definition: items(field(n, g_.body), cls); break;
      case K::linkage_specification: {
        TSNode body = field(n, g_.body);
        if (g_.kind(body) == K::declaration_list) items(body, cls);
        else item(body, cls);
        break;
      }
      case K::template_declaration: case K::preproc_block: case K::declaration_list: case K::error:
        items(n, cls);
        break;
      case K::preproc_include: include(n); break;
      default: break;
    }
  }

  std::vector<Symbol>& into(Symbol* cls) { return cls ? cls->children : out_.symbols; }

  // Through pointers, references, arrays, initialisers and parentheses to the
  // function declarator or the declared name.
  Declarator unwrap(TSNode d) {
    Declarator out{};
    for (int depth = 0; depth < 16 && !ts_node_is_null(d); ++depth) {
      switch (g_.kind(d)) {
        case K::function_declarator:
          if (ts_node_is_null(out.function)) out.function = d;
          d = field(d, g_.declarator);
          break;
        case K::pointer_declarator: out.indirection += '*'; d = field(d, g_.declarator); break;
        case K::reference_declarator:
          out.indirection += std::string(text(ts_node_child(d, 0), src_));
          d = named_child(d, 0);
          break;
        case K::init_declarator: case K::array_declarator: case K::attributed_declarator:
          d = field(d, g_.declarator);
          break;
        case K::parenthesized_declarator: case K::variadic_declarator: d = named_child(d, 0); break;
        case K::identifier: case K::qualified_identifier: case K::template_function: out.name = d; return out;
        default: return out;
      }
    }
    return out;
  }

  void function_definition(TSNode n, Symbol* cls) {
    Declarator d = unwrap(field(n, g_.declarator));
    if (ts_node_is_null(d.function) || ts_node_is_null(d.name)) return;
    Symbol s = function(n, d, cls);
    BodyRules rules{g_, src_, s.call_sites};
    walk(field(n, g_.body), rules);
    add_function(std::move(s), cls, true);
  }

  // One line per function: a prototype and its definition in one scope are
  // one (the definition, with its calls, wins); overloads, which differ in
  // their number of parameters, are each listed.
  void add_function(Symbol s, Symbol* cls, bool definition) {
    for (Symbol& existing : into(cls))
      if (existing.name == s.name && existing.kind == s.kind && existing.parameters.size() == s.parameters.size()) {
        if (definition) existing = std::move(s);
        return;
      }
    into(cls).push_back(std::move(s));
  }

  Symbol function(TSNode n, const Declarator& d, Symbol* cls) {
    Symbol s;
    s.name = collapse_whitespace(text(d.name, src_));
    bool out_of_line = g_.kind(d.name) == K::qualified_identifier;
    if (out_of_line) s.name = without_scope_arguments(s.name);
    s.kind = cls || out_of_line ? SymbolKind::method : SymbolKind::function;
    s.range = range_of(n);
    parameters(field(d.function, g_.parameters), s.parameters);
    s.return_type = return_type(n, d);
    return s;
  }

  std::string return_type(TSNode n, const Declarator& d) {
    for (TSNode part : NamedChildren(d.function))
      if (g_.kind(part) == K::trailing_return_type)
        return collapse_whitespace(text(named_child(part, 0), src_));
    TSNode type = field(n, g_.type);
    if (ts_node_is_null(type)) return {};  // constructors, destructors, conversions
    std::string t = collapse_whitespace(text(type, src_)) + d.indirection;
    return t == "void" ? std::string() : t;
  }

  void parameters(TSNode list, std::vector<Parameter>& out) {
    for (TSNode p : NamedChildren(list)) {
      Parameter param;
      switch (g_.kind(p)) {
        case K::variadic_parameter: param.name = "..."; break;
        case K::parameter_declaration: case K::optional_parameter_declaration:
        case K::variadic_parameter_declaration: {
          Declarator d = unwrap(field(p, g_.declarator));
          param.has_default = g_.kind(p) == K::optional_parameter_declaration;
          param.is_vararg = g_.kind(p) == K::variadic_parameter_declaration;
          // An unnamed parameter shows its type: f(int, char*).
          param.name = ts_node_is_null(d.name) ? collapse_whitespace(text(field(p, g_.type), src_)) + d.indirection
                                               : std::string(text(d.name, src_));
          if (param.name == "void" && ts_node_named_child_count(list) == 1) continue;
          break;
        }
        default: continue;
      }
      out.push_back(std::move(param));
    }
  }

  void declaration(TSNode n, Symbol* cls) {
    TSNode type = field(n, g_.type);
    K tk = g_.kind(type);
    if ((tk == K::record || tk == K::enum_specifier) && !ts_node_is_null(field(type, g_.body)))
      record_into(type, {}, cls);
    for (TSNode part : NamedChildren(n)) {
      if (ts_node_eq(part, type)) continue;
      K k = g_.kind(part);
      if (k == K::function_declarator || k == K::pointer_declarator || k == K::reference_declarator ||
          k == K::init_declarator || k == K::array_declarator || k == K::identifier ||
          k == K::qualified_identifier || k == K::parenthesized_declarator || k == K::attributed_declarator)
        declarator(n, part, cls);
    }
  }

  void declarator(TSNode decl, TSNode part, Symbol* cls) {
    Declarator d = unwrap(part);
    if (ts_node_is_null(d.name)) return;
    if (!ts_node_is_null(d.function)) {
      add_function(function(decl, d, cls), cls, false);
      return;
    }
    Symbol v;
    v.name = text(d.name, src_);
    v.kind = SymbolKind::variable;
    v.range = range_of(decl);
    into(cls).push_back(std::move(v));
    if (g_.kind(part) == K::init_declarator) {
      BodyRules rules{g_, src_, cls ? cls->call_sites : out_.file_calls};
      walk(field(part, g_.value), rules);
    }
  }

  // typedef struct node {...} node_t; names the struct node_t, the name the
  // code uses.
  void type_definition(TSNode n, Symbol* cls) {
    TSNode type = field(n, g_.type);
    K tk = g_.kind(type);
    if ((tk != K::record && tk != K::enum_specifier) || ts_node_is_null(field(type, g_.body))) return;
    Declarator d = unwrap(field(n, g_.declarator));
    record_into(type, ts_node_is_null(d.name) ? std::string_view() : text(d.name, src_), cls);
  }

  void record_into(TSNode n, std::string_view typedef_name, Symbol* cls) {
    TSNode body = field(n, g_.body);
    if (ts_node_is_null(body)) return;  // a forward declaration or a use
    Symbol s;
    TSNode name = field(n, g_.name);
    s.name = !typedef_name.empty() || ts_node_is_null(name) ? std::string(typedef_name)
                                                           : collapse_whitespace(text(name, src_));
    if (s.name.empty()) return;  // an anonymous struct member: its fields belong to the parent
    s.kind = SymbolKind::class_;
    s.range = range_of(n);
    for (TSNode part : NamedChildren(n))
      if (g_.kind(part) == K::base_class_clause)
        for (TSNode base : NamedChildren(part))
          if (g_.kind(base) != K::access_specifier && type_of(base) != "comment")
            s.bases.push_back(collapse_whitespace(text(base, src_)));
    if (g_.kind(n) == K::record) items(body, &s);
    into(cls).push_back(std::move(s));
  }

  void include(TSNode n) {
    std::string_view path = text(field(n, g_.path), src_);
    if (path.size() < 2) return;
    Import imp;
    imp.level = path.front() == '"' ? 1 : 0;
    imp.module = path.substr(1, path.size() - 2);
    imp.line = ts_node_start_point(n).row;
    out_.imports.push_back(std::move(imp));
  }

  const Grammar& g_;
  std::string_view src_;
  FileSymbols& out_;
};

}  // namespace

void extract_c_family(Language lang, TSNode root, std::string_view source, FileSymbols& out) {
  CFamilyExtractor(lang, source, out).unit(root);
}

}  // namespace acdc::symbols
