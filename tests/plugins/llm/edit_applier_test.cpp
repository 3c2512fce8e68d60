// Applying edit blocks (acdc-features.md §4.3 "Apply pipeline"): statuses,
// messages and error types as the webapp keys on them.
#include "edit/edit_applier.hpp"
#include "edit_test_support.hpp"

#include <catch2/catch.hpp>

using namespace acdc::llm;
using namespace acdc::llm::test;

namespace {

EditBlock edit(std::string path, std::string old_text, std::string new_text) {
  bool create = old_text.empty();
  return EditBlock{std::move(path), std::move(old_text), std::move(new_text), create, true};
}

}  // namespace

TEST_CASE("a unique anchor is replaced, written once and listed as modified") {
  MemoryFiles files;
  files.files["a.py"] = "def f(a, b):\n    return a + b\n";
  auto out = EditApplier(files).apply({edit("a.py", "return a + b", "return a * b")}, {"a.py"});
  REQUIRE(out.results.size() == 1);
  CHECK(out.results[0].status == "applied");
  CHECK(out.results[0].message == "Edit applied.");
  CHECK(out.results[0].error_type.empty());
  CHECK(files.files["a.py"] == "def f(a, b):\n    return a * b\n");
  CHECK(out.files_modified == std::vector<std::string>{"a.py"});
  CHECK(out.passed == 1);
}

TEST_CASE("an anchor that matches twice fails as ambiguous and writes nothing") {
  MemoryFiles files;
  files.files["a.py"] = "x = 1\nx = 1\n";
  auto out = EditApplier(files).apply({edit("a.py", "x = 1", "x = 2")}, {"a.py"});
  CHECK(out.results[0].status == "failed");
  CHECK(out.results[0].error_type == "ambiguous_anchor");
  CHECK(out.results[0].message ==
        "Ambiguous anchor: matches 2 locations. Include more surrounding context lines for a unique match.");
  CHECK(files.writes == 0);
  CHECK(out.failed == 1);
}

TEST_CASE("anchor not found comes with one of three diagnostics") {
  MemoryFiles files;
  files.files["a.py"] = "def f():\n\treturn 1\n";
  EditApplier applier(files);
  auto ws = applier.apply({edit("a.py", "def f():\n    return 1", "z")}, {"a.py"});
  CHECK(ws.results[0].error_type == "anchor_not_found");
  CHECK_THAT(ws.results[0].message, Catch::StartsWith("Old text not found — whitespace mismatch likely."));
  auto first = applier.apply({edit("a.py", "def f():\n    return 2", "z")}, {"a.py"});
  CHECK_THAT(first.results[0].message, Catch::StartsWith("Old text not found — first line matches"));
  auto none = applier.apply({edit("a.py", "class G:", "z")}, {"a.py"});
  CHECK_THAT(none.results[0].message, Catch::StartsWith("Old text not found in file."));
  CHECK(files.writes == 0);
}

TEST_CASE("an edit whose new text is already present is already applied") {
  MemoryFiles files;
  files.files["a.py"] = "x = 2\n";
  auto out = EditApplier(files).apply({edit("a.py", "x = 1", "x = 2")}, {"a.py"});
  CHECK(out.results[0].status == "already_applied");
  CHECK(out.results[0].message == "New content already present in file.");
  CHECK(out.already_applied == 1);
}

TEST_CASE("a file not in context is not touched and is auto-added once") {
  MemoryFiles files;
  files.files["b.py"] = "y = 1\n";
  auto out = EditApplier(files).apply({edit("b.py", "y = 1", "y = 2"), edit("b.py", "y", "z")}, {});
  CHECK(out.results[0].status == "not_in_context");
  CHECK(out.results[0].message == "File is not in active context. Added to selection for retry on next request.");
  CHECK(out.files_auto_added == std::vector<std::string>{"b.py"});
  CHECK(out.not_in_context == 2);
  CHECK(files.files["b.py"] == "y = 1\n");
}

TEST_CASE("creates bypass the context check and refuse to overwrite different content") {
  MemoryFiles files;
  files.files["old.txt"] = "keep\n";
  auto out = EditApplier(files).apply(
      {edit("new.txt", "", "hello"), edit("old.txt", "", "other"), edit("same.txt", "", "s")}, {});
  CHECK(out.results[0].status == "applied");
  CHECK(out.results[0].message == "File created.");
  CHECK(files.files["new.txt"] == "hello");
  CHECK(out.results[1].status == "failed");
  CHECK(out.results[1].error_type == "validation_error");
  CHECK(out.results[1].message == "Cannot create: file already exists with different content.");
  CHECK(files.files["old.txt"] == "keep\n");
  CHECK(out.files_created == std::vector<std::string>{"new.txt", "same.txt"});
}

