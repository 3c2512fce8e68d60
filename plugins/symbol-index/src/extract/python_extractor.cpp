// Python (tree-sitter-python 0.23): classes with bases, functions and
// methods (async, parameters with defaults and splats, return annotations),
// @property methods, module and class variables, self.x instance variables,
// imports with relative levels, and call sites.
#include "extract/extractors.hpp"
#include "extract/walk.hpp"
#include "lang/syntax.hpp"

#include <algorithm>

namespace acdc::symbols {
namespace {

enum class K : std::uint8_t {
  other, function_definition, class_definition, decorated_definition, decorator, import_statement,
  import_from_statement, aliased_import, dotted_name, relative_import, import_prefix, wildcard_import,
  expression_statement, assignment, identifier, attribute, call, parameters, lambda_parameters,
  typed_parameter, default_parameter, typed_default_parameter, list_splat_pattern, dictionary_splat_pattern,
  block, if_statement, for_statement, while_statement, try_statement, with_statement, match_statement,
  conditional_expression, else_clause, elif_clause, except_clause, finally_clause, error
};

struct Grammar {
  NodeKinds<K> kind;
  TSFieldId name, body, parameters, return_type, superclasses, definition, module_name, alias, left,
      function, attribute, object, value;
  explicit Grammar(const TSLanguage* l)
      : kind(l, {{"function_definition", K::function_definition}, {"class_definition", K::class_definition},
                 {"decorated_definition", K::decorated_definition}, {"decorator", K::decorator},
                 {"import_statement", K::import_statement}, {"import_from_statement", K::import_from_statement},
                 {"aliased_import", K::aliased_import}, {"dotted_name", K::dotted_name},
                 {"relative_import", K::relative_import}, {"import_prefix", K::import_prefix},
                 {"wildcard_import", K::wildcard_import}, {"expression_statement", K::expression_statement},
                 {"assignment", K::assignment}, {"identifier", K::identifier}, {"attribute", K::attribute},
                 {"call", K::call}, {"parameters", K::parameters}, {"lambda_parameters", K::lambda_parameters},
                 {"typed_parameter", K::typed_parameter}, {"default_parameter", K::default_parameter},
                 {"typed_default_parameter", K::typed_default_parameter},
                 {"list_splat_pattern", K::list_splat_pattern},
                 {"dictionary_splat_pattern", K::dictionary_splat_pattern}, {"block", K::block},
                 {"if_statement", K::if_statement}, {"for_statement", K::for_statement},
                 {"while_statement", K::while_statement}, {"try_statement", K::try_statement},
                 {"with_statement", K::with_statement}, {"match_statement", K::match_statement},
                 {"conditional_expression", K::conditional_expression}, {"else_clause", K::else_clause},
                 {"elif_clause", K::elif_clause}, {"except_clause", K::except_clause},
                 {"finally_clause", K::finally_clause}, {"ERROR", K::error}}),
        name(field_id(l, "name")), body(field_id(l, "body")), parameters(field_id(l, "parameters")),
        return_type(field_id(l, "return_type")), superclasses(field_id(l, "superclasses")),
        definition(field_id(l, "definition")), module_name(field_id(l, "module_name")),
        alias(field_id(l, "alias")), left(field_id(l, "left")), function(field_id(l, "function")),
        attribute(field_id(l, "attribute")), object(field_id(l, "object")), value(field_id(l, "value")) {}
};

const Grammar& grammar_tables() {
  static const Grammar g(grammar(Language::python).language);
  return g;
}


bool first_token_is(TSNode n, std::string_view word) {
  return ts_node_child_count(n) > 0 && type_of(ts_node_child(n, 0)) == word;
}

void add_unique(std::vector<std::string>& list, std::string_view name) {
  if (std::find(list.begin(), list.end(), name) == list.end()) list.emplace_back(name);
}

// Call sites (and, inside methods, self.x assignments) of one subtree.
struct BodyRules {
  const Grammar& g;
  std::string_view src;
  std::vector<CallSite>& calls;
  std::vector<std::string>* instance_vars;  // null outside methods

