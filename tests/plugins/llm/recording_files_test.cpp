// RecordingFiles (edit/recording_files.hpp): what an answer's edits changed,
// as undo needs it.
#include "edit/edit_applier.hpp"
#include "edit/recording_files.hpp"
#include "edit_test_support.hpp"

#include <catch2/catch.hpp>

using namespace acdc::llm;
using namespace acdc::llm::test;

TEST_CASE("each file an answer writes is recorded once, with its text before the first write and after the last") {
  MemoryFiles disk;
  disk.files = {{"a.py", "v = 1\nw = 1\n"}};
  RecordingFiles files(disk);
  EditApplier applier(files);
  applier.apply({{.file_path = "a.py", .old_text = "v = 1", .new_text = "v = 2"},
                 {.file_path = "a.py", .old_text = "w = 1", .new_text = "w = 2"},
                 {.file_path = "new.py", .old_text = "", .new_text = "x = 0", .is_create = true}},
                {"a.py"});
  const auto& changes = files.changes();
  REQUIRE(changes.size() == 2);
  CHECK(changes[0].path == "a.py");
  CHECK(changes[0].before == "v = 1\nw = 1\n");
  CHECK(changes[0].after == disk.files["a.py"]);
  CHECK(changes[1].path == "new.py");
  CHECK_FALSE(changes[1].before);  // created: undo removes it
  CHECK(changes[1].after == disk.files["new.py"]);
}

TEST_CASE("a write that fails records nothing, so undo never puts back what was never changed") {
  MemoryFiles disk;
  disk.files = {{"taken.py", "old\n"}};
  RecordingFiles files(disk);
  CHECK_THROWS_AS(files.create("taken.py", "new\n"), FileAccessError);
  CHECK(files.changes().empty());
}
