// Extraction and the compact map (acdc-features.md §7.1, §7.2): each
// fixture project of tests/fixtures/symbols is indexed and its whole map
// compared with the expected one written next to it (<language>.map). The
// focused cases below say what a difference would break.
#include "symbol_test_support.hpp"

#include <catch2/catch.hpp>

using namespace acdc::symbols;
using namespace acdc::symbols::test;

namespace {

std::string map_of(const std::string& project) { return index_tree(fixture(project))->map_text(); }

bool has_line(const std::string& map, const std::string& line) {
  return ("\n" + map + "\n").find("\n" + line + "\n") != std::string::npos;
}

}  // namespace

TEST_CASE("each language's project renders exactly its expected map", "[extract]") {
  for (const char* project : {"python", "javascript", "typescript", "c", "cpp"}) {
    INFO("project " << project << " (tests/fixtures/symbols/" << project << ".map)");
    CHECK(map_of(project) == acdc::test::read_file(fixture(std::string(project) + ".map")));
  }
}

TEST_CASE("python: signatures, properties, nesting, instance variables, relative imports", "[extract]") {
  std::string map = map_of("python");
  CHECK(has_line(map, "  m __init__(owner,discount?)"));           // self dropped, keyword-only default
  CHECK(has_line(map, "  p total()->float →price_of,apply_tax"));  // @property; its setter not listed twice
  CHECK(has_line(map, "  am checkout(gateway,retries?)->bool"));   // async method
  CHECK(has_line(map, "f price_of(item,*modifiers,**options)->float ←2"));
  CHECK(has_line(map, "  c Line ←1"));                             // a nested class
  CHECK(has_line(map, "  v owner"));                               // self.owner = ...
  CHECK(has_line(map, "i→ shop/pricing.py"));                      // from ..pricing import
  CHECK(has_line(map, "i logging,dataclasses"));                   // external modules, once each
}

TEST_CASE("javascript and typescript: classes, getters, arrows, interfaces, enums, imports", "[extract]") {
  std::string js = map_of("javascript");
  CHECK(has_line(js, "c Store(EventTarget) ←2"));
  CHECK(has_line(js, "  p total()"));
  CHECK(has_line(js, "  m add(item)"));                        // a field holding an arrow function
  CHECK(has_line(js, "af boot(root,*plugins) ←1 →load,shout,formatPrice"));
  CHECK(has_line(js, "i→ src/store.js,src/util/index.js"));    // ./util resolves to util/index.js
  CHECK(has_line(js, "i fs/promises"));                        // const { readFile } = require(...)
  std::string ts = map_of("typescript");
  CHECK(has_line(ts, "c User(Entity,Named) ←1"));              // extends and implements
  CHECK(has_line(ts, "  m constructor(id,name,role?)"));
  CHECK(has_line(ts, "af fetchUser(id,timeoutMs?)->Promise<User> ←1 →User"));
  CHECK(has_line(ts, "c Role"));                               // an enum
  CHECK(has_line(ts, "f Badge({…})->JSX.Element ←1 →greet"));  // .tsx, a destructured parameter
}

TEST_CASE("c and c++: typedef structs, prototypes, variadics, namespaces, out-of-line methods", "[extract]") {
  std::string c = map_of("c");
  CHECK(has_line(c, "c node_t"));                                   // named by its typedef
  CHECK(has_line(c, "f log_message(format,...) ←1"));
  CHECK(has_line(c, "f list_new()->list_t* ←1"));                   // f(void) has no parameter
  CHECK(has_line(c, "include/list.h: ←6"));                         // included by two files, called from them
  std::string cpp = map_of("cpp");
  CHECK(has_line(cpp, "c Circle(Shape)"));
  CHECK(has_line(cpp, "  m Circle(radius,center?)"));
  CHECK(has_line(cpp, "  m add(item,*rest)"));                      // a parameter pack
  CHECK(has_line(cpp, "f largest(shapes)->const Shape* ←1"));       // a trailing return type
  CHECK(has_line(cpp, "m Circle::area()->double ←3"));              // defined out of line
  CHECK(has_line(cpp, "i→ include/geo/shape.hpp"));                 // "geo/shape.hpp" found in the tree
}

