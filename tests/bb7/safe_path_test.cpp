// The path rules of bb7.md §12: traversal variants refused, odd but legal
// names accepted, .git/ refused, absolute paths classified, symlink escapes
// caught.
#include "bb7/safe_path.hpp"
#include "support/temp_dir.hpp"

#include <acdc/sdk/error.hpp>
#include <catch2/catch.hpp>

#include <filesystem>

namespace bb7 = acdc::adapters::bb7;
namespace fs = std::filesystem;

namespace {

std::string join_error(std::string_view rel) {
  try {
    bb7::join_under("/base", rel);
  } catch (const acdc::Error& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("traversal variants are refused") {
  for (const char* bad : {"..", "../x", "a/../../x", "a/b/../../../x", "./../x", "a/./../../x", "../../etc/passwd",
                          "x/../..", "dir/.."})
    CHECK(join_error(bad) != "(accepted)");
  CHECK(join_error("../x") == "path escapes base directory");
  CHECK(join_error("/etc/passwd") == "absolute paths not allowed for internal files");
  CHECK(join_error(std::string_view("a\0b", 3)) == "invalid path");
}

TEST_CASE("odd but legal names stay inside") {
  for (const char* ok : {"...", "..hidden", "file..go", "a/..b/c", "dir/./file"})
    CHECK(join_error(ok) == "(accepted)");
  CHECK(bb7::join_under("/base", "a/./b") == fs::path("/base/a/b"));
}

TEST_CASE("a path into .git/ is refused as the repo plugin refuses it, a name that only looks like one is not") {
  for (const char* bad : {".git/hooks/pre-commit", "a/.GIT/config", "./.git/x", "a/../.git/x"})
    CHECK(join_error(bad) == "paths inside .git/ are not allowed");
  for (const char* ok : {".gitignore", "x.git/a", ".github/workflows/ci.yml", "a/.gitmodules"})
    CHECK(join_error(ok) == "(accepted)");
}

TEST_CASE("absolute context paths: inside the project relative, outside external") {
  auto in = bb7::classify_context_path("/proj", "/proj/src/a.c");
  CHECK(in.path == "src/a.c");
  CHECK_FALSE(in.external);
  auto out = bb7::classify_context_path("/proj", "/projection/a.c");
  CHECK(out.external);
  CHECK(out.path == "/projection/a.c");
}

TEST_CASE("a symlink out of the project is an escape for writes") {
  acdc::test::TempDir root, outside;
  fs::create_directory_symlink(outside.path(), root.path() / "link");
  CHECK_THROWS_WITH(bb7::ensure_inside(root.path(), root.path() / "link" / "new.txt"), "path escapes base directory");
  CHECK_NOTHROW(bb7::ensure_inside(root.path(), root.path() / "sub" / "new.txt"));
}