  bool is_conditional(TSNode n) const {
    switch (g.kind(n)) {
      case K::if_statement: case K::for_statement: case K::while_statement: case K::try_statement:
      case K::match_statement: case K::conditional_expression: return true;
      default: return false;
    }
  }
  void visit(TSNode n, bool conditional) {
    K k = g.kind(n);
    if (k == K::call) {
      TSNode fn = field(n, g.function);
      std::string_view name;
      if (g.kind(fn) == K::identifier) name = text(fn, src);
      // super().f() is the base class's f, not this class's own f.
      else if (g.kind(fn) == K::attribute && !text(field(fn, g.object), src).starts_with("super("))
        name = text(field(fn, g.attribute), src);
      if (!name.empty()) calls.push_back({std::string(name), ts_node_start_point(n).row, conditional});
    } else if (k == K::assignment && instance_vars) {
      TSNode left = field(n, g.left);
      if (g.kind(left) == K::attribute && text(field(left, g.object), src) == "self")
        add_unique(*instance_vars, text(field(left, g.attribute), src));
    }
  }
};

class PythonExtractor {
 public:
  PythonExtractor(std::string_view src, FileSymbols& out) : g_(grammar_tables()), src_(src), out_(out) {}

  void module(TSNode root) { statements(root, nullptr); }

 private:
  // The statements of a module or class body. `cls` is the class whose body
  // this is, or null at module level.
  void statements(TSNode parent, Symbol* cls) {
    for (TSNode n : NamedChildren(parent)) statement(n, cls);
  }

  void statement(TSNode n, Symbol* cls) {
    std::vector<Symbol>& into = cls ? cls->children : out_.symbols;
    switch (g_.kind(n)) {
      case K::function_definition: into.push_back(function(n, cls != nullptr, false)); break;
      case K::class_definition: into.push_back(class_def(n)); break;
      case K::decorated_definition: decorated(n, cls, into); break;
      case K::import_statement: case K::import_from_statement: import(n); break;
      case K::expression_statement: expression_statement(n, cls, into); break;
      // Definitions and imports under if/try/with at module or class level
      // (try: import x / except ImportError:) are still the module's.
      case K::if_statement: case K::try_statement: case K::with_statement: case K::else_clause:
      case K::elif_clause: case K::except_clause: case K::finally_clause: case K::block:
      case K::error: compound(n, cls); break;
      default: calls_in(n, cls); break;
    }
  }

  void compound(TSNode n, Symbol* cls) {
    for (TSNode child : NamedChildren(n)) {
      K k = g_.kind(child);
      if (k == K::block || k == K::else_clause || k == K::elif_clause || k == K::except_clause ||
          k == K::finally_clause || k == K::error || k == K::function_definition || k == K::class_definition ||
          k == K::decorated_definition || k == K::import_statement || k == K::import_from_statement ||
          k == K::expression_statement || k == K::if_statement || k == K::try_statement)
        statement(child, cls);
      else
        calls_in(child, cls);
    }
  }

  // Calls at module or class level belong to no function.
  void calls_in(TSNode n, Symbol* cls) {
    BodyRules rules{g_, src_, cls ? cls->call_sites : out_.file_calls, nullptr};
    walk(n, rules);
  }

  void decorated(TSNode n, Symbol* cls, std::vector<Symbol>& into) {
    TSNode def = field(n, g_.definition);
    bool is_property = false;
    for (TSNode d : NamedChildren(n))
      if (g_.kind(d) == K::decorator) {
        std::string_view t = text(d, src_);
        if (t == "@property" || t == "@functools.cached_property" || t == "@cached_property") is_property = true;
        // @x.setter / @x.deleter redefine property x: one line is enough.
        if (t.size() > 7 && (t.ends_with(".setter") || t.ends_with(".deleter"))) return;
      }
    if (g_.kind(def) == K::class_definition) into.push_back(class_def(def));
    else if (g_.kind(def) == K::function_definition) into.push_back(function(def, cls != nullptr, is_property));
  }

  Symbol function(TSNode n, bool is_method, bool is_property) {
    Symbol s;
    s.name = text(field(n, g_.name), src_);
    s.kind = is_property ? SymbolKind::property : is_method ? SymbolKind::method : SymbolKind::function;
    s.range = range_of(n);
    s.is_async = first_token_is(n, "async");
    parameters(field(n, g_.parameters), is_method, s.parameters);
    TSNode ret = field(n, g_.return_type);
    if (!ts_node_is_null(ret)) s.return_type = collapse_whitespace(text(ret, src_));
    BodyRules rules{g_, src_, s.call_sites, is_method ? &method_instance_vars_ : nullptr};
    walk(field(n, g_.body), rules);
    return s;
  }