TEST_CASE("syntax errors and macros keep what the partial tree holds", "[extract]") {
  std::string map = map_of("broken");
  CHECK(map == acdc::test::read_file(fixture("broken.map")));
  // Python: everything after the unclosed parenthesis is one ERROR node in
  // the tree; the definitions in it are read piece by piece.
  CHECK(has_line(map, "c StillFound"));
  CHECK(has_line(map, "f fine_after(*args) ←1"));
  CHECK(has_line(map, "  m method(y) ←1 →fine_before"));
  // C: macros the grammar cannot expand do not lose the functions around them.
  CHECK(has_line(map, "f survivor(a,b)->int →helper"));
  // TypeScript: the class after a broken function is still there.
  CHECK(has_line(map, "  m run()->void →ok"));
}

TEST_CASE("the map is byte-stable: the same tree gives the same bytes, however it is indexed", "[extract]") {
  std::string two_threads = index_tree(fixture("cpp"))->map_text();
  std::string one_thread = index_tree(fixture("cpp"), {.threads = 1})->map_text();
  CHECK(two_threads == one_thread);
  CHECK(index_tree(fixture("cpp"))->map_text() == two_threads);
}

TEST_CASE("a file in full context leaves the map", "[extract]") {
  auto index = index_tree(fixture("python"));
  std::string map = index->map_text({"shop/cart.py"});
  CHECK(map.find("shop/cart.py:") == std::string::npos);
  CHECK(map.find("shop/pricing.py: ←5") != std::string::npos);  // its counts still include cart.py's calls
}

TEST_CASE("the LSP variant numbers each symbol's line", "[extract]") {
  auto index = index_tree(fixture("python"));
  std::string block = index->block("shop/pricing.py", true);
  CHECK(block == "shop/pricing.py: ←5\nv PRICES:1\nf price_of:4(item,*modifiers,**options)->float ←2\n"
                 "f apply_tax:11(amount,rate?) ←1");
  CHECK(index->legend(true).find("# :N=line(s) ->T=returns ?=optional\n") != std::string::npos);
}

// Hand-written: each block below is what the map should say of a file of
// hard cases (tests/fixtures/symbols/hard/<language>/), written from the
// source, not from the extractor's output. The golden .map files above are
// change detectors; these say what is right.
TEST_CASE("python's hard cases: decorators, keyword-only and positional-only parameters, nesting, lambdas, super()", "[extract]") {
  CHECK(index_tree(fixture("hard/python"))->block("hard.py", false) ==
        "hard.py:\n"
        "i os.path,typing,collections\n"   // an aliased import; one under `if TYPE_CHECKING:`
        "f decorator(fn)\n"
        "c Outer\n"
        "  v LIMIT\n"
        "  m make(size?,**kw) ←1\n"          // @staticmethod under another decorator; keyword-only default
        "  am build(a,b?)\n"                 // @classmethod async: cls and the / marker dropped
        "  c Inner(dict)\n"
        "    m get(key,default?)\n"          // super().get is dict's, not a call of itself
        "v square\n"                         // a lambda held in a name
        "af main(argv?)->int →make");        // the local function inner() of make is not a symbol
}

