// Search/replace matching of bb7.md §8.1: the five passes, uniqueness,
// replace_all, re-indentation, boundary prefixes, and the error texts the
// send pipeline passes on to the model.
#include "bb7/edit/replace.hpp"

#include <acdc/sdk/error.hpp>
#include <catch2/catch.hpp>

using acdc::adapters::bb7::replace_text;

namespace {

std::string error_of(std::string_view content, std::string_view old_s, std::string_view new_s, bool all = false) {
  try {
    replace_text(content, old_s, new_s, all);
  } catch (const acdc::Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("an exact single-line match is replaced and the file ends with a newline") {
  CHECK(replace_text("a\nb\nc", "b", "B", false) == "a\nB\nc\n");
}

TEST_CASE("multi-line replace, insert and delete") {
  CHECK(replace_text("a\nb\nc\nd\n", "b\nc", "X", false) == "a\nX\nd\n");
  CHECK(replace_text("a\nb\n", "a", "a\nnew", false) == "a\nnew\nb\n");
  CHECK(replace_text("a\nb\nc\n", "b\n", "", false) == "a\nc\n");
}

TEST_CASE("identical old and new strings are a no-op error") {
  CHECK(error_of("a\n", "a", "a") == "old_string and new_string are identical (no-op)");
}

TEST_CASE("an empty old_string only fills a blank file") {
  CHECK(replace_text("", "", "hello\n", false) == "hello\n");
  CHECK(replace_text(" \n\n", "", "hello", false) == "hello");
  CHECK(error_of("x\n", "", "y") == "old_string is empty but file has content");
}

TEST_CASE("no match and several matches say so, with 1-based lines") {
  CHECK(error_of("a\nb\n", "zzz", "y") == "old_string not found in file");
  CHECK(error_of("x\ny\nx\ny\n", "x\ny", "z") == "old_string not unique (2 matches at lines 1, 3)");
}

TEST_CASE("replace_all replaces every match from the bottom up") {
  CHECK(replace_text("x\ny\nx\n", "x", "zz\nzz", true) == "zz\nzz\ny\nzz\nzz\n");
}

TEST_CASE("CRLF files match LF old strings and come back with LF") {
  CHECK(replace_text("a\r\nb\r\nc\r\n", "b\nc", "B", false) == "a\nB\n");
}

TEST_CASE("pass 2: trailing spaces and tabs are ignored") {
  CHECK(replace_text("foo();   \nbar();\t\n", "foo();\nbar();", "baz();", false) == "baz();\n");
}

TEST_CASE("pass 3: a match with different indentation re-indents new to the file") {
  const std::string file = "void f() {\n        if (x) {\n            go();\n        }\n}\n";
  // The model dropped the indentation of old and wrote new the same way.
  CHECK(replace_text(file, "if (x) {\n    go();\n}", "if (x) {\n    stop();\n    go();\n}", false) ==
        "void f() {\n        if (x) {\n            stop();\n            go();\n        }\n}\n");
}

TEST_CASE("pass 3: when new is already indented differently from old, it is kept as written") {
  const std::string file = "  a();\n  b();\n";
  CHECK(replace_text(file, "a();\nb();", "  c();", false) == "  c();\n");
}

TEST_CASE("pass 3: tabs against spaces replace the whole indent") {
  CHECK(replace_text("\tcall();\n", "    call();", "    call(1);", false) == "\tcall(1);\n");
}

TEST_CASE("pass 3: the file less indented than old removes the difference") {
  CHECK(replace_text("x = 1;\ny = 2;\n", "    x = 1;\n    y = 2;", "    x = 3;\n    y = 4;", false) == "x = 3;\ny = 4;\n");
}

TEST_CASE("pass 4: a truncated boundary line of 8+ characters matches, and comes back whole") {
  const std::string file = "int compute_total(int a, int b) {\n  return a + b;\n}\n";
  CHECK(replace_text(file, "int compute_total(\n  return a + b;", "int compute_total(\n  return a * b;", false) ==
        "int compute_total(int a, int b) {\n  return a * b;\n}\n");
}

TEST_CASE("pass 4 needs two lines and a prefix of at least 8 characters") {
  // One line is never a boundary match; it falls through to the substring pass.
  CHECK(replace_text("int compute_total(int a) {}\n", "int compute_total(", "int sum(", false) == "int sum(int a) {}\n");
  CHECK(error_of("int cx(int a) {\n  return a;\n}\n", "int cx(\n  return a;", "y") == "old_string not found in file");
}

TEST_CASE("pass 5: a raw substring inside a line is the last resort") {
  CHECK(replace_text("call(alpha, beta);\n", "alpha", "gamma", false) == "call(gamma, beta);\n");
  CHECK(replace_text("no newline at end", "newline", "NEWLINE", false) == "no NEWLINE at end");
  CHECK(error_of("ab ab\n", "ab", "c") == "old_string not unique (multiple substring matches)");
  CHECK(replace_text("ab ab\n", "ab", "c", true) == "c c\n");
}
