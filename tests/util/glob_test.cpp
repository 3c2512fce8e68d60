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
