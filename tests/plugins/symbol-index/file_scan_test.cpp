// What stays out of the index, and why (shown to the user): binary and
// oversized files, links out of the tree, broken links; link loops and odd
// files do not stop the walk.
#include "index/file_scan.hpp"
#include "symbol_test_support.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

using namespace acdc::symbols;
using namespace acdc::symbols::test;

namespace {

std::string reason(const RepoIndex& index, const std::string& path) {
  for (const auto& s : index.skipped())
    if (s.path == path) return s.reason;
  return {};
}

}  // namespace

TEST_CASE("binary, oversized and linked-out files are skipped with their reason", "[scan]") {
  acdc::test::TempDir dir, outside;
  acdc::test::write_file(dir.path() / "ok.py", "def fine():\n    pass\n");
  acdc::test::write_file(dir.path() / "blob.c", std::string("int x;\0\x01\x02", 9));
  acdc::test::write_file(dir.path() / "huge.js", "var a = 1;\n" + std::string(5000, '/'));
  acdc::test::write_file(outside.path() / "secret.py", "def secret():\n    pass\n");
  std::filesystem::create_symlink(outside.path() / "secret.py", dir.path() / "leak.py");
  std::filesystem::create_symlink(dir.path() / "missing.py", dir.path() / "dangling.py");
  std::filesystem::create_symlink(dir.path() / "ok.py", dir.path() / "inside_link.py");
  ::mkfifo((dir.path() / "pipe.py").c_str(), 0600);

  auto index = index_tree(dir.path(), {.threads = 2, .limits = {.max_file_bytes = 4096}});
  CHECK(reason(*index, "blob.c").starts_with("binary"));
  CHECK(reason(*index, "huge.js").starts_with("larger than 4 KiB"));
  CHECK(reason(*index, "leak.py") == "a link to a file outside the repository");
  CHECK(reason(*index, "dangling.py").starts_with("a broken link"));
  CHECK(reason(*index, "pipe.py") == "not a regular file");
  CHECK(index->indexed("ok.py"));
  CHECK(index->indexed("inside_link.py"));
  CHECK(index->map_text().find("secret") == std::string::npos);
}

TEST_CASE("a directory link loop does not trap the walk", "[scan]") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / "a/b/mod.py", "x = 1\n");
  std::filesystem::create_directory_symlink(dir.path() / "a", dir.path() / "a/b/loop");
  std::vector<SkippedFile> skipped;
  CHECK(walk_directory(dir.path(), skipped) == std::vector<std::string>{"a/b/mod.py"});
}

TEST_CASE("hidden directories and other languages are not listed", "[scan]") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / ".git/hooks/x.py", "x = 1\n");
  acdc::test::write_file(dir.path() / ".acdc/state.py", "x = 1\n");
  acdc::test::write_file(dir.path() / "README.md", "# hi\n");
  acdc::test::write_file(dir.path() / "src/m.ts", "export const a = 1;\n");
  std::vector<SkippedFile> skipped;
  CHECK(walk_directory(dir.path(), skipped) == std::vector<std::string>{"src/m.ts"});
}

TEST_CASE("a path given twice, of no indexed language, or gone since it was listed is ignored", "[scan]") {
  acdc::test::TempDir dir;
  acdc::test::write_file(dir.path() / "a.py", "x = 1\n");
  RepoIndex index(dir.path(), {.threads = 1});
  UpdateStats s = index.update({"a.py", "a.py", "notes.txt", "gone.py"});
  CHECK(s.files == 1);
  CHECK(reason(index, "gone.py").empty());  // listed, then deleted: not a file to report
}
