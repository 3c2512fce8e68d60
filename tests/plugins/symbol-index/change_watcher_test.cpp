// The change watcher: a turn re-reads only the files the kernel reported;
// when the file list itself may have changed it asks for a sweep.
#include "index/change_watcher.hpp"
#include "symbol_test_support.hpp"

#include <catch2/catch.hpp>

using namespace acdc::symbols;
using namespace acdc::symbols::test;

TEST_CASE("edits to watched files are reported, nothing else is", "[watch]") {
  acdc::test::TempDir dir;
  copy_tree(fixture("python"), dir.path());
  auto index = index_tree(dir.path());
  ChangeWatcher w(dir.path());
  REQUIRE(w.watch({"app.py", "shop/cart.py", "shop/util/fmt.py"}));
  CHECK(w.take().touched.empty());
  acdc::test::write_file(dir.path() / "shop/util/fmt.py", "def money(v):\n    return v\n");
  acdc::test::write_file(dir.path() / "shop/notes.txt", "not source\n");
  auto changes = w.take();
  CHECK_FALSE(changes.sweep);
  CHECK(changes.touched == std::vector<std::string>{"shop/util/fmt.py"});
  UpdateStats s = index->update_files(changes.touched);
  CHECK(s.parsed == 1);
  CHECK(index->map_text() == index_tree(dir.path())->map_text());
  CHECK(w.take().touched.empty());  // each change is reported once
}

TEST_CASE("a deleted or atomically replaced file is touched, and update_files drops or re-reads it", "[watch]") {
  acdc::test::TempDir dir;
  copy_tree(fixture("javascript"), dir.path());
  auto index = index_tree(dir.path());
  ChangeWatcher w(dir.path());
  REQUIRE(w.watch({"src/index.js", "src/store.js", "src/util/format.js"}));
  std::filesystem::remove(dir.path() / "src/store.js");
  acdc::test::write_file(dir.path() / "src/util/.format.js.tmp", "export function formatPrice() {}\n");
  std::filesystem::rename(dir.path() / "src/util/.format.js.tmp", dir.path() / "src/util/format.js");
  auto changes = w.take();
  CHECK_FALSE(changes.sweep);
  CHECK(changes.touched == std::vector<std::string>{"src/store.js", "src/util/format.js"});
  UpdateStats s = index->update_files(changes.touched);
  CHECK(s.removed == 1);
  CHECK(s.parsed == 1);
  CHECK(index->map_text() == index_tree(dir.path())->map_text());
}

TEST_CASE("a new directory asks for a sweep", "[watch]") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / "src/a.py", "x = 1\n");
  ChangeWatcher w(dir.path());
  REQUIRE(w.watch({"src/a.py"}));
  std::filesystem::create_directories(dir.path() / "src/pkg");
  CHECK(w.take().sweep);
}

TEST_CASE("a watcher that could not start asks for a sweep every time", "[watch]") {
  ChangeWatcher w("/nonexistent/acdc-watch-root");
  CHECK_FALSE(w.watch({"a.py"}));
  CHECK_THAT(w.error(), Catch::Contains("every turn stats every file instead"));
  CHECK(w.take().sweep);
}
