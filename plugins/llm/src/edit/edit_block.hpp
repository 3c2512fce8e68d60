// edit/edit_block.hpp -- the values the edit-block protocol produces
// (acdc-features.md §4.3): a parsed block, the outcome of applying one, and
// the outcome of applying a whole answer.
//
//   EditBlock b{.file_path = "src/a.py", .old_text = "x = 1", .new_text = "x = 2"};
//   EditResult r = ...;   // r.status == "applied", r.message == "Edit applied."
#pragma once

#include <string>
#include <vector>

namespace acdc::llm {

struct EditBlock {
  std::string file_path;
  std::string old_text;   // lines joined with "\n", no trailing newline
  std::string new_text;
  bool is_create = false; // the old section is empty or whitespace only
  bool completed = true;  // false: the stream ended inside the block; never applied
};

// Status and error_type strings are the wire values of §4.3.
struct EditResult {
  std::string file;
  std::string status;      // applied | already_applied | validated | failed | skipped | not_in_context
  std::string message;
  std::string error_type;  // "" | anchor_not_found | ambiguous_anchor | file_not_found | write_error | validation_error
  std::string old_preview;
  std::string new_preview;
};

struct ApplyOutcome {
  std::vector<EditResult> results;
  std::vector<std::string> files_modified;
  std::vector<std::string> files_created;
  std::vector<std::string> files_auto_added;
  int passed = 0;
  int already_applied = 0;
  int failed = 0;
  int skipped = 0;
  int not_in_context = 0;
};

}  // namespace acdc::llm
