// Path aliases (acdc-features.md §7.2): which prefixes get @N/, in what order,
// and how a path takes the longest one.
#include "render/path_aliases.hpp"
#include "symbol_test_support.hpp"

#include <catch2/catch.hpp>

using namespace acdc::symbols;

TEST_CASE("prefixes of 8+ characters used by 3+ files, ranked by savings", "[aliases]") {
  auto a = PathAliases::compute({"src/ac_dc/symbol_index/a.py", "src/ac_dc/symbol_index/b.py",
                                 "src/ac_dc/symbol_index/c.py", "src/ac_dc/llm/d.py", "src/ac_dc/llm/e.py",
                                 "tests/x.py", "tests/y.py", "tests/z.py"});
  // src/ac_dc/symbol_index/ saves (23-3)*3 = 60, src/ac_dc/ (10-3)*5 = 35:
  // the second is skipped because the first chosen alias starts with it.
  // tests/ is 6 characters: too short.
  REQUIRE(a.prefixes() == std::vector<std::string>{"src/ac_dc/symbol_index/"});
  CHECK(a.apply("src/ac_dc/symbol_index/a.py") == "@1/a.py");
  CHECK(a.apply("src/ac_dc/llm/d.py") == "src/ac_dc/llm/d.py");
  CHECK(a.legend() == "# @1/=src/ac_dc/symbol_index/\n");
}

TEST_CASE("at most five aliases, a path takes the longest that fits", "[aliases]") {
  std::vector<std::string> files;
  for (const char* dir : {"alpha/one/", "bravo/two/", "charlie/three/", "delta/four/", "echo/five/", "foxtrot/six/"})
    for (const char* f : {"a.c", "b.c", "c.c"}) files.push_back(std::string(dir) + f);
  files.push_back("alpha/one/deeper/x.c");
  files.push_back("alpha/one/deeper/y.c");
  files.push_back("alpha/one/deeper/z.c");
  std::vector<std::string_view> views(files.begin(), files.end());
  auto a = PathAliases::compute(views);
  CHECK(a.prefixes().size() == 5);
  // alpha/one/deeper/ ((17-3)*3) and alpha/one/ ((10-3)*6) both save 42;
  // the longer wins, and alpha/one/ is then skipped, being a prefix of it.
  CHECK(a.prefixes().front() == "alpha/one/deeper/");
  CHECK(a.apply("alpha/one/deeper/x.c") == "@1/x.c");
}

TEST_CASE("aliases show in headers and import lines of the map", "[aliases]") {
  acdc::test::TempDir dir;
  for (const char* f : {"a", "b", "c"})
    acdc::test::write_file(dir.path() / "package/module" / (std::string(f) + ".py"), "def " + std::string(f) + "():\n    pass\n");
  acdc::test::write_file(dir.path() / "main.py", "from package.module.a import a\n\na()\n");
  auto index = acdc::symbols::test::index_tree(dir.path());
  std::string map = index->map_text();
  CHECK(map.find("# @1/=package/module/\n") != std::string::npos);
  CHECK(map.find("\n@1/a.py: ←2\n") != std::string::npos);
  CHECK(map.find("\ni→ @1/a.py\n") != std::string::npos);
}
