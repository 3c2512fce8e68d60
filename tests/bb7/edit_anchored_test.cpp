// Anchored changes of bb7.md §8.2: start and end anchors, no-ops dropped,
// overlaps refused, all or nothing, line endings.
#include "bb7/edit/anchored.hpp"

#include <catch2/catch.hpp>

using acdc::adapters::bb7::AnchoredChange;
using acdc::adapters::bb7::AnchoredError;
using acdc::adapters::bb7::apply_anchored;

namespace {

std::string error_of(std::string_view content, const std::vector<AnchoredChange>& changes, std::size_t* index = nullptr) {
  try {
    apply_anchored(content, changes);
  } catch (const AnchoredError& e) {
    if (index) *index = e.index;
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("a start anchor alone replaces exactly its lines") {
  CHECK(apply_anchored("a\nb\nc\n", {{{"b"}, {}, {"B1", "B2"}}}) == "a\nB1\nB2\nc\n");
}

TEST_CASE("start and end anchors replace the region between them, inclusive") {
  CHECK(apply_anchored("f() {\n  x;\n  y;\n}\nrest\n", {{{"f() {"}, {"}"}, {"f() {}"}}}) == "f() {}\nrest\n");
}

TEST_CASE("the end anchor is only searched after the start anchor") {
  CHECK(apply_anchored("}\nbegin\nmiddle\n}\n", {{{"begin"}, {"}"}, {"X"}}}) == "}\nX\n");
  std::size_t index = 99;
  CHECK(error_of("end\nbegin\n", {{{"begin"}, {"end"}, {"X"}}}, &index) == "end: anchor not found");
  CHECK(index == 1);
}

TEST_CASE("an anchor that is missing or not unique names the change") {
  std::size_t index = 0;
  CHECK(error_of("a\n", {{{"a"}, {}, {"A"}}, {{"zzz"}, {}, {"Z"}}}, &index) == "anchor not found");
  CHECK(index == 2);
  CHECK(error_of("x\ny\nx\n", {{{"x"}, {}, {"X"}}}) == "anchor not unique (lines 1, 3)");
}

TEST_CASE("anchors match with trailing whitespace and re-indent on a trimmed match") {
  CHECK(apply_anchored("a  \n", {{{"a"}, {}, {"b"}}}) == "b\n");
  CHECK(apply_anchored("    if (x) {\n", {{{"if (x) {"}, {}, {"if (y) {"}}}) == "    if (y) {\n");
}

TEST_CASE("overlapping regions are refused and nothing is applied") {
  std::size_t index = 99;
  CHECK(error_of("a\nb\nc\n", {{{"a", "b"}, {}, {"X"}}, {{"b", "c"}, {}, {"Y"}}}, &index) ==
        "regions overlap (lines 1-2 and 2-3)");
  CHECK(index == 0);
}

TEST_CASE("a change equal to its region is dropped as a no-op") {
  CHECK(apply_anchored("a\nb\n", {{{"a"}, {}, {"a"}}, {{"b"}, {}, {"B"}}}) == "a\nB\n");
}

TEST_CASE("several changes apply bottom-up, and CRLF input comes back as LF with a final newline") {
  CHECK(apply_anchored("1\r\n2\r\n3\r\n4", {{{"1"}, {}, {"one"}}, {{"4"}, {}, {"four", "4.5"}}}) == "one\n2\n3\nfour\n4.5\n");
}

TEST_CASE("empty content deletes the region") {
  CHECK(apply_anchored("keep\ndrop\nkeep2\n", {{{"drop"}, {}, {}}}) == "keep\nkeep2\n");
}
