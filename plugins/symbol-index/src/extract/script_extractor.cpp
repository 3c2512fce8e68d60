// JavaScript, TypeScript and TSX (tree-sitter-javascript 0.23,
// tree-sitter-typescript 0.23): classes (abstract too) with extends and
// implements, interfaces and enums as classes, functions, generators, arrow
// functions and function expressions bound to a name, methods, getters as
// properties, fields, module variables, ES imports and require(), call and
// `new` sites. Exports are read through; namespaces and `declare` blocks are
// flattened into the file.
#include "extract/extractors.hpp"
#include "extract/walk.hpp"
#include "lang/syntax.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace acdc::symbols {
namespace {

enum class K : std::uint8_t {
  other, function_declaration, generator_function_declaration, class_declaration, class_, class_heritage,
  extends_clause, implements_clause, class_body, method_definition, method_signature, field_definition,
  lexical_declaration, variable_declaration, variable_declarator, arrow_function, function_expression,
  export_statement, import_statement, import_clause, named_imports, import_specifier, namespace_import,
  call_expression, new_expression, member_expression, identifier, formal_parameters, assignment_pattern,
  rest_pattern, required_parameter, optional_parameter, interface_declaration, enum_declaration,
  type_alias_declaration, module, ambient_declaration, statement_block, expression_statement, string,
  if_statement, for_statement, for_in_statement, while_statement, do_statement, try_statement,
  switch_statement, ternary_expression, jsx_element, error
};

struct Grammar {
  NodeKinds<K> kind;
  TSFieldId name, body, parameters, return_type, value, declaration, source, function, property, constructor,
      left, pattern, alias;
  explicit Grammar(const TSLanguage* l)
      : kind(l, {{"function_declaration", K::function_declaration},
                 {"generator_function_declaration", K::generator_function_declaration},
                 {"function_signature", K::function_declaration},
                 {"class_declaration", K::class_declaration},
                 {"abstract_class_declaration", K::class_declaration}, {"class", K::class_},
                 {"class_heritage", K::class_heritage}, {"extends_clause", K::extends_clause},
                 {"implements_clause", K::implements_clause}, {"class_body", K::class_body},
                 {"interface_body", K::class_body}, {"method_definition", K::method_definition},
                 {"method_signature", K::method_signature}, {"abstract_method_signature", K::method_signature},
                 {"field_definition", K::field_definition}, {"public_field_definition", K::field_definition},
                 {"property_signature", K::field_definition},
                 {"lexical_declaration", K::lexical_declaration},
                 {"variable_declaration", K::variable_declaration},
                 {"variable_declarator", K::variable_declarator}, {"arrow_function", K::arrow_function},
                 {"function_expression", K::function_expression}, {"function", K::function_expression},
                 {"generator_function", K::function_expression}, {"export_statement", K::export_statement},
                 {"import_statement", K::import_statement}, {"import_clause", K::import_clause},
                 {"named_imports", K::named_imports}, {"import_specifier", K::import_specifier},
                 {"namespace_import", K::namespace_import}, {"call_expression", K::call_expression},
                 {"new_expression", K::new_expression}, {"member_expression", K::member_expression},
                 {"identifier", K::identifier}, {"formal_parameters", K::formal_parameters},
                 {"assignment_pattern", K::assignment_pattern}, {"rest_pattern", K::rest_pattern},
                 {"required_parameter", K::required_parameter}, {"optional_parameter", K::optional_parameter},
                 {"interface_declaration", K::interface_declaration}, {"enum_declaration", K::enum_declaration},
                 {"type_alias_declaration", K::type_alias_declaration}, {"internal_module", K::module},
                 {"module", K::module}, {"ambient_declaration", K::ambient_declaration},
                 {"statement_block", K::statement_block}, {"expression_statement", K::expression_statement},
                 {"string", K::string}, {"if_statement", K::if_statement}, {"for_statement", K::for_statement},
                 {"for_in_statement", K::for_in_statement}, {"while_statement", K::while_statement},
                 {"do_statement", K::do_statement}, {"try_statement", K::try_statement},
                 {"switch_statement", K::switch_statement}, {"ternary_expression", K::ternary_expression},
                 {"jsx_opening_element", K::jsx_element}, {"jsx_self_closing_element", K::jsx_element},
                 {"ERROR", K::error}}),
        name(field_id(l, "name")), body(field_id(l, "body")), parameters(field_id(l, "parameters")),
        return_type(field_id(l, "return_type")), value(field_id(l, "value")),
        declaration(field_id(l, "declaration")), source(field_id(l, "source")), function(field_id(l, "function")),
        property(field_id(l, "property")), constructor(field_id(l, "constructor")), left(field_id(l, "left")),
        pattern(field_id(l, "pattern")), alias(field_id(l, "alias")) {}
};

const Grammar& grammar_tables(Language lang) {
  static const Grammar js(grammar(Language::javascript).language);
  static const Grammar ts(grammar(Language::typescript).language);
  static const Grammar tsx(grammar(Language::tsx).language);
  return lang == Language::typescript ? ts : lang == Language::tsx ? tsx : js;
}


bool has_token(TSNode n, std::string_view word) {
  uint32_t count = ts_node_child_count(n);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode c = ts_node_child(n, i);
    if (ts_node_is_named(c)) {
      // Modifiers come before the name; stop at the first named part that is not one.
      std::string_view type = type_of(c);
      if (type != "accessibility_modifier" && type != "override_modifier" && type != "decorator") return false;
      continue;
    }
    if (type_of(c) == word) return true;
  }
  return false;
}

