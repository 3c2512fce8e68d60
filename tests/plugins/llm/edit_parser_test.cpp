// The streaming edit-block parser (acdc-features.md §4.3).
#include "edit/edit_parser.hpp"
#include "edit_test_support.hpp"

#include <catch2/catch.hpp>

using namespace acdc::llm;
using namespace acdc::llm::test;

TEST_CASE("a complete block yields path, old and new text joined without a trailing newline") {
  auto blocks = EditParser::parse("Here:\n\n" + block("src/math.py", "def f(a, b):\n    return a + b",
                                                      "def f(a, b):\n    return a * b"));
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].file_path == "src/math.py");
  CHECK(blocks[0].old_text == "def f(a, b):\n    return a + b");
  CHECK(blocks[0].new_text == "def f(a, b):\n    return a * b");
  CHECK_FALSE(blocks[0].is_create);
  CHECK(blocks[0].completed);
}

TEST_CASE("the same answer fed one byte at a time parses identically") {
  std::string text = block("a.txt", "x", "y") + "prose\n" + block("b/c.txt", "", "new file");
  EditParser parser;
  for (char c : text) parser.feed(std::string_view(&c, 1));
  auto blocks = parser.finish();
  REQUIRE(blocks.size() == 2);
  CHECK(blocks[0].file_path == "a.txt");
  CHECK(blocks[1].file_path == "b/c.txt");
  CHECK(blocks[1].is_create);
  CHECK(blocks[1].new_text == "new file");
}

TEST_CASE("an empty or whitespace-only old section means create") {
  auto blocks = EditParser::parse(block("new.md", "   \n", "# Title"));
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].is_create);
}

TEST_CASE("markers are compared after trimming, and a wrapping fence or blank line is tolerated") {
  std::string text = "src/a.c\n```\n\n  " + kEdit + "  \r\nold\n" + kRepl + "\t\nnew\n " + kEnd + "\n```\n";
  auto blocks = EditParser::parse(text);
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].old_text == "old");
  CHECK(blocks[0].new_text == "new");
}

TEST_CASE("a later path line replaces the pending one, prose drops it") {
  auto replaced = EditParser::parse("a.py\nb.py\n" + kEdit + "\nx\n" + kRepl + "\ny\n" + kEnd + "\n");
  REQUIRE(replaced.size() == 1);
  CHECK(replaced[0].file_path == "b.py");
  auto dropped = EditParser::parse("a.py\nthis is prose\n" + kEdit + "\nx\n" + kRepl + "\ny\n" + kEnd);
  CHECK(dropped.empty());
}

TEST_CASE("a block cut off by the end of the stream is incomplete and keeps its text") {
  auto blocks = EditParser::parse("src/a.py\n" + kEdit + "\nold line\n" + kRepl + "\nnew li");
  REQUIRE(blocks.size() == 1);
  CHECK_FALSE(blocks[0].completed);
  CHECK(blocks[0].new_text == "new li");
}

TEST_CASE("a duplicated REPL marker becomes literal new text") {
  auto blocks = EditParser::parse("a.py\n" + kEdit + "\nx\n" + kRepl + "\n" + kRepl + "\ny\n" + kEnd + "\n");
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].new_text == kRepl + "\ny");
}

TEST_CASE("ASCII look-alike markers are not markers") {
  CHECK(EditParser::parse("a.py\n<<< EDIT\nx\n>>> REPL\ny\n=== END\n").empty());
}

TEST_CASE("the file-path predicate follows the backend rules") {
  for (const char* yes : {"src/a.py", "a\\b.c", "main.cpp", ".gitignore", ".env.local", "Makefile",
                          "LICENSE", "my-file.test.ts"})
    CHECK(EditParser::is_file_path(yes));
  const std::string too_long(250, 'a');
  for (const char* no : {"", "# heading.md", "// a/b", "* item.c", "- a/b", "> quote.py", "```python",
                         "two words.txt here", "dir/with space", too_long.c_str()})
    CHECK_FALSE(EditParser::is_file_path(no));
}

TEST_CASE("agent spawn blocks are skipped, edits after them still parse") {
  std::string agent = "\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7\xF0\x9F\x9F\xA7 AGENT\nid: a1\ntask: do.it\n"
                      "\xF0\x9F\x9F\xA9\xF0\x9F\x9F\xA9\xF0\x9F\x9F\xA9 AGEND\n";
  auto blocks = EditParser::parse(agent + block("x.py", "a", "b"));
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].file_path == "x.py");
}
