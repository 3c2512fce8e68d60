// The reference graph (acdc-features.md §7.3): edges from resolved calls and
// imports, incoming counts, by-name reference counts, bidirectional edges and
// the connected components that seed the cache tiers.
#include "symbol_test_support.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace acdc::symbols;
using namespace acdc::symbols::test;

namespace {

std::set<std::string> paths(const SymbolGraph& g, const std::vector<FileId>& ids) {
  std::set<std::string> out;
  for (FileId id : ids) out.insert(g.node(id).record->path);
  return out;
}

}  // namespace

TEST_CASE("calls and imports make weighted edges between files", "[graph]") {
  auto index = index_tree(fixture("python"));
  index->read([](const SymbolGraph& g) {
    FileId pricing = g.id_of("shop/pricing.py");
    // cart.py imports it (1) and calls price_of and apply_tax (2); fmt.py
    // imports it (1) and calls price_of (1).
    CHECK(g.node(pricing).incoming == 5);
    CHECK(paths(g, g.files_referencing(pricing)) == std::set<std::string>{"shop/cart.py", "shop/util/fmt.py"});
    CHECK(paths(g, g.file_dependencies(g.id_of("app.py"))) ==
          std::set<std::string>{"shop/__init__.py", "shop/cart.py", "shop/util/fmt.py"});
    CHECK(g.references_to("price_of") == 2);
    CHECK(g.references_to("print") == 0);  // a builtin resolves to nothing here
  });
}

TEST_CASE("a name defined in several files resolves through the importer's imports", "[graph]") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / "a.py", "def run():\n    pass\n");
  acdc::test::write_file(dir.path() / "b.py", "def run():\n    pass\n");
  acdc::test::write_file(dir.path() / "main.py", "from b import run\n\nrun()\n");
  acdc::test::write_file(dir.path() / "other.py", "run()\n");  // ambiguous and unimported: unresolved
  auto index = index_tree(dir.path());
  index->read([](const SymbolGraph& g) {
    auto sites = g.reference_sites("run");
    REQUIRE(sites.size() == 1);
    CHECK(g.node(sites[0].first).record->path == "main.py");
    CHECK(g.resolve_name(g.id_of("main.py"), "run") == g.id_of("b.py"));
    CHECK(g.resolve_name(g.id_of("other.py"), "run") == kNoFile);
  });
}

TEST_CASE("calls resolve only within a language family", "[graph]") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / "lib.c", "int parse(void) { return 0; }\n");
  acdc::test::write_file(dir.path() / "app.py", "parse()\n");
  auto index = index_tree(dir.path());
  index->read([](const SymbolGraph& g) { CHECK(g.resolve_name(g.id_of("app.py"), "parse") == kNoFile); });
}

TEST_CASE("files that reference each other form components, the rest stand alone", "[graph]") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / "a.py", "from b import g\n\ndef f():\n    return g()\n");
  acdc::test::write_file(dir.path() / "b.py", "from a import f\n\ndef g():\n    return 1\n\ndef h():\n    return f()\n");
  acdc::test::write_file(dir.path() / "c.py", "from a import f\n\nf()\n");
  auto index = index_tree(dir.path());
  index->read([](const SymbolGraph& g) {
    auto pairs = g.bidirectional_edges();
    REQUIRE(pairs.size() == 1);
    CHECK(paths(g, {pairs[0].first, pairs[0].second}) == std::set<std::string>{"a.py", "b.py"});
    auto components = g.connected_components();
    REQUIRE(components.size() == 2);
    CHECK(paths(g, components[0]) == std::set<std::string>{"a.py", "b.py"});  // largest first
    CHECK(paths(g, components[1]) == std::set<std::string>{"c.py"});
  });
}

TEST_CASE("header and symbol annotations count other files, never zero", "[graph]") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / "solo.py", "def alone():\n    return alone()\n");
  auto index = index_tree(dir.path());
  // A self-call counts for the symbol (a resolved call site) but no file
  // references solo.py from outside.
  CHECK(index->block("solo.py", false) == "solo.py:\nf alone() ←1 →alone");
}