std::string unquote(std::string_view s) {
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'' || s.front() == '`')) s = s.substr(1, s.size() - 2);
  return std::string(s);
}

// A parameter pattern's name: destructuring shows as {…} or […].
std::string pattern_name(TSNode n, std::string_view src) {
  std::string_view type = type_of(n);
  if (type == "object_pattern") return "{…}";
  if (type == "array_pattern") return "[…]";
  return std::string(text(n, src));
}

struct BodyRules {
  const Grammar& g;
  std::string_view src;
  std::vector<CallSite>& calls;
  // The function's parameter names: `render(item)` with `render` a
  // parameter calls what the caller passed, not a symbol of that name.
  const std::vector<std::string_view>* locals = nullptr;

  bool is_conditional(TSNode n) const {
    switch (g.kind(n)) {
      case K::if_statement: case K::for_statement: case K::for_in_statement: case K::while_statement:
      case K::do_statement: case K::try_statement: case K::switch_statement: case K::ternary_expression:
        return true;
      default: return false;
    }
  }
  std::string_view callee(TSNode target) const {
    K k = g.kind(target);
    if (k == K::identifier) return text(target, src);
    if (k == K::member_expression) return text(field(target, g.property), src);
    return {};
  }
  // <Counter /> renders the component Counter: a call of it. <div> is an
  // element of the page (lower case), not a symbol.
  std::string_view component(TSNode target) const {
    std::string_view name = callee(target);
    return !name.empty() && std::isupper(static_cast<unsigned char>(name.front())) ? name : std::string_view();
  }
  void visit(TSNode n, bool conditional) {
    K k = g.kind(n);
    std::string_view name;
    TSNode target{};
    if (k == K::call_expression) name = callee(target = field(n, g.function));
    else if (k == K::new_expression) name = callee(target = field(n, g.constructor));
    else if (k == K::jsx_element) name = component(target = field(n, g.name));
    if (!name.empty() && locals && g.kind(target) == K::identifier &&
        std::find(locals->begin(), locals->end(), name) != locals->end())
      return;
    if (!name.empty() && name != "require")
      calls.push_back({std::string(name), ts_node_start_point(n).row, conditional});
  }
};

class ScriptExtractor {
 public:
  ScriptExtractor(Language lang, std::string_view src, FileSymbols& out)
      : g_(grammar_tables(lang)), src_(src), out_(out) {}

  void program(TSNode root) { statements(root); }

 private:
  void statements(TSNode parent) {
    for (TSNode n : NamedChildren(parent)) statement(n);
  }

  void statement(TSNode n) {
    switch (g_.kind(n)) {
      case K::function_declaration: case K::generator_function_declaration:
        out_.symbols.push_back(function(n, text(field(n, g_.name), src_), SymbolKind::function, n));
        break;
      case K::class_declaration: case K::interface_declaration: case K::enum_declaration:
        out_.symbols.push_back(class_def(n, text(field(n, g_.name), src_)));
        break;
      case K::type_alias_declaration: out_.symbols.push_back(variable(n, text(field(n, g_.name), src_))); break;
      case K::lexical_declaration: case K::variable_declaration: declarators(n); break;
      case K::export_statement: export_statement(n); break;
      case K::import_statement: import(n); break;
      case K::module: statements(field(n, g_.body)); break;
      case K::ambient_declaration: case K::statement_block: case K::error: statements(n); break;
      case K::expression_statement: expression_statement(n); break;
      default: calls_in(n, out_.file_calls); break;
    }
  }

