// Hover, definition, references and completions from the index (1-based
// coordinates, Monaco's shapes), on the fixture projects.
#include "lsp/lsp_queries.hpp"
#include "symbol_test_support.hpp"

#include <catch2/catch.hpp>

using namespace acdc::symbols;
using namespace acdc::symbols::test;

TEST_CASE("word_at finds the name under or just before the cursor", "[lsp]") {
  std::string text = "x = price_of(item)\n  return a.b\n";
  CHECK(word_at(text, 1, 5) == "price_of");
  CHECK(word_at(text, 1, 13) == "price_of");  // just after the name, on the '('
  CHECK(word_at(text, 1, 14) == "item");
  CHECK(word_at(text, 2, 12) == "b");
  CHECK(word_at(text, 2, 1).empty());
  CHECK(word_at(text, 9, 1).empty());
  CHECK(word_at(text, 1, 9, true) == "pric");  // completion: only what is typed
}

TEST_CASE("definition follows a call to the file that defines it", "[lsp]") {
  auto index = index_tree(fixture("python"));
  LspQueries q(*index);
  // app.py line 9: `    print(label("apple"))`, the cursor on `label`.
  auto d = q.definition("app.py", 9, 12);
  REQUIRE(d);
  CHECK(d->location.file == "shop/util/fmt.py");
  CHECK(d->location.range.start_line == 8);
  CHECK(d->location.range.start_col == 1);
  CHECK(std::string(d->kind) == "function");
  CHECK(d->header == "def label(item)");
  CHECK(q.definition("app.py", 1, 1) == std::nullopt);         // `import`: nothing defined here
  CHECK(q.definition("nowhere.py", 1, 1) == std::nullopt);     // not in the index
}

TEST_CASE("hover shows a function's whole signature, across lines", "[lsp]") {
  auto index = index_tree(fixture("cpp"));
  LspQueries q(*index);
  // src/main.cpp line 9 calls geo::total_area.
  auto d = q.definition("src/main.cpp", 9, 23);  // inside `total_area` (columns 21-30)
  REQUIRE(d);
  CHECK(d->location.file == "include/geo/shape.hpp");
  CHECK(d->header == "double total_area(const std::vector<const Shape*>& shapes, double scale = 1.0);");
  CHECK(d->references == 1);
}

TEST_CASE("references list every resolved call of the definition", "[lsp]") {
  auto index = index_tree(fixture("python"));
  LspQueries q(*index);
  auto refs = q.references("shop/pricing.py", 4, 6);  // on `def price_of`
  REQUIRE(refs.size() == 2);
  CHECK(refs[0].file == "shop/cart.py");
  CHECK(refs[0].range.start_line == 33);
  CHECK(refs[1].file == "shop/util/fmt.py");
  CHECK(refs[1].range.start_line == 9);
  CHECK(refs[1].range.start_col == 29);
  CHECK(refs[1].range.end_col == 37);
}

TEST_CASE("completions offer the file's own names, its imports', then the repository's", "[lsp]") {
  auto index = index_tree(fixture("typescript"));
  LspQueries q(*index);
  auto local = q.completions("src/services/api.ts", 1, 1, "ca");
  REQUIRE_FALSE(local.empty());
  CHECK(local[0].label == "cached");
  CHECK(local[0].kind == 1);  // Function
  auto imported = q.completions("src/services/api.ts", 1, 1, "Us");
  REQUIRE(imported.size() == 2);  // user.ts's names, in its order
  CHECK(imported[0].label == "UserId");
  CHECK(imported[0].kind == 4);  // Variable (a type alias)
  CHECK(imported[1].label == "User");
  CHECK(imported[1].kind == 5);  // Class
  CHECK(imported[1].detail == "User(Entity,Named)  src/models/user.ts");
  auto global = q.completions("src/services/api.ts", 1, 1, "loadB");
  REQUIRE(global.size() == 1);
  CHECK(global[0].label == "loadBadge");
}

TEST_CASE("columns count UTF-16 code units, as editors do", "[lsp]") {
  acdc::test::TempDir dir;
  // "é" is 2 bytes and 1 UTF-16 unit; "𝄞" is 4 bytes and 2 units.
  acdc::test::write_file(dir.path() / "m.py", "def target(x):\n    return x\n\ns = 'é𝄞'; target(s)\n");
  auto index = index_tree(dir.path());
  LspQueries q(*index);
  // `target` on line 4 spans UTF-16 columns 12-17 (bytes 15-20).
  auto d = q.definition("m.py", 4, 13);
  REQUIRE(d);
  CHECK(d->location.range.start_line == 1);
  auto refs = q.references("m.py", 1, 5);
  REQUIRE(refs.size() == 1);
  CHECK(refs[0].range.start_col == 12);
  CHECK(refs[0].range.end_col == 18);
}