  void parameters(TSNode list, bool is_method, std::vector<Parameter>& out) {
    bool first = true;
    for (TSNode p : NamedChildren(list)) {
      Parameter param;
      switch (g_.kind(p)) {
        case K::identifier: param.name = text(p, src_); break;
        case K::typed_parameter: {
          TSNode inner = named_child(p, 0);
          splat_or_name(inner, param);
          break;
        }
        case K::default_parameter: case K::typed_default_parameter:
          param.name = text(field(p, g_.name), src_);
          param.has_default = true;
          break;
        case K::list_splat_pattern: case K::dictionary_splat_pattern: splat_or_name(p, param); break;
        default: continue;  // the bare * and / separators
      }
      bool receiver = first && is_method && (param.name == "self" || param.name == "cls");
      first = false;
      if (!receiver) out.push_back(std::move(param));
    }
  }

  void splat_or_name(TSNode n, Parameter& param) {
    K k = g_.kind(n);
    if (k == K::list_splat_pattern || k == K::dictionary_splat_pattern) {
      param.name = text(named_child(n, 0), src_);
      (k == K::list_splat_pattern ? param.is_vararg : param.is_kwarg) = true;
    } else {
      param.name = text(n, src_);
    }
  }

  Symbol class_def(TSNode n) {
    Symbol s;
    s.name = text(field(n, g_.name), src_);
    s.kind = SymbolKind::class_;
    s.range = range_of(n);
    TSNode bases = field(n, g_.superclasses);
    for (TSNode b : NamedChildren(bases)) {
      std::string_view type = type_of(b);
      if (type != "keyword_argument" && type != "comment") s.bases.push_back(collapse_whitespace(text(b, src_)));
    }
    std::vector<std::string> saved = std::move(method_instance_vars_);
    method_instance_vars_.clear();
    statements(field(n, g_.body), &s);
    s.instance_vars = std::move(method_instance_vars_);
    method_instance_vars_ = std::move(saved);
    return s;
  }

  void expression_statement(TSNode n, Symbol* cls, std::vector<Symbol>& into) {
    TSNode inner = named_child(n, 0);
    if (g_.kind(inner) == K::assignment) {
      TSNode left = field(inner, g_.left);
      if (g_.kind(left) == K::identifier) {
        Symbol v;
        v.name = text(left, src_);
        v.kind = SymbolKind::variable;
        v.range = range_of(n);
        bool seen = std::any_of(into.begin(), into.end(), [&](const Symbol& s) {
          return s.kind == SymbolKind::variable && s.name == v.name;
        });
        if (!seen) into.push_back(std::move(v));
      }
    }
    calls_in(n, cls);
  }

  void import(TSNode n) {
    std::uint32_t line = ts_node_start_point(n).row;
    if (g_.kind(n) == K::import_statement) {
      for (TSNode name : NamedChildren(n)) {
        Import imp;
        imp.line = line;
        if (g_.kind(name) == K::aliased_import) {
          imp.module = text(field(name, g_.name), src_);
          imp.alias = text(field(name, g_.alias), src_);
        } else {
          imp.module = text(name, src_);
        }
        out_.imports.push_back(std::move(imp));
      }
      return;
    }
    Import imp;
    imp.line = line;
    TSNode module = field(n, g_.module_name);
    if (g_.kind(module) == K::relative_import) {
      for (TSNode part : NamedChildren(module)) {
        if (g_.kind(part) == K::import_prefix) imp.level = static_cast<int>(text(part, src_).size());
        else imp.module = text(part, src_);
      }
    } else {
      imp.module = text(module, src_);
    }
    for (TSNode name : NamedChildren(n)) {
      if (ts_node_eq(name, module)) continue;
      if (g_.kind(name) == K::aliased_import) imp.names.emplace_back(text(field(name, g_.name), src_));
      else if (g_.kind(name) == K::dotted_name) imp.names.emplace_back(text(name, src_));
      else if (g_.kind(name) == K::wildcard_import) imp.names.emplace_back("*");
    }
    out_.imports.push_back(std::move(imp));
  }

  const Grammar& g_;
  std::string_view src_;
  FileSymbols& out_;
  std::vector<std::string> method_instance_vars_;  // of the class being read
};

}  // namespace

void extract_python(TSNode root, std::string_view source, FileSymbols& out) {
  PythonExtractor(source, out).module(root);
}

}  // namespace acdc::symbols
