// Incremental updates: after any change to the tree, the index's map is the
// one a fresh index of the tree would render, and only what changed was
// parsed (acdc-features.md §4.2 step 3: re-index what changed, not the tree).
#include "symbol_test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace acdc::symbols;
using namespace acdc::symbols::test;

namespace {

// Writes `text` over `file` with an mtime a second past the one it had: a
// write of the same size within one tick of a coarse file system clock
// would otherwise keep the mtime the index saw, and look unchanged.
void rewrite(const std::filesystem::path& file, const std::string& text) {
  const auto before = std::filesystem::last_write_time(file);
  acdc::test::write_file(file, text);
  std::filesystem::last_write_time(file, before + std::chrono::seconds(1));
}

}  // namespace

TEST_CASE("an edited file is parsed again, alone, and the map matches a fresh index", "[incremental]") {
  acdc::test::TempDir dir;
  copy_tree(fixture("python"), dir.path());
  auto index = index_tree(dir.path());
  // pricing.py gains a function that fmt.py now calls, and loses apply_tax,
  // which cart.py calls: resolution changes in files that were not edited.
  rewrite(dir.path() / "shop/pricing.py",
                         "PRICES = {}\n\n\ndef price_of(item, *modifiers, **options) -> float:\n    return 1.0\n\n\n"
                         "def discount(amount):\n    return amount\n");
  rewrite(dir.path() / "shop/util/fmt.py",
                         "from ..pricing import discount, price_of\n\n\ndef money(value):\n    return discount(value)\n");
  UpdateStats s = update_tree(*index);
  CHECK(s.parsed == 2);
  CHECK(s.changed == std::vector<std::string>{"shop/pricing.py", "shop/util/fmt.py"});
  std::string incremental = index->map_text();
  CHECK(incremental == index_tree(dir.path())->map_text());
  CHECK(incremental.find("f discount(amount) ←1") != std::string::npos);
  CHECK(incremental.find("apply_tax(amount") == std::string::npos);
  CHECK(incremental.find("p total()->float →price_of\n") != std::string::npos);  // apply_tax no longer resolves
}

TEST_CASE("files added and removed outside acdc join and leave the map", "[incremental]") {
  acdc::test::TempDir dir;
  copy_tree(fixture("javascript"), dir.path());
  auto index = index_tree(dir.path());
  acdc::test::write_file(dir.path() / "src/extra.js", "import { shout } from './util/format.js';\nexport const loud = () => shout('x');\n");
  std::filesystem::remove(dir.path() / "src/store.js");
  UpdateStats s = update_tree(*index);
  CHECK(s.parsed == 1);
  CHECK(s.removed == 1);
  std::string map = index->map_text();
  CHECK(map == index_tree(dir.path())->map_text());
  CHECK(map.find("src/extra.js:") != std::string::npos);
  CHECK(map.find("src/store.js") == std::string::npos);
  CHECK(map.find("src/util/format.js: ←5") != std::string::npos);  // one more import and one more call
}

TEST_CASE("nothing changed: nothing is parsed or rendered", "[incremental]") {
  auto index = index_tree(fixture("cpp"));
  UpdateStats s = update_tree(*index);
  CHECK(s.parsed == 0);
  CHECK(s.rendered == 0);
  CHECK(s.changed.empty());
}

TEST_CASE("a touched but unchanged file is read, not parsed", "[incremental]") {
  acdc::test::TempDir dir;
  copy_tree(fixture("c"), dir.path());
  auto index = index_tree(dir.path());
  rewrite(dir.path() / "src/main.c", acdc::test::read_file(dir.path() / "src/main.c"));
  UpdateStats s = update_tree(*index);
  CHECK(s.parsed == 0);
  CHECK(s.changed.empty());
}

TEST_CASE("a first index in batches can be read as it goes and ends as a single update would", "[incremental]") {
  acdc::test::TempDir dir;
  copy_tree(fixture("python"), dir.path());
  for (int i = 0; i < 7; ++i)
    acdc::test::write_file(dir.path() / ("extra/mod" + std::to_string(i) + ".py"),
                           "from shop.pricing import price_of\n\n\ndef use" + std::to_string(i) + "():\n    return price_of(1)\n");
  RepoIndex batched(dir.path(), {.threads = 2, .batch_files = 3});
  std::vector<std::size_t> seen;  // files readable while later batches parse
  std::vector<SkippedFile> unlisted;
  const auto paths = walk_directory(dir.path(), unlisted);
  UpdateStats s = batched.update(paths, [&](std::size_t, std::size_t) { seen.push_back(batched.file_count()); });
  REQUIRE(s.files > 6);
  CHECK(s.parsed == s.files);
  CHECK(std::find_if(seen.begin(), seen.end(), [&](std::size_t n) { return n > 0 && n < s.files; }) != seen.end());
  CHECK(batched.map_text() == index_tree(dir.path())->map_text());
  CHECK(batched.map_text().find("f use6()") != std::string::npos);
}