TEST_CASE("typescript's hard cases: generics, overloads, abstract and static members, namespaces, private fields", "[extract]") {
  CHECK(index_tree(fixture("hard/typescript"))->block("hard.ts", false) ==
        "hard.ts:\n"
        "c Repo\n"                           // an interface with a constrained type parameter
        "  m find(id)->Promise<T | undefined>\n"
        "  v size\n"
        "v Handler\n"                        // a function type alias
        "c Base\n"
        "  m constructor(name)\n"            // a parameter property
        "  m run(input)->Promise<void>\n"    // abstract
        "  m create()->Base<string> | null\n"
        "f parse(text)->number ←1\n"         // two overload signatures, then the implementation
        "f parse(text,radix)->number ←1\n"
        "f parse(text,radix?)->number ←1\n"
        "v origin\n"                         // a namespace's members
        "f distance(a,b)->number\n"
        "c Service(Base,Repo)\n"             // extends Base<string>, implements Repo<{...}>: the names
        "  v size\n"
        "  v #secret\n"
        "  m constructor()\n"
        "  am run(input)->Promise<void> →parse\n"
        "  am find(id)\n"
        "  p label()->string\n"
        "  m ids()->Generator<number>\n"     // a generator method
        "c Mode\n"                           // a const enum
        "  v Fast\n"
        "  v Slow");
}

TEST_CASE("tsx's hard cases: a generic arrow component, function and class components, JSX in bodies", "[extract]") {
  CHECK(index_tree(fixture("hard/tsx"))->block("hard.tsx", false) ==
        "hard.tsx:\n"
        "i react\n"
        "v Props\n"                          // a generic type alias
        "f List({…}) ←1\n"                   // `<T,>(...) =>`; its render(i) calls a prop, not Panel.render
        "f Counter({…}) ←1\n"                // rendered by Panel as <Counter />
        "c Panel(React.Component)\n"
        "  v state\n"
        "  m toggle()\n"                     // an arrow function held in a field
        "  m render() →Counter\n"            // <section>, <h2> are the page's elements, not symbols
        "f helper(label)->JSX.Element →List");
}

TEST_CASE("c++'s hard cases: templates, overloads, operators, defaulted members, enum class, out-of-line template members", "[extract]") {
  CHECK(index_tree(fixture("hard/cpp"))->block("hard.cpp", false) ==
        "hard.cpp:\n"
        "i map,string\n"
        "c Ring\n"
        "  m Ring()\n"                       // = default
        "  m Ring(fill)\n"                   // an overload: both constructors are listed
        "  m ~Ring()\n"
        "  m operator[](i)->T&\n"
        "  m operator==(other)->bool\n"
        "  m each(f)\n"                      // a member template
        "  m make()->Ring*\n"
        "  v items_\n"
        "  v head_\n"
        "c Color\n"                          // enum class with a base type
        "c Pod\n"
        "  v a\n"
        "  v b\n"
        "f count(t)->int ←1\n"               // its prototype and its definition are one line
        "m Ring::Ring(fill)\n"               // Ring<T, N>::Ring, named as the class names itself
        "v lambda_holder\n"
        "f main(argc,argv)->int →count");
}

TEST_CASE("javascript's hard cases: default and renamed imports, re-exports, private statics, generators, async arrows", "[extract]") {
  CHECK(index_tree(fixture("hard/javascript"))->block("hard.js", false) ==
        "hard.js:\n"
        "i ./lib.js,./more.js\n"            // neither exists here: named as written
        "f main(config?) ←1\n"              // export default function
        "v api\n"                           // an object literal; its methods are not listed
        "c Queue(Array)\n"
        "  v #count\n"                      // static and private
        "  m constructor(*items)\n"
        "  m drain()\n"                     // a generator method
        "  p count()\n"                     // a static getter
        "af pages(start,{…}?)\n"            // an async generator with a destructured default
        "af tick() →main");                  // an async arrow held in a const
}

TEST_CASE("c's hard cases: function pointer typedefs, static inline, a prototype before its definition, macros", "[extract]") {
  CHECK(index_tree(fixture("hard/c"))->block("hard.c", false) ==
        "hard.c:\n"
        "i stdio.h,local.h\n"
        "c node\n"                          // struct node, with a pointer to itself
        "  v next\n"
        "  v value\n"
        "c color\n"
        "f max_int(a,b)->int ←1\n"          // static inline
        "f apply(cmp,a,b)->int ←1\n"        // prototype and definition: one line
        "v names\n"                         // the SQUARE macro and the compare_fn typedef are not symbols
        "f main()->int →max_int,apply");     // (void): no parameter
}