  void export_statement(TSNode n) {
    // export { a } from './x' and export * from './x' import that module.
    if (TSNode source = field(n, g_.source); !ts_node_is_null(source)) {
      Import imp;
      imp.module = unquote(text(source, src_));
      imp.line = ts_node_start_point(n).row;
      out_.imports.push_back(std::move(imp));
      return;
    }
    TSNode decl = field(n, g_.declaration);
    if (!ts_node_is_null(decl)) return statement(decl);
    TSNode value = field(n, g_.value);  // export default <expression>
    K k = g_.kind(value);
    if (k == K::class_) out_.symbols.push_back(class_def(value, "default"));
    else if (k == K::arrow_function || k == K::function_expression) {
      std::string_view name = text(field(value, g_.name), src_);
      out_.symbols.push_back(function(value, name.empty() ? "default" : name, SymbolKind::function, value));
    } else if (!ts_node_is_null(value)) calls_in(value, out_.file_calls);
  }

  void expression_statement(TSNode n) {
    // module.exports = ... and other module code: its calls count.
    calls_in(n, out_.file_calls);
  }

  void declarators(TSNode decl) {
    for (TSNode d : NamedChildren(decl)) {
      if (g_.kind(d) != K::variable_declarator) continue;
      TSNode name = field(d, g_.name), value = field(d, g_.value);
      std::string_view id = text(name, src_);
      K vk = g_.kind(value);
      if (g_.kind(name) != K::identifier) {  // const {a, b} = ...
        if (vk != K::call_expression || !require_import(value, text(name, src_))) calls_in(d, out_.file_calls);
        continue;
      }
      if (vk == K::arrow_function || vk == K::function_expression) {
        out_.symbols.push_back(function(value, id, SymbolKind::function, decl));
      } else if (vk == K::class_) {
        out_.symbols.push_back(class_def(value, id));
      } else if (vk == K::call_expression && require_import(value, id)) {
        continue;
      } else {
        out_.symbols.push_back(variable(decl, id));
        if (!ts_node_is_null(value)) calls_in(value, out_.file_calls);
      }
    }
  }

  // const x = require('./x'): an import, like `import x from './x'`
  // (`name` is the binding as written, a destructuring pattern too).
  bool require_import(TSNode call, std::string_view name) {
    if (text(field(call, g_.function), src_) != "require") return false;
    TSNode args = named_child(call, 1);
    TSNode first = named_child(args, 0);
    if (g_.kind(first) != K::string) return false;
    Import imp;
    imp.module = unquote(text(first, src_));
    imp.names.emplace_back(name);
    imp.line = ts_node_start_point(call).row;
    out_.imports.push_back(std::move(imp));
    return true;
  }

  Symbol variable(TSNode n, std::string_view name) {
    Symbol v;
    v.name = name;
    v.kind = SymbolKind::variable;
    v.range = range_of(n);
    return v;
  }

  // `fn` holds the parameters and body; `whole` is the range shown (the
  // declaration, for const f = () => ...).
  Symbol function(TSNode fn, std::string_view name, SymbolKind kind, TSNode whole) {
    Symbol s;
    s.name = name;
    s.kind = kind;
    s.range = range_of(whole);
    s.is_async = has_token(fn, "async");
    TSNode params = field(fn, g_.parameters);
    if (ts_node_is_null(params)) {  // x => x + 1
      TSNode single = ts_node_child_by_field_name(fn, "parameter", 9);
      if (!ts_node_is_null(single)) s.parameters.push_back({std::string(text(single, src_))});
    }
    parameters(params, s.parameters);
    TSNode ret = field(fn, g_.return_type);
    if (!ts_node_is_null(ret)) {
      std::string_view t = text(ret, src_);
      while (!t.empty() && (t.front() == ':' || t.front() == ' ')) t.remove_prefix(1);
      s.return_type = collapse_whitespace(t);
    }
    std::vector<std::string_view> bound;
    bound_names(ts_node_is_null(params) ? ts_node_child_by_field_name(fn, "parameter", 9) : params, bound);
    BodyRules rules{g_, src_, s.call_sites, &bound};
    walk(field(fn, g_.body), rules);
    return s;
  }

  // Every name a parameter list binds, destructured ones included.
  void bound_names(TSNode n, std::vector<std::string_view>& out) const {
    if (ts_node_is_null(n)) return;
    const std::string_view type = ts_node_type(n);
    if (type == "identifier" || type == "shorthand_property_identifier_pattern") out.push_back(text(n, src_));
    for (TSNode child : NamedChildren(n)) bound_names(child, out);
  }