TEST_CASE("creating a file that already has the content is already applied") {
  MemoryFiles files;
  files.files["a.txt"] = "hello\n";
  auto out = EditApplier(files).apply({edit("a.txt", "", "hello")}, {});
  CHECK(out.results[0].status == "already_applied");
}

TEST_CASE("each block sees the blocks before it") {
  MemoryFiles files;
  files.files["a.py"] = "one\n";
  auto out = EditApplier(files).apply({edit("a.py", "one", "two"), edit("a.py", "two", "three")}, {"a.py"});
  CHECK(out.passed == 2);
  CHECK(files.files["a.py"] == "three\n");
  CHECK(out.files_modified.size() == 1);
}

TEST_CASE("read failures: missing files fail, binary files are skipped") {
  MemoryFiles files;
  files.files["bin.dat"] = "x";
  files.binary.insert("bin.dat");
  auto out = EditApplier(files).apply({edit("gone.py", "a", "b"), edit("bin.dat", "a", "b")},
                                      {"gone.py", "bin.dat"});
  CHECK(out.results[0].status == "failed");
  CHECK(out.results[0].error_type == "file_not_found");
  CHECK(out.results[1].status == "skipped");
  CHECK(out.results[1].error_type == "validation_error");
}

TEST_CASE("a dry run validates without writing, incomplete blocks are never applied") {
  MemoryFiles files;
  files.files["a.py"] = "one\n";
  auto dry = EditApplier(files).apply({edit("a.py", "one", "two")}, {"a.py"}, true);
  CHECK(dry.results[0].status == "validated");
  CHECK(files.writes == 0);
  EditBlock cut = edit("a.py", "one", "tw");
  cut.completed = false;
  CHECK(EditApplier(files).apply({cut}, {"a.py"}).results.empty());
}

TEST_CASE("previews are cut at 200 characters without splitting a character") {
  std::string long_text(150, 'a');
  for (int i = 0; i < 100; ++i) long_text += "\xC3\xA9";
  std::string p = EditApplier::preview(long_text);
  CHECK(p.size() == 150 + 50 * 2 + 3);
  CHECK(p.ends_with("\xC3\xA9..."));
  CHECK(EditApplier::preview("short") == "short");
}

TEST_CASE("a created file is listed as modified too, so it is staged with the edits") {
  MemoryFiles files;
  auto out = EditApplier(files).apply({edit("docs/new.md", "", "hi")}, {});
  CHECK(out.files_created == std::vector<std::string>{"docs/new.md"});
  CHECK(out.files_modified == std::vector<std::string>{"docs/new.md"});
}

TEST_CASE("a CRLF file is matched with the model's LF text and keeps its CRLF endings") {
  MemoryFiles files;
  files.files["a.py"] = "def f():\r\n    return 1\r\n";
  auto out = EditApplier(files).apply({edit("a.py", "def f():\n    return 1", "def f():\n    return 2")}, {"a.py"});
  CHECK(out.results[0].status == "applied");
  CHECK(files.files["a.py"] == "def f():\r\n    return 2\r\n");
  files.files["b.py"] = "x = 1\r\n";
  CHECK(EditApplier(files).apply({edit("b.py", "", "x = 1\n")}, {}).results[0].status == "already_applied");
}

TEST_CASE("anchors are counted without overlaps, as Python's str.count does") {
  MemoryFiles files;
  files.files["x.txt"] = "x\nx\nx\n";
  auto out = EditApplier(files).apply({edit("x.txt", "x\nx", "y\ny")}, {"x.txt"});
  CHECK(out.results[0].status == "applied");
  CHECK(files.files["x.txt"] == "y\ny\nx\n");
}

TEST_CASE("creating over an existing file that cannot be read is skipped with the read error") {
  MemoryFiles files;
  files.files["logo.png"] = "\x89PNG";
  files.binary.insert("logo.png");
  auto out = EditApplier(files).apply({edit("logo.png", "", "text")}, {});
  CHECK(out.results[0].status == "skipped");
  CHECK(out.results[0].error_type == "validation_error");
  CHECK_THAT(out.results[0].message, Catch::Contains("Binary"));
}
