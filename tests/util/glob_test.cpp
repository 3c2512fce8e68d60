// Path globs (acdc/util/glob.hpp): the repo tools' paths, app.yaml's permissions: rules.
#include <acdc/util/glob.hpp>

#include <catch2/catch.hpp>

using namespace acdc::util;

TEST_CASE("globs: * within a segment, ** across them, a bare glob matches the file name") {
  CHECK(glob_match("src/**/*.cpp", "src/a.cpp"));
  CHECK(glob_match("src/**/*.cpp", "src/net/http/x.cpp"));
  CHECK_FALSE(glob_match("src/*.cpp", "src/net/x.cpp"));
  CHECK(glob_match("*.py", "deep/in/tree/m.py"));
  CHECK_FALSE(glob_match("*.py", "m.pyc"));
  CHECK(glob_match("docs/", "docs/a/b.md"));
  CHECK(glob_match("./src/?.h", "src/a.h"));
  CHECK_FALSE(glob_match("src/?.h", "src/ab.h"));
  CHECK(glob_match("**/test_*.py", "test_a.py"));
  CHECK(matches_any({}, "anything"));
  CHECK(matches_any({"*.md", "src/**"}, "src/x.c"));
  CHECK_FALSE(matches_any({"*.md"}, "src/x.c"));
}

TEST_CASE("a glob's root: the directory all its matches lie below, empty when any directory may hold one") {
  CHECK(glob_root("smart_ptr/**") == "smart_ptr");
  CHECK(glob_root("smart_ptr/detail/*.hpp") == "smart_ptr/detail");
  CHECK(glob_root("./src/?.h") == "src");
  CHECK(glob_root("src/main.c") == "src");
  CHECK(glob_root("docs/") == "docs");
  CHECK(glob_root("*.py").empty());
  CHECK(glob_root("**/test_*.py").empty());
  CHECK(glob_root("s*/x.h").empty());
  // Whatever the root, every match is below it.
  for (const char* g : {"smart_ptr/**", "src/**/*.cpp", "src/main.c", "docs/"})
    for (const char* p : {"smart_ptr/a.hpp", "src/x/y.cpp", "src/main.c", "docs/a/b.md"})
      if (glob_match(g, p)) CHECK(std::string(p).starts_with(glob_root(g) + "/"));
}