  void parameters(TSNode list, std::vector<Parameter>& out) {
    for (TSNode p : NamedChildren(list)) {
      Parameter param;
      K k = g_.kind(p);
      TSNode target = p;
      if (k == K::required_parameter || k == K::optional_parameter) {
        target = field(p, g_.pattern);
        param.has_default = k == K::optional_parameter || !ts_node_is_null(field(p, g_.value));
      } else if (k == K::assignment_pattern) {
        target = field(p, g_.left);
        param.has_default = true;
      }
      std::string_view type = type_of(target);
      if (type == "this") continue;  // TypeScript's `this: T` names no argument
      if (g_.kind(target) == K::rest_pattern) {
        param.is_vararg = true;
        target = named_child(target, 0);
      }
      if (ts_node_is_null(target) || type_of(p) == "comment") continue;
      param.name = pattern_name(target, src_);
      out.push_back(std::move(param));
    }
  }

  Symbol class_def(TSNode n, std::string_view name) {
    Symbol s;
    s.name = name;
    s.kind = SymbolKind::class_;
    s.range = range_of(n);
    for (TSNode part : NamedChildren(n)) {
      K k = g_.kind(part);
      if (k == K::class_heritage) heritage(part, s.bases);
      else if (type_of(part) == "extends_type_clause") heritage(part, s.bases);
    }
    TSNode body = field(n, g_.body);
    for (TSNode m : NamedChildren(body)) member(m, s);
    return s;
  }

  void heritage(TSNode n, std::vector<std::string>& bases) {
    for (TSNode part : NamedChildren(n)) {
      K k = g_.kind(part);
      if (k == K::extends_clause || k == K::implements_clause) {
        heritage(part, bases);
        continue;
      }
      std::string_view type = type_of(part);
      if (type == "type_arguments" || type == "comment") continue;
      // "implements Repo<{ id: string }>" names Repo, as "extends Base<T>" names Base.
      if (type == "generic_type") part = named_child(part, 0);
      bases.push_back(collapse_whitespace(text(part, src_)));
    }
  }

  void member(TSNode m, Symbol& cls) {
    K k = g_.kind(m);
    if (k == K::method_definition || k == K::method_signature) {
      bool getter = has_token(m, "get");
      if (has_token(m, "set")) {  // the setter of a getter already listed
        std::string_view name = text(field(m, g_.name), src_);
        for (const Symbol& c : cls.children)
          if (c.name == name) return;
      }
      cls.children.push_back(
          function(m, text(field(m, g_.name), src_), getter ? SymbolKind::property : SymbolKind::method, m));
    } else if (k == K::field_definition) {
      TSNode name = field(m, g_.name);
      if (ts_node_is_null(name)) name = field(m, g_.property);
      TSNode value = field(m, g_.value);
      K vk = g_.kind(value);
      if (vk == K::arrow_function || vk == K::function_expression) {
        cls.children.push_back(function(value, text(name, src_), SymbolKind::method, m));
      } else {
        cls.children.push_back(variable(m, text(name, src_)));
        if (!ts_node_is_null(value)) calls_in(value, cls.call_sites);
      }
    } else if (std::string_view type = type_of(m); type == "enum_assignment") {
      cls.children.push_back(variable(m, text(field(m, g_.name), src_)));
    } else if (type == "property_identifier") {
      cls.children.push_back(variable(m, text(m, src_)));
    }
  }

  void import(TSNode n) {
    Import imp;
    imp.module = unquote(text(field(n, g_.source), src_));
    imp.line = ts_node_start_point(n).row;
    for (TSNode part : NamedChildren(n)) {
      if (g_.kind(part) != K::import_clause) continue;
      for (TSNode c : NamedChildren(part)) {
        K k = g_.kind(c);
        if (k == K::identifier) imp.names.emplace_back(text(c, src_));
        else if (k == K::namespace_import) imp.alias = text(named_child(c, 0), src_);
        else if (k == K::named_imports)
          for (TSNode spec : NamedChildren(c))
            if (g_.kind(spec) == K::import_specifier) imp.names.push_back(unquote(text(field(spec, g_.name), src_)));
      }
    }
    out_.imports.push_back(std::move(imp));
  }

  void calls_in(TSNode n, std::vector<CallSite>& into) {
    BodyRules rules{g_, src_, into};
    walk(n, rules);
  }

  const Grammar& g_;
  std::string_view src_;
  FileSymbols& out_;
};

}  // namespace

void extract_script(Language lang, TSNode root, std::string_view source, FileSymbols& out) {
  ScriptExtractor(lang, source, out).program(root);
}

}  // namespace acdc::symbols
